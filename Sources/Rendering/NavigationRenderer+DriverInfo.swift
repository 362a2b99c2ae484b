import Canvas
import Foundation

/// The driver's overlays as cached items: each keyed by what it shows, so the speed
/// (small) is redrawn when its number changes, the scale bar when its length or label
/// does, the compass when the map turns by a degree or more.
extension NavigationRenderer {
  /// The driver's overlays of `scene` (none without `scene.driver`).
  func driverItems(_ scene: NavigationScene) -> [OverlayItem] {
    guard let driver = scene.driver else { return [] }
    var items: [OverlayItem] = []
    func add(_ slot: String, _ rect: ScreenRect, _ content: OverlayKey.Content) {
      items.append(OverlayItem(slot: slot, rect: rect, content: content, in: scene))
    }
    if let road = driver.road {
      // No room along the bottom: the road shows where the card goes, when no card does.
      let free = scene.maneuver == nil && scene.banner == nil
      let rect = layout.roadName.isEmpty && free ? layout.roadNameInCardPlace : layout.roadName
      add("road", rect, .road(road))
    }
    if let speed = driver.speed { add("speed", layout.speedReadout, .speed(speed)) }
    if let limit = driver.limit { add("limit", layout.speedLimitSign, .speedLimit(limit)) }
    let room = layout.scaleBar.width - 2 * (6 * layout.scale).rounded()
    if let bar = ScaleBar.choose(
      metresPerPixel: scene.camera.metresPerPixel, maxPixels: room, units: driver.units,
      text: scene.text)
    {
      add("scale", layout.scaleBar, .scaleBar(bar))
    }
    let heading = Int(Self.normalized(scene.camera.heading).rounded()) % 360
    add("compass", layout.compass, .compass(heading))
    return items
  }

  /// Degrees in 0..<360.
  static func normalized(_ degrees: Double) -> Double {
    guard degrees.isFinite else { return 0 }
    let d = degrees.truncatingRemainder(dividingBy: 360)
    return d < 0 ? d + 360 : d
  }

  /// Draws the driver's overlay `content` into `r` with `painter`; false for the other
  /// overlays.
  static func paintDriver(
    _ content: OverlayKey.Content, _ painter: OverlayPainter, in r: ScreenRect
  )
    -> Bool
  {
    switch content {
    case .road(let name): painter.roadName(name, in: r)
    case .speed(let speed): painter.speed(speed, in: r)
    case .speedLimit(let limit): painter.speedLimit(limit, in: r)
    case .scaleBar(let bar): painter.scaleBar(bar, in: r)
    case .compass(let heading): painter.compass(mapHeading: Double(heading), in: r)
    default: return false
    }
    return true
  }
}
