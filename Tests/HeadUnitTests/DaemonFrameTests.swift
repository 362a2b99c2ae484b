import Core
import Foundation
import Navigation
import TestSupport
import Testing

@testable import HeadUnit

/// The daemon's frames on a virtual clock: the frame-rate cap while the vehicle glides
/// between fixes, and the driver's input drawn at once whatever the cap.
@Suite("The daemon's frames")
struct DaemonFrameTests {
  /// Runs the first `seconds` of helsinki-1-clean through a daemon drawing at `frameRate`
  /// on `screen`, with `events` at seconds after the start; returns the start instant.
  static func drive(
    seconds: Double, frameRate: Int, screen: TestDevices.Screen,
    events: [(t: Double, event: HeadUnitCore.Event)] = []
  ) throws -> Date {
    let fixes = try DriveFixtures.fixes("helsinki-1-clean")
    let origin = try #require(fixes.first?.time)
    var configuration = DaemonConfiguration()
    configuration.display.frameRate = frameRate
    let daemon = HeadUnitDaemon(
      configuration: configuration, core: HeadUnitCoreTests.core(),
      devices: TestDevices(display: screen), router: TestDevices.SilentRouter(),
      logger: Logger(label: "test") { _ in })
    var clock = VirtualClock(daemon, origin: origin)
    clock.send(.core(.start(places: PlaceLists(), trip: nil)), at: origin)
    let route = try DriveFixtures.route("helsinki-1-clean")
    let place = try #require(
      DriveFixtures.provider.places.first { $0.coordinate == route.destination })
    clock.send(.core(.navigate(place, start: true)), at: origin)
    var pending = events
    for fix in fixes where fix.time <= origin.addingTimeInterval(seconds) {
      while let next = pending.first, origin.addingTimeInterval(next.t) < fix.time {
        clock.send(.core(next.event), at: origin.addingTimeInterval(next.t))
        pending.removeFirst()
      }
      clock.send(.core(.position(.fix(fix))), at: fix.time)
    }
    return origin
  }

  @Test("while the vehicle glides, frames come at the frame rate and no faster")
  func frameRateCap() throws {
    let screen = TestDevices.Screen()
    _ = try Self.drive(seconds: 20, frameRate: 4, screen: screen)
    let gaps = zip(screen.shown.dropFirst(), screen.shown).map { $0.timeIntervalSince($1) }
    // 20 s at 4 frames a second, the first frame at the start: about 80, never closer
    // than a quarter second.
    #expect((70...81).contains(screen.shown.count), "\(screen.shown.count) frames")
    #expect(gaps.allSatisfy { $0 >= 0.25 - 1e-6 }, "closest frames \(gaps.min() ?? 0) s apart")
  }

  @Test("a knob turn is drawn at its instant, inside the frame-rate cap")
  func inputIsUrgent() throws {
    let screen = TestDevices.Screen()
    let turn = 10.1
    let origin = try Self.drive(
      seconds: 12, frameRate: 1, screen: screen,
      events: [(turn, .input(.rotated(detents: 1, at: .seconds(turn))))])
    let instant = origin.addingTimeInterval(turn)
    #expect(
      screen.shown.contains(instant),
      "frames at \(screen.shown.map { $0.timeIntervalSince(origin) })")
    // Otherwise one a second.
    #expect(screen.shown.filter { $0 != instant }.count <= 13)
  }

  @Test("the clock and arrival times follow the configured time zone, else the system's")
  func timeZone() throws {
    var configuration = DaemonConfiguration()
    let system = HeadUnitDaemon(
      configuration: configuration, core: HeadUnitCoreTests.core(),
      devices: TestDevices(display: TestDevices.Screen()), router: TestDevices.SilentRouter(),
      logger: Logger(label: "test") { _ in })
    #expect(system.composer.timeZone == .current)
    configuration.timeZone = "Asia/Tokyo"
    let tokyo = HeadUnitDaemon(
      configuration: configuration, core: HeadUnitCoreTests.core(),
      devices: TestDevices(display: TestDevices.Screen()), router: TestDevices.SilentRouter(),
      logger: Logger(label: "test") { _ in })
    #expect(tokyo.composer.timeZone.identifier == "Asia/Tokyo")
  }
}
