import Foundation
import Rendering
import Templates
import Testing

/// Where the focusable parts of every template screen land, at every screen size.
@Suite struct TemplateLayoutTests {
  static var cases: [(String, ScreenSize)] {
    TemplateFixtures.names.flatMap { name in ScreenSize.all.map { (name, $0) } }
  }

  @Test(arguments: cases)
  func focusTargetsAreOnScreenAndApart(_ name: String, _ size: ScreenSize) throws {
    let scene = try TemplateFixtures.scene(name, size, .day)
    let renderer = try TemplateRenderer(size: size)
    let targets = renderer.render(scene)
    #expect(!targets.isEmpty)
    let screen = ScreenRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    // The focus ring is drawn 3 px outside its element: keep that on screen too.
    let ringRoom = screen.insetBy(3)
    for t in targets {
      #expect(ringRoom.contains(t.rect), "\(t) off screen at \(size)")
      #expect(t.rect.width >= 40 && t.rect.height >= 40, "\(t) too small to aim at")
    }
    for (i, a) in targets.enumerated() {
      for b in targets[(i + 1)...] {
        #expect(!a.rect.intersects(b.rect), "\(a) overlaps \(b) at \(size)")
      }
    }
    #expect(Set(targets.map(\.id)).count == targets.count, "duplicate ids: \(targets)")
    if let focused = scene.focusedID {
      #expect(targets.contains { $0.id == focused }, "\(focused) not on screen at \(size)")
    }
  }

  /// Moving the focus onto an element draws the knob's ring around it: the focus shows
  /// on every focusable element.
  @Test(arguments: TemplateFixtures.names)
  func focusIsVisibleOnEveryElement(_ name: String) throws {
    var scene = try TemplateFixtures.scene(name, .standard, .day)
    let renderer = try TemplateRenderer(size: .standard)
    scene.focusedID = "nothing"
    let targets = renderer.render(scene)
    for t in targets {
      scene.focusedID = t.id
      // A focused speller key moves to the middle of the strip: look where it went.
      let now = try #require(renderer.render(scene).first { $0.id == t.id })
      let ringPixels = Self.pixels(
        in: now.rect.insetBy(-5), of: Theme.day.focusRing, renderer.pixelBuffer())
      // A 4 px ring round the element covers at least its perimeter in pixels.
      let perimeter = Int(2 * (now.rect.width + now.rect.height))
      #expect(ringPixels >= perimeter, "\(ringPixels) ring pixels round \(t) in \(name)")
    }
  }

  /// How many pixels inside `r` are within a small distance of `color`.
  static func pixels(in r: ScreenRect, of color: Color, _ image: PixelBuffer) -> Int {
    let rgb = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
    var count = 0
    let box = r.integral
    for y in max(0, Int(box.minY))..<min(image.height, Int(box.maxY)) {
      for x in max(0, Int(box.minX))..<min(image.width, Int(box.maxX)) {
        let p = image.pixel(x: x, y: y)
        let channels = [Int((p >> 16) & 0xff), Int((p >> 8) & 0xff), Int(p & 0xff)]
        if zip(channels, rgb).allSatisfy({ abs($0 - $1) <= 24 }) { count += 1 }
      }
    }
    return count
  }

  /// List titles are 26 px at scale 1 (never under 24 when fitted): the scale must
  /// never shrink the design sizes, even on the smallest screen.
  @Test(arguments: ScreenSize.all)
  func designSizesNeverShrink(_ size: ScreenSize) {
    #expect(TemplateLayout(size: size).scale >= 1)
  }
}
