import CGPS
import Foundation
import Geo
import Navigation
import Testing

@testable import Board
@testable import Core

@Suite("gpsd reports and stream state")
struct GPSDReportTests {
  /// A TPV as libgps leaves it after reading `{"class":"TPV","mode":3,…}`: unset
  /// values NaN.
  static func tpv(mode: Int32 = 3) -> gps_fix_t {
    var fix = gps_fix_t()
    for path: WritableKeyPath<gps_fix_t, Double> in [
      \.ept, \.latitude, \.epy, \.longitude, \.epx, \.altitude, \.altHAE, \.altMSL, \.epv,
      \.track, \.epd, \.speed, \.eps, \.climb, \.epc, \.eph, \.sep,
    ] {
      fix[keyPath: path] = .nan
    }
    fix.mode = mode
    fix.time = timespec(tv_sec: 1_777_881_600, tv_nsec: 500_000_000)
    fix.latitude = 60.1667
    fix.longitude = 24.9495
    return fix
  }

  static let time = Date(timeIntervalSince1970: 1_777_881_600.5)
  static let place = Coordinate(latitude: 60.1667, longitude: 24.9495)

  @Test("NaN fields become nil")
  func nanBecomesNil() {
    #expect(
      GPSDReport(tpv: Self.tpv())
        == .position(
          mode: .threeD, fix: Fix(time: Self.time, mode: .threeD, coordinate: Self.place)))
  }

  @Test("finite fields are carried over; altMSL wins over the old alt")
  func values() {
    var fix = Self.tpv(mode: 2)
    fix.altitude = 99
    fix.altMSL = 15
    fix.speed = 3.5
    fix.track = 357
    fix.eph = 17.1
    let report = GPSDReport(tpv: fix)
    #expect(
      report
        == .position(
          mode: .twoD,
          fix: Fix(
            time: Self.time, mode: .twoD, coordinate: Self.place, altitude: 15, speed: 3.5,
            course: 357, horizontalError: 17.1)))
  }

  @Test("horizontal error from epx and epy when there is no eph; alt when no altMSL")
  func errorFromAxes() {
    var fix = Self.tpv()
    fix.epx = 3
    fix.epy = 4
    fix.altitude = 12
    guard case .position(_, let converted?) = GPSDReport(tpv: fix) else {
      Issue.record("expected a fix")
      return
    }
    #expect(converted.horizontalError == 5)
    #expect(converted.altitude == 12)
  }

  @Test("mode 1, a 2D fix without a position, no time, and mode 0")
  func withoutPosition() {
    #expect(
      GPSDReport(tpv: Self.tpv(mode: 1))
        == .position(mode: .noFix, fix: Fix(time: Self.time, mode: .noFix, coordinate: nil)))
    var lost = Self.tpv(mode: 2)
    lost.latitude = .nan
    #expect(
      GPSDReport(tpv: lost)
        == .position(mode: .noFix, fix: Fix(time: Self.time, mode: .noFix, coordinate: nil)))
    var untimed = Self.tpv(mode: 1)
    untimed.time = timespec()
    #expect(GPSDReport(tpv: untimed) == .position(mode: .noFix, fix: nil))
    #expect(GPSDReport(tpv: Self.tpv(mode: 0)) == .other)
    #expect(GPSDReport(hdop: .nan, satellitesUsed: nil) == .sky(hdop: nil, satellitesUsed: nil))
  }

  // MARK: - Stream state

  typealias Input = GPSDStreamState.Input
  static let start = ContinuousClock.now
  static func at(_ ms: Int) -> ContinuousClock.Instant { start.advanced(by: .milliseconds(ms)) }
  static func fix(_ second: Double, _ mode: Fix.Mode = .threeD) -> Fix {
    Fix(
      time: Date(timeIntervalSince1970: second), mode: mode,
      coordinate: mode == .noFix ? nil : place)
  }
  static func tpv(_ fix: Fix) -> Input { .report(.position(mode: fix.mode, fix: fix)) }

  @Test(
    "status and fix events",
    arguments: [
      // Connecting, then fixes: one status, one event per fix.
      (
        [(0, Input.connected), (100, tpv(fix(1))), (200, tpv(fix(2)))],
        [PositionEvent.status(.connected), .fix(fix(1)), .fix(fix(2))]
      ),
      // A repeated fix is dropped; a refinement of the same epoch is not.
      (
        [(0, .connected), (1, tpv(fix(1, .twoD))), (2, tpv(fix(1))), (3, tpv(fix(1)))],
        [.status(.connected), .fix(fix(1, .twoD)), .fix(fix(1))]
      ),
      // No fix: the status changes once, the no-fix epochs still come through.
      (
        [
          (0, .connected), (1, tpv(fix(1))), (2, tpv(fix(2, .noFix))), (3, tpv(fix(3, .noFix))),
          (4, tpv(fix(4))),
        ],
        [
          .status(.connected), .fix(fix(1)), .status(.noFix), .fix(fix(2, .noFix)),
          .fix(fix(3, .noFix)), .status(.connected), .fix(fix(4)),
        ]
      ),
      // Silence before the deadline is ignored; at it, stale once; a TPV ends it.
      (
        [
          (0, .connected), (1_999, .silence), (2_000, .silence), (2_500, .silence),
          (9_000, tpv(fix(1))),
        ],
        [.status(.connected), .status(.stale), .status(.connected), .fix(fix(1))]
      ),
      // The deadline moves with each TPV, not with other reports.
      (
        [
          (0, .connected), (1_500, tpv(fix(1))), (2_100, .silence), (2_200, .report(.other)),
          (3_500, .silence),
        ],
        [.status(.connected), .fix(fix(1)), .status(.stale)]
      ),
      // Every failed attempt is reported; no stale while disconnected.
      (
        [
          (0, .disconnected(reason: "down")), (1_000, .disconnected(reason: "down")),
          (5_000, .silence), (5_001, .connected),
        ],
        [
          .status(.disconnected(reason: "down")), .status(.disconnected(reason: "down")),
          .status(.connected),
        ]
      ),
    ])
  func streamState(inputs: [(Int, Input)], expected: [PositionEvent]) {
    var state = GPSDStreamState(staleAfter: .seconds(2))
    var events: [PositionEvent] = []
    for (ms, input) in inputs { events += state.handle(input, at: Self.at(ms)) }
    #expect(events == expected)
  }

  @Test("fixes take HDOP and satellites from the latest SKY; a new connection forgets it")
  func sky() {
    var state = GPSDStreamState(staleAfter: .seconds(2))
    _ = state.handle(.connected, at: Self.at(0))
    _ = state.handle(.report(.sky(hdop: 0.9, satellitesUsed: 9)), at: Self.at(1))
    _ = state.handle(.report(.sky(hdop: nil, satellitesUsed: nil)), at: Self.at(2))
    var expected = Self.fix(1)
    expected.hdop = 0.9
    expected.satellites = 9
    #expect(state.handle(Self.tpv(Self.fix(1)), at: Self.at(3)) == [.fix(expected)])
    _ = state.handle(.disconnected(reason: "gone"), at: Self.at(4))
    _ = state.handle(.connected, at: Self.at(5))
    #expect(state.handle(Self.tpv(Self.fix(2)), at: Self.at(6)) == [.fix(Self.fix(2))])
  }

  @Test("backoff doubles to the maximum and starts again after a success")
  func backoff() {
    var backoff = RetryBackoff.standard
    let delays = (0..<6).map { _ in backoff.nextDelay() }
    #expect(delays == [1, 2, 4, 8, 10, 10].map { Duration.seconds($0) })
    backoff.reset()
    #expect(backoff.nextDelay() == .seconds(1))
  }
}
