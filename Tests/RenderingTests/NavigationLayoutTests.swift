import Rendering
import Templates
import Testing

@Suite struct NavigationLayoutTests {
  /// The floating parts at `size`, by name, with room for shadows and focus rings.
  static func parts(_ layout: NavigationLayout) -> [(String, ScreenRect)] {
    let pad = layout.overlayPadding
    let template = MapTemplate.guidance()
    let bar = layout.barButtonSlots(
      leading: template.leadingBarButtons.count, trailing: template.trailingBarButtons.count)
    var parts: [(String, ScreenRect)] = [
      ("card", layout.card), ("secondary", layout.secondary), ("estimates", layout.estimates),
      ("status", layout.status),
    ]
    for (i, slot) in (bar.leading + bar.trailing).enumerated() {
      if let slot { parts.append(("bar\(i)", slot)) }
    }
    for (i, button) in layout.mapButtons.enumerated() { parts.append(("button\(i)", button)) }
    return parts.map { ($0.0, $0.1.insetBy(-pad / 2)) }
  }

  @Test(arguments: ScreenSize.all)
  func partsDoNotOverlapAndStayOnScreen(_ size: ScreenSize) {
    let layout = NavigationLayout(size: size)
    let screen = ScreenRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    let parts = Self.parts(layout)
    for (i, (name, rect)) in parts.enumerated() {
      #expect(screen.contains(rect), "\(name) \(rect) leaves the \(size) screen")
      for (other, otherRect) in parts[(i + 1)...] {
        #expect(!rect.intersects(otherRect), "\(name) overlaps \(other) at \(size)")
      }
    }
  }

  @Test(arguments: ScreenSize.all)
  func everyBarButtonGetsASlotAndTheVehicleIsClear(_ size: ScreenSize) {
    let layout = NavigationLayout(size: size)
    let template = MapTemplate.guidance()
    let bar = layout.barButtonSlots(
      leading: template.leadingBarButtons.count, trailing: template.trailingBarButtons.count)
    #expect((bar.leading + bar.trailing).allSatisfy { $0 != nil })
    let half = 30 * layout.scale
    let vehicle = ScreenRect(
      x: layout.vehicleAnchor.x - half, y: layout.vehicleAnchor.y - half, width: 2 * half,
      height: 2 * half)
    for (name, rect) in Self.parts(layout) {
      #expect(!vehicle.intersects(rect), "the vehicle is under \(name) at \(size)")
    }
    // The road ahead gets most of the map's height.
    #expect(layout.vehicleAnchor.y - layout.mapArea.minY >= 0.7 * layout.mapArea.height)
  }

  @Test(arguments: ScreenSize.all)
  func sizesStayReadableAtArmsLength(_ size: ScreenSize) {
    let layout = NavigationLayout(size: size)
    #expect(layout.scale >= 1)
    #expect(layout.mapButtons.allSatisfy { $0.width >= 56 && $0.width == $0.height })
    #expect(layout.card.height >= 176)
  }

  @Test func portraitStacksTheCardAboveTheMap() {
    let layout = NavigationLayout(size: .portrait)
    #expect(layout.isPortrait)
    #expect(layout.card.maxY <= layout.mapArea.minY)
    #expect(layout.secondary.maxY <= layout.mapArea.minY)
    #expect(layout.header != nil)
  }
}
