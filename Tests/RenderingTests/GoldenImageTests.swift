import Foundation
import Rendering
import Templates
import Testing

/// The navigation screen at chosen moments of the shared drive, compared with golden
/// images that were checked by eye once. Run with `UPDATE_GOLDENS=1` to rewrite them
/// (then look at every changed one before keeping it).
@Suite struct GoldenImageTests {
  /// Largest per-channel difference allowed (antialiasing noise), and how many pixels may
  /// differ at all.
  static let tolerance = (channel: 8, pixels: 200)

  struct Moment: Sendable, CustomStringConvertible {
    var name: String
    var drive: String
    var seconds: Double
    var sizes: [ScreenSize]
    var themes: [Theme]
    var muted = false
    var description: String { name }
  }

  static let moments: [Moment] = [
    // 80 m before the first left turn: the maneuver on screen, map zoomed in.
    Moment(
      name: "turn", drive: "helsinki-1-clean", seconds: 12, sizes: ScreenSize.all,
      themes: [.day, .night]),
    // Two right turns close together: the "Then" card.
    Moment(
      name: "then", drive: "helsinki-1-clean", seconds: 100, sizes: ScreenSize.all,
      themes: [.day, .night]),
    // Approaching Mannerheimintie: lane guidance.
    Moment(
      name: "lanes", drive: "helsinki-1-clean", seconds: 40, sizes: [.standard],
      themes: [.day, .night]),
    // In the tunnel-like GPS outage: estimated position, amber GPS.
    Moment(
      name: "outage", drive: "helsinki-1-outage", seconds: 145, sizes: [.standard, .compact],
      themes: [.day], muted: true),
    // Off the route with no router: the proceed-to-route banner.
    Moment(
      name: "offroute", drive: "helsinki-1-wrongturn", seconds: 100, sizes: [.standard],
      themes: [.night]),
    Moment(
      name: "arrived", drive: "helsinki-1-clean", seconds: 290, sizes: [.standard, .portrait],
      themes: [.day]),
  ]

  static var cases: [(Moment, ScreenSize, String)] {
    moments.flatMap { m in
      m.sizes.flatMap { size in m.themes.map { (m, size, $0.name) } }
    }
  }

  @Test(arguments: cases)
  func screen(_ moment: Moment, _ size: ScreenSize, _ theme: String) throws {
    let scene = try RenderingFixtures.scene(
      drive: moment.drive, at: moment.seconds, size: size, theme: Theme.named(theme)!,
      muted: moment.muted)
    let renderer = try NavigationRenderer(size: size)
    renderer.render(scene)
    try Self.compare(renderer.pixelBuffer(), golden: "nav-\(moment.name)-\(size)-\(theme).png")
  }

  @Test func maneuverSymbolSheet() throws {
    try Self.compare(try ContactSheet.maneuverSymbols(), golden: "maneuver-symbols.png")
  }

  /// Compares `image` with the golden file, or rewrites it when updating.
  static func compare(
    _ image: PixelBuffer, golden name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = RenderingFixtures.goldens.appendingPathComponent(name)
    if RenderingFixtures.updating {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try image.writePNG(to: url.path)
      return
    }
    let golden = try PixelBuffer(contentsOfPNG: url.path)
    let difference = try #require(image.difference(from: golden), "size differs from \(name)")
    let ok = difference.maximum <= tolerance.channel || difference.pixels <= tolerance.pixels
    if !ok {
      let failure = RenderingFixtures.failures.appendingPathComponent(name)
      try? FileManager.default.createDirectory(
        at: failure.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? image.writePNG(to: failure.path)
    }
    #expect(
      ok,
      "\(name): \(difference.pixels) pixels differ, by up to \(difference.maximum)",
      sourceLocation: sourceLocation)
  }
}
