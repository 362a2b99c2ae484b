import Geo

/// A place on a point-of-interest template (CarPlay's `CPPointOfInterest`).
///
/// A point with a detail — the system's "Navigate" button (``navigates``), an app's own
/// ``button``, or both — shows it when the driver selects the point: its title, subtitle
/// and summary over the buttons (CarPlay's detail card with its primary and secondary
/// buttons). A point with neither is chosen at once.
public struct PointOfInterest: Hashable, Sendable, Identifiable {
  public var id: String
  public var title: String
  public var subtitle: String?
  public var summary: String?
  public var coordinate: Coordinate
  /// Whether the detail offers "Navigate": the point handed to the built-in router, whose
  /// trip preview the driver starts (or not).
  public var navigates: Bool
  /// The app's own button on the detail; its press is the app's.
  public var button: TemplateAction?

  public init(
    id: String, title: String, subtitle: String? = nil, summary: String? = nil,
    coordinate: Coordinate, navigates: Bool = false, button: TemplateAction? = nil
  ) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.summary = summary
    self.coordinate = coordinate
    self.navigates = navigates
    self.button = button
  }

  /// Whether selecting the point shows its detail (it has a button to press).
  public var hasDetail: Bool { navigates || button != nil }

  /// The detail's buttons as element ids, in focus order: "Navigate" first, then the
  /// app's.
  public var detailFocusOrder: [String] {
    (navigates ? [PointOfInterestTemplate.navigateElementID] : []) + (button.map { [$0.id] } ?? [])
  }
}
