import Geo
import Templates

/// Places on a map with numbered pins, and the same places in a list (CarPlay's
/// `CPPointOfInterestTemplate`): at most twelve.
public struct PointOfInterestScreen: Sendable {
  public static let maximumPoints = 12

  public struct Point: Hashable, Sendable, Identifiable {
    public var id: String
    public var title: String
    /// "350 m · Mannerheimintie 5".
    public var subtitle: String?
    public var coordinate: Coordinate

    public init(id: String, title: String, subtitle: String? = nil, coordinate: Coordinate) {
      self.id = id
      self.title = title
      self.subtitle = subtitle
      self.coordinate = coordinate
    }
  }

  public var title: String
  public var points: [Point]
  /// The point shown selected on the map (its pin larger, in the highlight colour).
  public var selectedID: String?
  /// The map under the pins; nil fits the points.
  public var camera: MapCamera?
  public var layers: [any MapLayer]

  public init(
    title: String, points: [Point], selectedID: String? = nil,
    camera: MapCamera? = nil, layers: [any MapLayer] = []
  ) {
    self.title = title
    self.points = Array(points.prefix(Self.maximumPoints))
    self.selectedID = selectedID
    self.camera = camera
    self.layers = layers
  }
}
