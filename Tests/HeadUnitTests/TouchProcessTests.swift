import Foundation
import TestSupport
import Testing

/// `headunit run` driven by fingers on the fake touch screen (`TouchRig`), with the knob and
/// buttons on the fake GPIO chip alongside.
@Suite("Touch with headunit run (process)", .serialized)
struct TouchProcessTests {
  /// Waits for the first frame and the touch screen; fails the test when they do not come.
  func started(_ rig: TouchRig) async throws {
    let first = await rig.daemon.waitForLine { $0.contains("first frame") }
    try #require(first != nil, "\(rig.daemon.err.joined(separator: "\n"))")
    let touch = await rig.daemon.waitForLine {
      $0.contains("touch: raspberrypi-ts on /dev/input/event2 (multitouch, 10 slots")
    }
    try #require(touch != nil, "\(rig.daemon.err.joined(separator: "\n"))")
    #expect(await rig.waitForTargets { $0["destinations"] != nil }, "the map's Go button")
  }

  // MARK: - Comparing screens

  /// The part of the 800×480 map clear of the banner, the buttons and the status chip,
  /// every 4th pixel.
  static let region = stride(from: 170, to: 430, by: 4).flatMap { y in
    stride(from: 150, to: 550, by: 4).map { x in (x, y) }
  }

  /// The share of `before`'s drawn pixels (not its background colour) in `region` that
  /// `after` shows `dx`, `dy` pixels on.
  static func match(_ before: [UInt32], _ after: [UInt32], dx: Int = 0, dy: Int = 0) -> Double {
    guard before.count == 800 * 480, after.count == before.count else { return 0 }
    var counts: [UInt32: Int] = [:]
    for (x, y) in region { counts[before[y * 800 + x], default: 0] += 1 }
    let background = counts.max { $0.value < $1.value }?.key
    var drawn = 0
    var same = 0
    for (x, y) in region where before[y * 800 + x] != background {
      drawn += 1
      if after[(y + dy) * 800 + x + dx] == before[y * 800 + x] { same += 1 }
    }
    return drawn == 0 ? 0 : Double(same) / Double(drawn)
  }

  @Test("a drag pans the map under the finger; a pinch zooms as far as a knob detent does")
  func dragAndPinch() async throws {
    let rig = try TouchRig()
    try await started(rig)
    try await Task.sleep(for: .milliseconds(500))
    let still = rig.screen
    #expect(Self.match(still, still) == 1)

    var frames = rig.inputFrames
    try rig.drag(x: 300, y: 300, dx: 60, dy: 20)
    #expect(await rig.settle(after: frames), "the drag drew frames")
    let dragged = rig.screen
    let followed = Self.match(still, dragged, dx: 60, dy: 20)
    #expect(followed > 0.8, "the map moved with the finger: \(followed)")
    #expect(Self.match(still, dragged) < 0.5, "and is not where it was")

    // The knob zooms the bare map (nothing has its focus), and back.
    frames = rig.inputFrames
    try rig.turn(1)
    #expect(await rig.settle(after: frames), "the knob drew a frame")
    let knobZoomed = rig.screen
    #expect(Self.match(dragged, knobZoomed) < 0.5, "one detent zoomed in")
    frames = rig.inputFrames
    try rig.turn(-1)
    #expect(await rig.settle(after: frames))
    #expect(Self.match(dragged, rig.screen) > 0.85, "and one back zoomed out")

    // Fingers spreading to twice their distance: the knob's detent, by touch.
    frames = rig.inputFrames
    try rig.pinch(x: 400, y: 300, from: 200, to: 400)
    #expect(await rig.settle(after: frames), "the pinch drew frames")
    let pinched = rig.screen
    let same = Self.match(knobZoomed, pinched)
    #expect(same > 0.9, "a pinch ×2 shows what a knob detent showed: \(same)")
    rig.daemon.signal(SIGTERM)
    #expect(await rig.daemon.exitStatus() == 0)
  }

  @Test("taps choose a map button, a list row and the back button; the buttons work alongside")
  func taps() async throws {
    let rig = try TouchRig()
    try await started(rig)
    try rig.tap("destinations")
    #expect(
      await rig.waitForTargets { $0["favourites"] != nil && $0["nearby"] != nil },
      "the Go button opened the destinations: \(rig.targets.keys.sorted())")
    #expect(
      !rig.lines(containing: "touch: tap at").filter { $0.hasSuffix("on destinations") }.isEmpty)
    try rig.tap("nearby")
    #expect(
      await rig.waitForTargets { $0.keys.contains { $0.hasPrefix("category.") } },
      "the Nearby row opened its categories: \(rig.targets.keys.sorted())")
    try rig.tap("back")
    #expect(await rig.waitForTargets { $0["favourites"] != nil }, "back on the destinations")
    // The back button on GPIO: the map again.
    try rig.back()
    #expect(await rig.waitForTargets { $0["destinations"] != nil }, "the map, by the button")
    // A tap on the map itself, away from every control, chooses nothing.
    try rig.tap(x: 300, y: 300)
    try await Task.sleep(for: .milliseconds(500))
    #expect(rig.targets["destinations"] != nil)
    #expect(!rig.lines(containing: "touch: tap at (300, 300) on no control").isEmpty)
  }

  @Test("touches off the screen and an unplugged panel: a line each; the knob works on")
  func badInput() async throws {
    let rig = try TouchRig()
    try await started(rig)
    // A finger beyond the panel's range, moving about: one line for the whole touch.
    try rig.touch(
      rig.down(slot: 0, x: 900, y: 100) + ["ev event2 1 0x14a 1"] + rig.report()
        + rig.move(slot: 0, x: 950, y: 120) + rig.report() + rig.move(slot: 0, x: 300, y: 120)
        + rig.report() + rig.up(slot: 0) + ["ev event2 1 0x14a 0"] + rig.report())
    let outside = await rig.daemon.waitForLine { $0.contains("is outside the 800x480 screen") }
    #expect(outside?.contains("touch: (900, 100) is outside the 800x480 screen") == true)
    try await Task.sleep(for: .milliseconds(300))
    #expect(rig.lines(containing: "outside the").count == 1)
    #expect(rig.targets["destinations"] != nil, "nothing was chosen")

    try rig.touch(["unplug event2"])
    let gone = await rig.daemon.waitForLine { $0.contains("went away") }
    #expect(
      gone?.contains("touch: /dev/input/event2 went away (unplugged?) — knob only until it is back")
        == true)
    // Looked for again every 3 s: still one line.
    try await Task.sleep(for: .seconds(4))
    let touchLines = rig.lines(containing: "touch: ").filter { !$0.contains("tap at") }
    #expect(touchLines.count == 3, "found, outside, gone: \(touchLines)")
    let frames = rig.inputFrames
    try rig.turn(1)
    #expect(await rig.settle(after: frames), "the knob zooms without the touch screen")

    try rig.touch(["plug event2"])
    let back = await rig.daemon.waitForLine(timeout: .seconds(10)) { _ in
      rig.lines(containing: "touch: raspberrypi-ts on /dev/input/event2").count == 2
    }
    #expect(back != nil, "picked up again: \(rig.daemon.err.suffix(10))")
    try rig.tap("destinations")
    #expect(await rig.waitForTargets { $0["favourites"] != nil }, "and taps work again")
  }

  @Test("a configured touch screen that is missing: one error line, the rest runs")
  func missingDevice() async throws {
    let rig = try TouchRig(touch: "/dev/input/event9")
    let first = await rig.daemon.waitForLine { $0.contains("first frame") }
    try #require(first != nil, "\(rig.daemon.err.joined(separator: "\n"))")
    let error = await rig.daemon.waitForLine { $0.contains("touch: cannot open") }
    #expect(
      error?.contains(
        "touch: cannot open /dev/input/event9: No such file or directory — is the touch screen "
          + "connected? — knob only") == true, "\(rig.daemon.err.joined(separator: "\n"))")
    #expect(error?.hasPrefix("<3>") == true, "logged as an error")
    try await Task.sleep(for: .seconds(4))
    #expect(rig.lines(containing: "touch: cannot open").count == 1)
    let frames = rig.inputFrames
    try rig.turn(1)
    #expect(await rig.settle(after: frames), "the knob works")
  }
}
