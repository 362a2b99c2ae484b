/// A map of up to twelve places with a list of them (CarPlay's
/// `CPPointOfInterestTemplate`); the knob walks the list. Selecting a point with a detail
/// (``PointOfInterest/hasDetail``) shows it in place of the list, and the knob walks its
/// buttons; back returns to the list.
public struct PointOfInterestTemplate: Hashable, Sendable, Identifiable {
  public static let maximumPointCount = 12
  /// The element id of the system's "Navigate" button on a point's detail.
  public static let navigateElementID = "pointOfInterest.navigate"

  public var id: String
  public var title: String
  public var points: [PointOfInterest]
  /// The point whose detail shows, nil for the list; the controller's, not the app's.
  public var detailPointID: String?

  public init(id: String, title: String, points: [PointOfInterest]) {
    self.id = id
    self.title = title
    self.points = points
  }

  /// The point whose detail shows.
  public var detailPoint: PointOfInterest? {
    detailPointID.flatMap { id in points.first { $0.id == id && $0.hasDetail } }
  }

  /// Points in list order; the detail's buttons while a detail shows.
  public var focusOrder: [String] { detailPoint?.detailFocusOrder ?? points.map(\.id) }

  /// Checks the point limit, and that no app button takes the "Navigate" button's id.
  public func validate(for verb: String) throws(TemplateError) {
    if points.count > Self.maximumPointCount {
      throw .rule(
        .tooManyItems, verb, .pointOfInterest, id,
        "\(points.count) points, a point-of-interest template holds at most "
          + "\(Self.maximumPointCount)")
    }
    if let point = points.first(where: { $0.button?.id == Self.navigateElementID }) {
      throw .rule(
        .duplicateID, verb, .pointOfInterest, id,
        "the button of point \"\(point.id)\" has the id \"\(Self.navigateElementID)\", which "
          + "is the Navigate button's")
    }
  }
}
