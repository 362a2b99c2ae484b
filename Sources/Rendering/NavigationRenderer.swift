import CCairo
import Canvas
import Foundation
import Geo
import Navigation
import Templates

/// Draws navigation scenes into one ARGB32 frame with cairo, redrawing only what changed.
///
/// Cards, estimates, status and buttons are drawn once into their own surfaces and
/// reused until their content changes (text is the costly part). When the map itself is
/// unchanged (a fixed camera) only the rectangles around the vehicle and changed
/// overlays are repainted, from a cached copy of the map. A following camera moves the
/// map every frame, so those frames redraw the map and reuse the overlays.
///
/// Not thread-safe: one owner renders and reads pixels, on one thread.
public final class NavigationRenderer {
  public let size: ScreenSize
  public let layout: NavigationLayout
  /// The frame; `TemplateRenderer` paints it straight into its own.
  let target: CairoCanvas
  /// The static map, drawn once for a view and composited into each frame.
  private let mapCache: MapCache
  /// The map without the vehicle, for partial repaints; built on demand.
  private var base: CairoCanvas?
  private var baseKey: MapKey?
  private var shownMapKey: MapKey?
  private var shownVehicle: VehicleKey?
  private var overlays: [String: CachedOverlay] = [:]
  /// Slot and padded rectangle of every overlay on screen now.
  private var shownOverlays: [String: ScreenRect] = [:]

  public init(size: ScreenSize) throws(RenderingError) {
    self.size = size
    layout = NavigationLayout(size: size)
    mapCache = MapCache(layout: layout)
    target = try CairoCanvas(width: size.width, height: size.height)
  }

  /// The cached drawings `invalidate` can forget.
  public struct Caches: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The static map's view and the map under the vehicle.
    public static let map = Caches(rawValue: 1)
    /// The overlays' surfaces (cards, estimates, buttons, the driver's parts).
    public static let overlays = Caches(rawValue: 2)
    public static let all: Caches = [.map, .overlays]
  }

  /// Forgets what is on screen so the next frame is drawn in full, and `caches` too (for
  /// measuring a frame that draws the map again, or a cold one).
  public func invalidate(dropping caches: Caches = []) {
    shownMapKey = nil
    shownVehicle = nil
    if caches.contains(.overlays) {
      // Keep the surfaces (their memory), forget what they hold.
      for slot in overlays.keys { overlays[slot]?.key = nil }
    }
    if caches.contains(.map) {
      baseKey = nil
      mapCache.invalidate()
    }
  }

  /// Draws `scene` (which must have this renderer's size) and says which rows changed.
  @discardableResult
  public func render(_ scene: NavigationScene) -> RenderedFrame {
    precondition(scene.size == size, "scene of size \(scene.size) for a \(size) renderer")
    let items = overlayItems(scene)
    var dirty: [ScreenRect] = []
    var drawn = 0
    var nowShown: [String: ScreenRect] = [:]
    for item in items {
      let padded = item.rect.insetBy(-layout.overlayPadding).integral
      nowShown[item.slot] = padded
      if overlays[item.slot]?.key != item.key || overlays[item.slot]?.rect != item.rect {
        overlays[item.slot] = prepare(
          item, padded: padded, theme: scene.theme, text: scene.text,
          reusing: overlays[item.slot]?.canvas)
        drawn += 1
        dirty.append(padded)
        if let old = shownOverlays[item.slot], old != padded { dirty.append(old) }
      } else if shownOverlays[item.slot] == nil {
        dirty.append(padded)
      }
    }
    for (slot, rect) in shownOverlays where nowShown[slot] == nil {
      dirty.append(rect)
      overlays[slot] = nil
    }
    shownOverlays = nowShown

    let mapKey = MapKey(scene, layout: layout)
    let painter = MapPainter(canvas: target, scene: mapKey.quantized(scene), layout: layout)
    let vehicle = VehicleKey(scene: scene, rect: painter.vehicleRect())
    let cr = target.cr

    if mapKey != shownMapKey {
      painter.drawBase(from: mapCache)
      painter.drawVehicle()
      paintOverlays(items)
      shownMapKey = mapKey
      shownVehicle = vehicle
      return RenderedFrame(
        changedRows: [0..<size.height], isFullFrame: true, overlaysDrawn: drawn)
    }

    if vehicle != shownVehicle {
      if let r = shownVehicle?.rect { dirty.append(r) }
      if let r = vehicle.rect { dirty.append(r) }
    }
    shownVehicle = vehicle
    let screen = ScreenRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    dirty = dirty.map { clamp($0, to: screen) }.filter { !$0.isEmpty }
    guard !dirty.isEmpty else {
      return RenderedFrame(changedRows: [], isFullFrame: false, overlaysDrawn: drawn)
    }
    let base = baseCanvas(for: mapKey, scene: scene)
    cairo_save(cr)
    for r in dirty { cairo_rectangle(cr, r.x, r.y, r.width, r.height) }
    cairo_clip(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    target.paint(base, x: 0, y: 0)
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    painter.drawVehicle()
    paintOverlays(items)
    cairo_restore(cr)
    return RenderedFrame(
      changedRows: Self.rows(of: dirty), isFullFrame: false, overlaysDrawn: drawn)
  }

  // MARK: - Output

  /// Calls `body` with the current frame's pixels (cairo ARGB32, see `PixelBuffer`),
  /// valid only during the call.
  public func withPixels<R>(
    _ body: (_ pixels: UnsafeRawBufferPointer, _ width: Int, _ height: Int, _ stride: Int)
      throws -> R
  ) rethrows -> R {
    try target.withPixels { try body($0, size.width, size.height, target.stride) }
  }

  /// A copy of the current frame.
  public func pixelBuffer() -> PixelBuffer { target.pixelBuffer() }

  /// Writes the current frame as a PNG file.
  public func writePNG(to path: String) throws(RenderingError) {
    try target.writePNG(to: path)
  }

  // MARK: - Overlays

  private struct CachedOverlay {
    /// nil once dropped: the surface is kept for reuse but must be redrawn.
    var key: OverlayKey?
    var rect: ScreenRect
    var padded: ScreenRect
    var canvas: CairoCanvas
  }

  private func prepare(
    _ item: OverlayItem, padded: ScreenRect, theme: Theme, text: ScreenText,
    reusing old: CairoCanvas?
  ) -> CachedOverlay? {
    let canvas: CairoCanvas
    if let old, old.width == Int(padded.width), old.height == Int(padded.height) {
      old.clear()
      canvas = old
    } else {
      guard let new = try? CairoCanvas(width: Int(padded.width), height: Int(padded.height))
      else { return nil }
      canvas = new
    }
    let local = ScreenRect(
      x: item.rect.x - padded.x, y: item.rect.y - padded.y, width: item.rect.width,
      height: item.rect.height)
    var painter = OverlayPainter(canvas: canvas, theme: theme, scale: layout.scale, text: text)
    painter.minimums = layout.minimums
    switch item.key.content {
    case .card(let content): painter.guidanceCard(content, in: local)
    case .banner(let banner): painter.banner(banner, in: local)
    case .then(let content): painter.thenCard(content, in: local)
    case .lanes(let lanes): painter.lanes(lanes, in: local)
    case .estimates(let trip): painter.estimates(trip, in: local)
    case .status(let status): painter.status(status, in: local)
    case .mapButton(let button, let focused): painter.mapButton(button, focused: focused, in: local)
    case .barButton(let button, let focused): painter.barButton(button, focused: focused, in: local)
    case .nowPlaying(let strip): painter.nowPlayingStrip(strip, in: local)
    default: _ = Self.paintDriver(item.key.content, painter, in: local)
    }
    return CachedOverlay(key: item.key, rect: item.rect, padded: padded, canvas: canvas)
  }

  private func paintOverlays(_ items: [OverlayItem]) {
    for item in items {
      guard let cached = overlays[item.slot] else { continue }
      target.paint(cached.canvas, x: cached.padded.x, y: cached.padded.y)
    }
  }

  /// The overlays of `scene`, bottom to top.
  func overlayItems(_ scene: NavigationScene) -> [OverlayItem] {
    var items: [OverlayItem] = []
    func add(_ slot: String, _ rect: ScreenRect, _ content: OverlayKey.Content) {
      items.append(OverlayItem(slot: slot, rect: rect, content: content, in: scene))
    }
    if let banner = scene.banner {
      add("card", layout.card, .banner(banner))
    } else if let maneuver = scene.maneuver {
      add("card", layout.card, .card(maneuver))
      switch scene.secondary {
      case .then(let next)?: add("secondary", layout.secondary, .then(next))
      case .lanes(let lanes)?:
        add("secondary", lanes.isEmpty ? .zero : layout.secondary, .lanes(lanes))
      case nil: break
      }
    }
    if let trip = scene.trip { add("estimates", layout.estimates, .estimates(trip)) }
    items += driverItems(scene)
    if let strip = scene.nowPlaying {
      add("nowPlaying", layout.nowPlayingStrip, .nowPlaying(strip))
    }
    add("status", layout.status, .status(scene.status))
    let template = scene.template
    let slots = layout.barButtonSlots(
      leading: template.leadingBarButtons.count, trailing: template.trailingBarButtons.count)
    for (button, slot) in zip(template.leadingBarButtons, slots.leading) {
      if let slot {
        add("bar.\(button.id)", slot, .barButton(button, template.focusedID == button.id))
      }
    }
    for (button, slot) in zip(template.trailingBarButtons, slots.trailing) {
      if let slot {
        add("bar.\(button.id)", slot, .barButton(button, template.focusedID == button.id))
      }
    }
    for (button, slot) in zip(template.mapButtons, layout.mapButtons) {
      add("button.\(button.id)", slot, .mapButton(button, template.focusedID == button.id))
    }
    return items.filter { !$0.rect.isEmpty }
  }

  // MARK: - Map cache

  private func baseCanvas(for key: MapKey, scene: NavigationScene) -> CairoCanvas {
    if let base, baseKey == key { return base }
    let canvas = base ?? (try? CairoCanvas(width: size.width, height: size.height))
    guard let canvas else { return target }
    canvas.clear()
    MapPainter(canvas: canvas, scene: key.quantized(scene), layout: layout).drawBase(
      from: mapCache)
    base = canvas
    baseKey = key
    return canvas
  }

  private func clamp(_ r: ScreenRect, to screen: ScreenRect) -> ScreenRect {
    let x0 = max(r.minX, screen.minX)
    let y0 = max(r.minY, screen.minY)
    let x1 = min(r.maxX, screen.maxX)
    let y1 = min(r.maxY, screen.maxY)
    return ScreenRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }

  /// The rows covered by `rects`, merged into ascending, non-touching ranges.
  static func rows(of rects: [ScreenRect]) -> [Range<Int>] {
    let ranges = rects.map { Int($0.minY.rounded(.down))..<Int($0.maxY.rounded(.up)) }
      .filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = []
    for r in ranges {
      if let last = merged.last, r.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
      } else {
        merged.append(r)
      }
    }
    return merged
  }
}

/// One floating part of the screen and the content it shows.
struct OverlayItem {
  var slot: String
  var rect: ScreenRect
  var key: OverlayKey

  /// `content` in `slot` at `rect`, keyed by the theme and language of `scene` too.
  init(slot: String, rect: ScreenRect, content: OverlayKey.Content, in scene: NavigationScene) {
    self.slot = slot
    self.rect = rect
    key = OverlayKey(theme: scene.theme.name, language: scene.text.language, content: content)
  }
}

/// An overlay's content and theme: equal keys draw equal pixels.
struct OverlayKey: Hashable {
  enum Content: Hashable {
    case card(ManeuverContent)
    case banner(Banner)
    case then(ManeuverContent)
    case lanes([LaneContent])
    case estimates(TripContent)
    case status(StatusContent)
    case mapButton(MapButton, Bool)
    case barButton(BarButton, Bool)
    case road(String)
    case speed(SpeedContent)
    case speedLimit(SpeedLimitContent)
    case scaleBar(ScaleBar)
    /// The map's heading, whole degrees.
    case compass(Int)
    case nowPlaying(NowPlayingStrip)
  }
  var theme: String
  /// The labels' language: the same content reads differently in another.
  var language: String
  var content: Content
}

/// What the map under the overlays depends on (not the vehicle): equal keys draw equal
/// maps. Route progress is rounded to a few pixels — the split between travelled and
/// active lies under the vehicle marker — so a vehicle creeping along does not force a
/// map redraw every frame when the camera stands still.
struct MapKey: Hashable {
  var camera: MapCamera
  var route: Int?
  var progress: Double?
  var nextManeuverOffset: Double?
  var theme: String
  var layers: [String]

  static let progressPixels = 16.0

  init(_ scene: NavigationScene, layout: NavigationLayout) {
    camera = scene.camera
    route = scene.route?.identity
    let quantum = max(0.5, scene.camera.metresPerPixel * Self.progressPixels * layout.scale)
    progress = scene.progress.map { ($0 / quantum).rounded(.down) * quantum }
    nextManeuverOffset = scene.nextManeuverOffset
    theme = scene.theme.name
    layers = scene.layers.map { "\($0.id)#\($0.revision)" }
  }

  /// `scene` with its progress as this key rounded it.
  func quantized(_ scene: NavigationScene) -> NavigationScene {
    var s = scene
    s.progress = progress
    return s
  }
}

/// What the vehicle marker depends on.
struct VehicleKey: Hashable {
  var rect: ScreenRect?
  var coordinate: Coordinate?
  var heading: Double?
  var isEstimated: Bool
  var theme: String

  init(scene: NavigationScene, rect: ScreenRect?) {
    self.rect = rect
    coordinate = scene.vehicle?.coordinate
    heading = scene.vehicle.map { $0.heading - scene.camera.heading }
    isEstimated = scene.vehicle?.isEstimated ?? false
    theme = scene.theme.name
  }
}
