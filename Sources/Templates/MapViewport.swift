/// How the driver has moved the map away from following the vehicle: a pan offset and a
/// zoom level (web-map zoom: each level halves the metres per pixel).
///
/// The renderer applies it over the following camera: when `isFollowing` the offset is
/// zero and the camera follows the vehicle at `zoom`.
public struct MapViewport: Hashable, Sendable {
  public static let zoomRange = 3.0...19.0
  /// The zoom "my location" recentres at.
  public static let recentreZoom = 15.0

  /// How far the view has been panned from the vehicle, pixels.
  public var offset: ScreenOffset
  public var zoom: Double
  /// True while the view follows the vehicle (no pan since the last recentre).
  public var isFollowing: Bool

  public init(offset: ScreenOffset = .zero, zoom: Double = recentreZoom, isFollowing: Bool = true) {
    self.offset = offset
    self.zoom = zoom
    self.isFollowing = isFollowing
  }

  /// Changes the zoom by `levels`, kept inside `zoomRange`.
  public mutating func zoom(by levels: Double) {
    zoom = min(Self.zoomRange.upperBound, max(Self.zoomRange.lowerBound, zoom + levels))
  }

  /// Back on the vehicle at `recentreZoom`.
  public mutating func recentre() {
    self = MapViewport()
  }
}
