import Geo

/// A place on a point-of-interest template (CarPlay's `CPPointOfInterest`).
public struct PointOfInterest: Hashable, Sendable, Identifiable {
  public var id: String
  public var title: String
  public var subtitle: String?
  public var summary: String?
  public var coordinate: Coordinate

  public init(
    id: String, title: String, subtitle: String? = nil, summary: String? = nil,
    coordinate: Coordinate
  ) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.summary = summary
    self.coordinate = coordinate
  }
}
