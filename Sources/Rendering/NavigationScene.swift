import Geo
import MapLayers
import Navigation
import Templates

/// Where the vehicle is drawn and which way it points.
public struct VehiclePose: Hashable, Sendable {
  public var coordinate: Coordinate
  /// Compass bearing of travel, degrees.
  public var heading: Double
  /// The position is dead-reckoned, not from a fresh fix (drawn faded).
  public var isEstimated: Bool

  public init(coordinate: Coordinate, heading: Double, isEstimated: Bool = false) {
    self.coordinate = coordinate
    self.heading = heading
    self.isEstimated = isEstimated
  }
}

/// Everything one frame of the navigation screen shows, as plain values.
///
/// The renderer compares parts of consecutive scenes to decide what to redraw, so
/// content is kept in its displayed form (strings already rounded and worded).
public struct NavigationScene: Sendable {
  public var size: ScreenSize
  public var theme: Theme
  public var camera: MapCamera
  public var route: MapRoute?
  /// Metres along the route driven so far (where travelled ends), nil when unknown.
  public var progress: Double?
  /// Metres along the route of the next maneuver (where the active part ends).
  public var nextManeuverOffset: Double?
  public var vehicle: VehiclePose?
  /// Drawn in order, under the route.
  public var layers: [any MapLayer]
  public var maneuver: ManeuverContent?
  public var secondary: SecondaryContent?
  /// Replaces the guidance card when set.
  public var banner: Banner?
  public var trip: TripContent?
  public var status: StatusContent
  public var template: MapTemplate
  /// The road driven, the speed and limit, and the scale bar and compass; nil shows none.
  public var driver: DriverContent?
  /// The compact Now Playing strip, while something plays; nil shows none.
  public var nowPlaying: NowPlayingStrip?
  /// The words of the screen's own labels ("arrival", "Then", banners) and their language.
  public var text = ScreenText()

  public init(
    size: ScreenSize, theme: Theme, camera: MapCamera, route: MapRoute? = nil,
    progress: Double? = nil, nextManeuverOffset: Double? = nil, vehicle: VehiclePose? = nil,
    layers: [any MapLayer] = [], maneuver: ManeuverContent? = nil,
    secondary: SecondaryContent? = nil, banner: Banner? = nil, trip: TripContent? = nil,
    status: StatusContent, template: MapTemplate = MapTemplate()
  ) {
    self.size = size
    self.theme = theme
    self.camera = camera
    self.route = route
    self.progress = progress
    self.nextManeuverOffset = nextManeuverOffset
    self.vehicle = vehicle
    self.layers = layers
    self.maneuver = maneuver
    self.secondary = secondary
    self.banner = banner
    self.trip = trip
    self.status = status
    self.template = template
  }
}
