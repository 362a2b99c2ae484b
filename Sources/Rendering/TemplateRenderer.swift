import CCairo
import Canvas
import Foundation
import Navigation
import Templates

/// Draws template screens (lists, grids, forms, search, points of interest, the map's
/// trip previews, navigation alerts and panning mode) into one ARGB32 frame with cairo,
/// and says where every focusable element went.
///
/// Each frame is drawn in full: template screens change on a press or a knob step, not
/// sixty times a second. The map content is drawn by a `NavigationRenderer` this renderer
/// owns, so the navigation screen looks the same here as on its own.
///
/// Not thread-safe: one owner renders and reads pixels, on one thread.
public final class TemplateRenderer {
  public let size: ScreenSize
  public let layout: TemplateLayout
  private let target: CairoCanvas
  private var navigation: NavigationRenderer?
  /// Draws a map shown inside a tab bar, at the size beside the bar.
  private var inset: TemplateRenderer?
  /// The focusable rectangles of the last frame, in reading order; while a modal is up,
  /// only its buttons.
  public private(set) var focusTargets: [FocusTarget] = []

  public init(size: ScreenSize) throws(RenderingError) {
    self.size = size
    layout = TemplateLayout(size: size)
    target = try CairoCanvas(width: size.width, height: size.height)
  }

  /// Draws `scene` (which must have this renderer's size) and returns its focus targets.
  ///
  /// Every element is focused by the id its template gives it ("back" for a back button,
  /// "pan.exit" for panning's Done button); the map template's buttons by their own ids.
  /// A map inside a tab bar is drawn as it would be on a screen the size of the space
  /// beside the bar.
  @discardableResult
  public func render(_ scene: TemplateScene) -> [FocusTarget] {
    precondition(scene.size == size, "scene of size \(scene.size) for a \(size) renderer")
    target.clear(scene.theme.templateBackground)
    let painter = TemplatePainter(
      canvas: target, theme: scene.theme, layout: layout, focusedID: scene.focusedID,
      backTitle: scene.backTitle, text: scene.text)
    let hasTabBar = scene.tabBar != nil
    let area = layout.contentArea(hasTabBar: hasTabBar)
    cairo_save(target.cr)
    switch scene.content {
    case .map(let map) where hasTabBar:
      drawInset(map, scene: scene, in: area, painter)
    case .map(let map): drawMap(map, theme: scene.theme, focusedID: scene.focusedID, painter)
    case .list(let list): painter.list(list, in: area)
    case .grid(let grid): painter.grid(grid, in: area)
    case .information(let information): painter.information(information, in: area)
    case .search(let search): painter.search(search, in: area)
    case .pointOfInterest(let poi, let layers):
      painter.pointsOfInterest(poi, layers: layers, in: area)
    case .nowPlaying(let template, let artwork):
      painter.nowPlaying(template, artwork: artwork, in: area)
    case .contact(let card): painter.contact(card, in: area)
    }
    cairo_restore(target.cr)
    if hasTabBar, let bar = scene.tabBar { painter.tabBar(bar) }
    if let modal = scene.modal {
      painter.dropTargets()
      switch modal {
      case .alert(let alert): painter.alert(alert)
      case .actionSheet(let sheet): painter.actionSheet(sheet)
      }
    }
    focusTargets = painter.targets
    return focusTargets
  }

  private func drawMap(
    _ map: MapScreen, theme: Theme, focusedID: String?, _ painter: TemplatePainter
  ) {
    var scene = map.scene
    scene.theme = theme
    switch map.overlay {
    case .tripPreview(let preview, let routes)?:
      painter.tripPreview(preview, routes: routes, scene: scene)
      return
    case .panning?:
      let buttons = scene.template.mapButtons.prefix(MapTemplate.maximumMapButtonsWhilePanning)
      let done = BarButton(id: InterfaceController.panExitElementID, title: painter.text[.done])
      scene.template = MapTemplate(
        mapButtons: Array(buttons), leadingBarButtons: [done], focusedID: focusedID)
    case .navigationAlert?:
      // The alert holds the knob; nothing under it shows focus.
      scene.template.focusedID = nil
    case nil:
      scene.template.focusedID = focusedID ?? scene.template.focusedID
    }
    drawNavigation(scene)
    switch map.overlay {
    case .navigationAlert(let alert, let remaining)?:
      painter.navigationAlert(alert, remaining: remaining)
    case .panning?:
      painter.panCrosshair()
      painter.mapTemplateTargets(scene.template)
    case .tripPreview?, nil:
      painter.mapTemplateTargets(scene.template)
    }
  }

  /// `map` drawn at the size of `area` by a second renderer, copied into `area`.
  private func drawInset(
    _ map: MapScreen, scene: TemplateScene, in area: ScreenRect, _ painter: TemplatePainter
  ) {
    let insetSize = ScreenSize(width: Int(area.width), height: Int(area.height))
    if inset?.size != insetSize { inset = try? TemplateRenderer(size: insetSize) }
    guard let inset else { return }
    var map = map
    map.scene.size = insetSize
    inset.render(
      TemplateScene(
        size: insetSize, theme: scene.theme, content: .map(map), focusedID: scene.focusedID))
    target.paint(inset.target, x: area.x, y: area.y)
    painter.addTargets(
      inset.focusTargets.map {
        FocusTarget(
          id: $0.id,
          rect: ScreenRect(
            x: $0.rect.x + area.x, y: $0.rect.y + area.y, width: $0.rect.width,
            height: $0.rect.height))
      })
  }

  /// The navigation screen for `scene`, copied into the frame.
  private func drawNavigation(_ scene: NavigationScene) {
    let renderer: NavigationRenderer
    if let navigation {
      renderer = navigation
    } else {
      guard let made = try? NavigationRenderer(size: size) else { return }
      navigation = made
      renderer = made
    }
    var scene = scene
    scene.size = size
    renderer.render(scene)
    // Straight from its surface: no per-frame copies of a whole frame.
    cairo_save(target.cr)
    cairo_set_operator(target.cr, CAIRO_OPERATOR_SOURCE)
    target.paint(renderer.target, x: 0, y: 0)
    cairo_restore(target.cr)
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
}
