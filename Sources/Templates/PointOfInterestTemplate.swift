/// A map of up to twelve places with a list of them (CarPlay's
/// `CPPointOfInterestTemplate`); the knob walks the list.
public struct PointOfInterestTemplate: Hashable, Sendable, Identifiable {
  public static let maximumPointCount = 12

  public var id: String
  public var title: String
  public var points: [PointOfInterest]

  public init(id: String, title: String, points: [PointOfInterest]) {
    self.id = id
    self.title = title
    self.points = points
  }

  /// Points in list order.
  public var focusOrder: [String] { points.map(\.id) }

  /// Checks the point limit.
  public func validate(for verb: String) throws(TemplateError) {
    if points.count > Self.maximumPointCount {
      throw .rule(
        .tooManyItems, verb, .pointOfInterest, id,
        "\(points.count) points, a point-of-interest template holds at most "
          + "\(Self.maximumPointCount)")
    }
  }
}
