import Canvas
import Foundation
import Navigation
import Testing

@testable import Rendering
@testable import Templates

/// The navigation screen at every supported size, in every language, at moments that
/// show each kind of part: nothing overlaps, nothing leaves the screen, no text is cut
/// and the display class's minimum sizes hold. The checks run over whatever overlays the
/// renderer draws (`overlayItems`), so a new overlay is checked with no change here.
@Suite struct ScreenLayoutTests {
  /// A moment of the drives, and what it shows.
  struct Moment: Sendable, CustomStringConvertible {
    var name: String
    var drive: String
    var seconds: Double
    var muted = false
    var banner: Banner? = nil
    var description: String { name }
  }

  static let moments: [Moment] = [
    Moment(name: "turn", drive: "helsinki-1-clean", seconds: 12),
    Moment(name: "lanes", drive: "helsinki-1-clean", seconds: 40),
    Moment(name: "then", drive: "helsinki-1-clean", seconds: 100),
    Moment(name: "outage", drive: "helsinki-1-outage", seconds: 145, muted: true),
    Moment(name: "offroute", drive: "helsinki-1-wrongturn", seconds: 100),
    Moment(name: "arrived", drive: "helsinki-1-clean", seconds: 290),
    Moment(name: "locating", drive: "helsinki-1-clean", seconds: 12, banner: .paused(.locating)),
    Moment(name: "rerouting", drive: "helsinki-1-clean", seconds: 12, banner: .paused(.rerouting)),
  ]

  static var cases: [(ScreenSize, String)] {
    DisplayProfile.supportedSizes.flatMap { size in
      Phrasebook.supportedLanguages.map { (size, $0) }
    }
  }

  static func screen(_ size: ScreenSize) -> ScreenRect {
    ScreenRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
  }

  /// The scene of `moment` in `language` at `size`.
  static func scene(_ moment: Moment, _ size: ScreenSize, language: String) throws
    -> NavigationScene
  {
    var scene = try RenderingFixtures.scene(
      drive: moment.drive, at: moment.seconds, size: size, muted: moment.muted,
      language: language)
    if let banner = moment.banner { scene.banner = banner }
    return scene
  }

  /// Problems with `items` at `layout`: overlaps (with room for shadows and rings),
  /// parts off screen, the vehicle under a part.
  static func problems(_ items: [OverlayItem], _ layout: NavigationLayout) -> [String] {
    var found: [String] = []
    let screen = screen(layout.size)
    let room = layout.overlayPadding / 2
    for (i, item) in items.enumerated() {
      let rect = item.rect.insetBy(-room)
      if !screen.contains(rect) { found.append("\(item.slot) \(item.rect) leaves the screen") }
      for other in items[(i + 1)...] where rect.intersects(other.rect.insetBy(-room)) {
        found.append("\(item.slot) \(item.rect) overlaps \(other.slot) \(other.rect)")
      }
    }
    let half = 30 * layout.scale
    let vehicle = ScreenRect(
      x: layout.vehicleAnchor.x - half, y: layout.vehicleAnchor.y - half, width: 2 * half,
      height: 2 * half)
    for item in items where item.rect.intersects(vehicle) {
      found.append("the vehicle is under \(item.slot)")
    }
    return found
  }

  @Test(arguments: cases)
  func partsFitAndNoTextIsCut(_ size: ScreenSize, _ language: String) throws {
    for moment in Self.moments {
      let scene = try Self.scene(moment, size, language: language)
      let renderer = try NavigationRenderer(size: size)
      let items = renderer.overlayItems(scene)
      #expect(items.contains { $0.slot == "card" }, "\(moment) has no card")
      for problem in Self.problems(items, renderer.layout) {
        Issue.record("\(size) \(language) \(moment): \(problem)")
      }
      let before = TextLayout.current.cutTexts
      renderer.render(scene)
      #expect(
        TextLayout.current.cutTexts == before,
        "\(size) \(language) \(moment): \(TextLayout.current.cutTexts - before) texts cut")
    }
  }

  /// Every map button and bar button of the guidance template gets a slot where the
  /// class shows them, each one a touch target of the class's size.
  @Test(arguments: DisplayProfile.supportedSizes)
  func buttonsAndTypeKeepTheirMinimumSizes(_ size: ScreenSize) {
    let layout = NavigationLayout(size: size)
    let minimums = layout.minimums
    #expect(layout.mapButtons.count == layout.displayClass.mapButtonCount)
    for button in layout.mapButtons {
      #expect(button.width >= minimums.button && button.width == button.height)
    }
    let bar = layout.barButtonSlots(leading: 1, trailing: 1)
    for slot in bar.leading + bar.trailing {
      #expect(slot != nil, "a bar button has no slot at \(size)")
      if let slot { #expect(slot.height >= 40, "bar button \(slot) at \(size)") }
    }
    #expect(layout.symbolSide >= minimums.symbol)
    #expect(layout.distanceType.minimum >= minimums.distance)
    #expect(layout.roadType.minimum >= minimums.road)
    #expect(layout.vehicleAnchor.y - layout.mapArea.minY >= 0.65 * layout.mapArea.height)
  }

  /// The controls the knob reaches are the controls drawn: a display with room for three
  /// map buttons, or a bar with room for one button, leaves the others out of the ring.
  /// Menu, the way to the destinations, is always among them.
  @Test(arguments: DisplayProfile.supportedSizes + Self.unlistedSizes)
  func theKnobReachesWhatIsDrawn(_ size: ScreenSize) throws {
    let renderer = try NavigationRenderer(size: size)
    var scene = try Self.scene(Self.moments[0], size, language: "de")
    scene.template.room = renderer.layout.controlRoom
    let drawn = renderer.overlayItems(scene).compactMap { item -> String? in
      let parts = item.slot.split(separator: ".", maxSplits: 1)
      return ["bar", "button"].contains(parts.first) && parts.count == 2 ? String(parts[1]) : nil
    }
    #expect(Set(drawn) == Set(scene.template.focusOrder), "\(size)")
    #expect(scene.template.focusOrder.contains("menu"), "\(size): no Menu")
    #expect(scene.template.focusOrder.count >= 4, "\(size): \(scene.template.focusOrder)")
  }

  static let unlistedSizes = [
    ScreenSize(width: 640, height: 480), ScreenSize(width: 400, height: 300),
    ScreenSize(width: 540, height: 360), ScreenSize(width: 1366, height: 768),
    ScreenSize(width: 2000, height: 300), ScreenSize(width: 600, height: 1024), .compact,
  ]

  @Test func classesFollowTheDisplays() {
    let expected: [(ScreenSize, DisplayClass)] = [
      (ScreenSize(width: 320, height: 240), .small), (ScreenSize(width: 480, height: 320), .small),
      (.standard, .standard), (ScreenSize(width: 1024, height: 600), .standard),
      (ScreenSize(width: 1280, height: 720), .standard),
      (ScreenSize(width: 1280, height: 400), .bar), (.wide, .bar), (.portrait, .portrait),
    ]
    for (size, kind) in expected {
      #expect(NavigationLayout(size: size).displayClass == kind, "\(size)")
      #expect(DisplayProfile.nearest(to: size).size == size)
    }
    let bar = NavigationLayout(size: .wide)
    // Side by side: the estimates on the right, the vehicle between them and the card.
    #expect(bar.estimates.minX > bar.card.maxX)
    #expect(bar.vehicleAnchor.x > bar.card.maxX && bar.vehicleAnchor.x < bar.estimates.minX)
  }

  /// Sizes with no layout of their own take the nearest one's rules, adapted, and the
  /// log line says which.
  @Test func unlistedSizesTakeTheNearestLayout() throws {
    let expected: [(ScreenSize, ScreenSize)] = [
      (ScreenSize(width: 640, height: 480), .standard),
      (ScreenSize(width: 400, height: 300), ScreenSize(width: 320, height: 240)),
      (ScreenSize(width: 540, height: 360), ScreenSize(width: 480, height: 320)),
      (ScreenSize(width: 1366, height: 768), ScreenSize(width: 1280, height: 720)),
      (ScreenSize(width: 2000, height: 300), ScreenSize(width: 1280, height: 400)),
      (ScreenSize(width: 600, height: 1024), .portrait),
      (.compact, .standard),
    ]
    for (size, nearest) in expected {
      #expect(DisplayProfile.nearest(to: size).size == nearest, "\(size)")
      #expect(DisplayProfile.note(for: size).contains("the \(nearest)"))
      #expect(DisplayProfile.note(for: size).contains("adapted to \(size)"))
      let scene = try Self.scene(Self.moments[2], size, language: "en")
      let renderer = try NavigationRenderer(size: size)
      for problem in Self.problems(renderer.overlayItems(scene), renderer.layout) {
        Issue.record("\(size): \(problem)")
      }
    }
    #expect(DisplayProfile.note(for: .standard) == "display 800x480: the 800x480 (standard) layout")
  }

  /// The smallest and largest drawable sizes (any display is held to `ScreenSize.sides`)
  /// lay out and draw without trapping.
  @Test(arguments: [
    ScreenSize(width: 1, height: 1).drawable, ScreenSize(width: 10_000, height: 10_000).drawable,
    ScreenSize(width: 200, height: 4096), ScreenSize(width: 4096, height: 200),
  ])
  func extremeSizesDoNotTrap(_ size: ScreenSize) throws {
    let layout = NavigationLayout(size: size)
    let rects =
      [layout.card, layout.secondary, layout.estimates, layout.status] + layout.mapButtons
    #expect(rects.allSatisfy { $0.width.isFinite && $0.height.isFinite && $0.width >= 0 })
    let renderer = try NavigationRenderer(size: size)
    renderer.render(try Self.scene(Self.moments[0], size, language: "en"))
    let templates = try TemplateRenderer(size: size)
    templates.render(try LocalizedFixtures.scene("list", size, .day, language: "en"))
  }
}
