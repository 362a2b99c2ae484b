import Board
import Core
import Foundation
import Navigation
import Templates
import TestSupport
import Testing

@testable import HeadUnit

/// What the car's core asks of its devices on scripted drives — what it draws, speaks,
/// saves and opens, and when — checked in under `Tests/Fixtures/goldens/effects` and
/// diffed, as the replay timelines are. `UPDATE_GOLDENS=1` writes them anew.
@Suite("Golden effect logs")
struct EffectLogGoldenTests {
  static let folder = Paths.fixtures.appendingPathComponent("goldens/effects")

  /// One scripted drive: its name, the saved trip the core starts with, and what happens.
  struct Script: CustomTestStringConvertible, Sendable {
    var name: String
    var drive: String
    /// Seconds of the drive to skip (a resumed trip picks up mid-way).
    var from: Double = 0
    var resume = false
    /// Events beside the fixes, at seconds after the start.
    var events: [(t: Double, event: HeadUnitCore.Event)] = []
    var testDescription: String { name }
  }

  static func press(_ role: InputRole, at t: Double) -> [(t: Double, event: HeadUnitCore.Event)] {
    [
      (t, .input(.button(role: role, action: .press, at: .seconds(t)))),
      (t + 0.1, .input(.button(role: role, action: .release, at: .seconds(t + 0.1)))),
    ]
  }

  static let scripts: [Script] = [
    // A whole drive; the driver mutes the prompts for a minute on the way.
    Script(
      name: "drive-muted-for-a-minute", drive: "helsinki-1-clean",
      events: press(.mute, at: 60.5) + press(.mute, at: 120.5)),
    // An ignition dip (cranking) is ignored; ignition off parks the unit mid-drive.
    Script(
      name: "ignition-dip-then-off", drive: "helsinki-3-outage",
      events: [
        (40.5, .input(.ignition(on: false, at: .seconds(40.5)))),
        (41.5, .input(.ignition(on: true, at: .seconds(41.5)))),
        (100.5, .input(.ignition(on: false, at: .seconds(100.5)))),
      ]),
    // A trip saved five minutes ago resumes where the car is, without the prompts behind.
    Script(name: "resume-mid-drive", drive: "helsinki-2-noisy", from: 60, resume: true),
  ]

  /// The core's effects on `script` as the daemon carries them out, one line each (timers
  /// and log lines left out; one `draw` an instant). The daemon runs on `VirtualClock` over
  /// devices that keep nothing and a router that never answers.
  static func log(_ script: Script) throws -> String {
    let fixes = try DriveFixtures.fixes(script.drive)
    let origin = try #require(fixes.first?.time).addingTimeInterval(script.from)
    var trip: TripSnapshot?
    if script.resume {
      trip = try DriveFixtures.snapshot(
        script.drive, savedAt: origin.addingTimeInterval(-300), sequence: 4)
    }
    let daemon = HeadUnitDaemon(
      configuration: DaemonConfiguration(), core: HeadUnitCoreTests.core(),
      devices: TestDevices(), router: TestDevices.SilentRouter(),
      logger: Logger(label: "test") { _ in })
    var lines: [String] = []
    var lastDraw: Date?
    daemon.watch = { effect, instant, _ in
      let t = String(format: "%7.1f", instant.timeIntervalSince(origin))
      if effect == .redraw {
        if lastDraw != instant { lines.append("\(t) draw") }
        lastDraw = instant
      } else if let text = describe(effect) {
        lines.append("\(t) \(text)")
      }
    }
    var clock = VirtualClock(daemon, origin: origin)
    clock.send(.core(.start(places: PlaceLists(), trip: trip)), at: origin)
    if !script.resume {
      let route = try DriveFixtures.route(script.drive)
      let place = try #require(
        DriveFixtures.provider.places.first { $0.coordinate == route.destination })
      clock.send(.core(.navigate(place, start: true)), at: origin)
    }
    var events = script.events
    for fix in fixes where fix.time >= origin {
      while let next = events.first, origin.addingTimeInterval(next.t) < fix.time {
        clock.send(.core(next.event), at: origin.addingTimeInterval(next.t))
        events.removeFirst()
      }
      clock.send(.core(.position(.fix(fix))), at: fix.time)
    }
    daemon.watch = nil
    return lines.joined(separator: "\n") + "\n"
  }

  /// A line for an effect the devices carry out; nil for timers, log lines and the
  /// session's own report.
  static func describe(_ effect: HeadUnitCore.Effect) -> String? {
    switch effect {
    case .speak(let a):
      "speak \(a.stage.rawValue) \(a.maneuvers.map(String.init).joined(separator: "+")) \"\(a.text)\""
    case .maneuverChanged(let next): "next maneuver \(next)"
    case .setMuted(let muted): muted ? "mute" : "unmute"
    case .stopPrompts: "stop prompts"
    case .chime: "chime"
    case .saveTrip(let s): "save trip #\(s.sequence) next step \(s.progress?.nextStep ?? -1)"
    case .clearTrip: "clear trip"
    case .savePlaces(let p):
      "save places (\(p.favourites.count) favourites, \(p.recents.count) recents)"
    case .requestRoute(let r): "request route (\(r.reason.rawValue))"
    case .acquireDevices: "acquire devices"
    case .releaseDevices: "release devices"
    case .screen(let s): "screen \(s)"
    case .runShutdownCommand(let c): "run \(c.joined(separator: " "))"
    case .stopped: "stopped"
    case .bridge(let output): "bridge \(output)"
    case .fleetReply(let r): "fleet reply \(r.id ?? "-") \(r.status.rawValue)"
    case .music(let command): "music \(command)"
    case .listMusic(let query): "list music \(query)"
    case .redraw, .timer, .log, .guidance: nil
    }
  }

  @Test("the effect log matches its golden", arguments: scripts)
  func matches(_ script: Script) throws {
    let text = try Self.log(script)
    try Golden.check(
      text, against: Self.folder.appendingPathComponent(script.name + ".log"),
      what: "\(script.name): the effect log")
  }
}
