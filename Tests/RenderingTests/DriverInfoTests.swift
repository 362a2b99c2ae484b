import Canvas
import Foundation
import Navigation
import Templates
import Testing

@testable import Rendering

/// The driver's overlays: where they go at each size, the scale bar's round values, the
/// content's wording, and what a frame shows and redraws.
@Suite struct DriverInfoTests {
  static func driverParts(_ layout: NavigationLayout) -> [(String, ScreenRect)] {
    [
      ("road", layout.roadName), ("speed", layout.speedReadout),
      ("limit", layout.speedLimitSign), ("scale", layout.scaleBar), ("compass", layout.compass),
    ].filter { !$0.1.isEmpty }
  }

  @Test(arguments: ScreenSize.all)
  func partsAreClearOfTheCardsButtonsAndVehicle(_ size: ScreenSize) {
    let layout = NavigationLayout(size: size)
    let screen = ScreenRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    let ours = Self.driverParts(layout)
    #expect(ours.count == 5, "\(ours.map(\.0)) at \(size)")
    let half = 30 * layout.scale
    let vehicle = ScreenRect(
      x: layout.vehicleAnchor.x - half, y: layout.vehicleAnchor.y - half, width: 2 * half,
      height: 2 * half)
    let others =
      NavigationLayoutTests.parts(layout) + (layout.header.map { [("header", $0)] } ?? [])
    for (i, (name, rect)) in ours.enumerated() {
      #expect(screen.contains(rect), "\(name) \(rect) leaves the \(size) screen")
      #expect(!rect.intersects(vehicle), "\(name) covers the vehicle at \(size)")
      for (other, otherRect) in ours[(i + 1)...] {
        #expect(!rect.intersects(otherRect), "\(name) overlaps \(other) at \(size)")
      }
      for (other, otherRect) in others {
        #expect(!rect.intersects(otherRect), "\(name) overlaps \(other) at \(size)")
      }
    }
    // The pill is centred under the map's free part, along the bottom.
    #expect(layout.roadName.maxY == layout.estimates.maxY)
  }

  @Test(arguments: [ScreenSize(width: 480, height: 320), ScreenSize(width: 320, height: 240)])
  func smallScreensKeepThePartsOnScreen(_ size: ScreenSize) {
    let layout = NavigationLayout(size: size)
    let screen = ScreenRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    for (name, rect) in Self.driverParts(layout) {
      #expect(screen.contains(rect), "\(name) \(rect) leaves the \(size) screen")
    }
  }

  struct Scale: Sendable, CustomStringConvertible {
    var metresPerPixel: Double
    var units: UnitSystem
    var label: String?
    var description: String { "\(metresPerPixel) m/px \(units) → \(label ?? "none")" }
  }

  static let scales: [Scale] = [
    Scale(metresPerPixel: 0.5, units: .metric, label: "50 m"),
    Scale(metresPerPixel: 1, units: .metric, label: "100 m"),
    Scale(metresPerPixel: 1.5, units: .metric, label: "100 m"),
    Scale(metresPerPixel: 2.5, units: .metric, label: "200 m"),
    Scale(metresPerPixel: 6, units: .metric, label: "500 m"),
    Scale(metresPerPixel: 10, units: .metric, label: "1 km"),
    Scale(metresPerPixel: 45, units: .metric, label: "2 km"),
    Scale(metresPerPixel: 0.05, units: .metric, label: "5 m"),
    Scale(metresPerPixel: 0.01, units: .metric, label: nil),
    Scale(metresPerPixel: 1, units: .imperial, label: "200 ft"),
    Scale(metresPerPixel: 2, units: .imperial, label: "500 ft"),
    Scale(metresPerPixel: 5, units: .imperial, label: "¼ mi"),
    Scale(metresPerPixel: 9, units: .imperial, label: "½ mi"),
    Scale(metresPerPixel: 20, units: .imperial, label: "1 mi"),
    Scale(metresPerPixel: 0, units: .metric, label: nil),
    Scale(metresPerPixel: .nan, units: .metric, label: nil),
    Scale(metresPerPixel: .infinity, units: .imperial, label: nil),
  ]

  @Test(arguments: scales)
  func scaleBarPicksTheLongestRoundValueThatFits(_ row: Scale) {
    let bar = ScaleBar.choose(metresPerPixel: row.metresPerPixel, maxPixels: 100, units: row.units)
    #expect(bar?.label == row.label)
    if let bar {
      #expect(bar.pixels <= 100 && bar.pixels >= 20, "\(bar)")
    }
  }

  @Test func contentIsWordedInTheDriversUnits() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let fifty = SpeedLimit(value: 50, unit: .kilometresPerHour, source: .tagged)
    let metric = DriverContent.make(
      road: "Mannerheimintie", speed: 13.9, limit: fifty, units: .metric, isWarning: false,
      now: now)
    #expect(metric.road == "Mannerheimintie")
    #expect(metric.speed == SpeedContent(value: "50", unit: "km/h", isWarning: false))
    #expect(metric.limit == SpeedLimitContent(value: "50", style: .roundel))
    let imperial = DriverContent.make(
      road: "", speed: 13.9, limit: fifty, units: .imperial, isWarning: true, now: now)
    #expect(imperial.road == nil)
    #expect(imperial.speed == SpeedContent(value: "31", unit: "mph", isWarning: true))
    #expect(imperial.limit?.value == "31")
    #expect(imperial.limit?.style == .rectangle)
    let later = DriverContent.make(
      road: nil, speed: 13.9, limit: fifty, units: .imperial, isWarning: true,
      now: now.addingTimeInterval(0.5))
    #expect(later.limit?.isPulsing != imperial.limit?.isPulsing, "the sign pulses")
    let none = DriverContent.make(
      road: String(repeating: "x", count: 500), speed: -1, limit: nil, units: .metric,
      isWarning: false, now: now)
    #expect(none.speed == nil && none.limit == nil)
    #expect(none.road?.count == DriverLabels.roadLimit)
  }

  @Test func theSignAndSpeedAreDrawnAndOnlyTheSpeedRedrawsWhenItChanges() throws {
    var scene = try RenderingFixtures.scene(at: 40)
    scene.driver = DriverContent.make(
      road: "Mannerheimintie", speed: 12,
      limit: SpeedLimit(
        value: 40, unit: .kilometresPerHour, source: .tagged), units: .metric, isWarning: false,
      now: Date(timeIntervalSince1970: 0))
    scene.camera.heading = 0
    let renderer = try NavigationRenderer(size: .standard)
    renderer.render(scene)
    let image = renderer.pixelBuffer()
    let layout = renderer.layout
    let red = TemplateLayoutTests.pixels(
      in: layout.speedLimitSign, of: OverlayPainter.signRed, image)
    #expect(red > 300, "\(red) red pixels in the sign")
    let pill = TemplateLayoutTests.pixels(in: layout.roadName, of: Theme.day.cardBackground, image)
    #expect(pill > 1000, "\(pill) pill pixels")
    #expect(TemplateLayoutTests.pixels(in: layout.compass, of: OverlayPainter.signRed, image) > 20)

    var faster = scene
    faster.driver?.speed?.value = "47"
    let frame = renderer.render(faster)
    #expect(frame.overlaysDrawn == 1 && !frame.isFullFrame)
    let speed = layout.speedReadout
    #expect(
      frame.changedRows.allSatisfy {
        $0.lowerBound >= Int(speed.minY) - 10 && $0.upperBound <= Int(speed.maxY) + 10
      })
  }

  /// The limit signs over the limit, metric and imperial, by day and night: checked by eye
  /// once, then by pixels.
  @Test(arguments: [
    (UnitSystem.metric, "day"), (.metric, "night"), (.imperial, "day"),
  ])
  func overTheLimitGolden(_ units: UnitSystem, _ theme: String) throws {
    var scene = try RenderingFixtures.scene(at: 60, theme: Theme.named(theme)!)
    let limit =
      units == .metric
      ? SpeedLimit(value: 30, unit: .kilometresPerHour, source: .tagged)
      : SpeedLimit(value: 25, unit: .milesPerHour, source: .tagged)
    scene.driver = DriverContent.make(
      road: "Pohjoisesplanadi", speed: 16, limit: limit, units: units, isWarning: true,
      now: Date(timeIntervalSince1970: 0))
    let renderer = try NavigationRenderer(size: .standard)
    renderer.render(scene)
    try GoldenImageTests.compare(
      renderer.pixelBuffer(), golden: "nav-driver-\(units.rawValue)-\(scene.size)-\(theme).png")
  }
}
