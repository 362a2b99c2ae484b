import Board
import Foundation
import MachineTestSupport
import Navigation
import Readers
import Testing

@testable import Commands
@testable import Core
@testable import HeadUnit

/// A `HeadUnitCore` on the program's virtual clock, recording every effect with its time
/// (seconds since `origin`). Devices are "acquired" at once: `.acquireDevices` is answered
/// with `.devicesReady` at the same instant.
typealias CoreClock = RecordingClock<HeadUnitCore>

extension RecordingClock where Machine == HeadUnitCore {
  init(
    core: HeadUnitCore, origin: Date = Date(timeIntervalSince1970: 1_800_000_000),
    places: PlaceLists = PlaceLists(), trip: TripSnapshot? = nil
  ) {
    self.init(core, origin: origin) { $0 == .acquireDevices ? [.devicesReady] : [] }
    send(.start(places: places, trip: trip), at: 0)
  }

  var core: HeadUnitCore { machine }

  /// Effects other than timers, redraws and log lines, from `t` on.
  func visible(from t: TimeInterval = 0) -> [HeadUnitCore.Effect] {
    log.filter { $0.t >= t }.map(\.effect).filter {
      switch $0 {
      case .timer, .redraw, .log, .speak, .maneuverChanged, .saveTrip: false
      default: true
      }
    }
  }

  func count(where matches: (HeadUnitCore.Effect) -> Bool) -> Int {
    log.filter { matches($0.effect) }.count
  }

  /// The trip snapshots saved, with their times.
  var saves: [(t: TimeInterval, snapshot: TripSnapshot)] {
    log.compactMap { entry in
      if case .saveTrip(let snapshot) = entry.effect { (entry.t, snapshot) } else { nil }
    }
  }
}

/// Embedded drives and the trips along them, for daemon tests.
enum DriveFixtures {
  static let provider: EmbeddedRouteProvider = {
    do { return try EmbeddedRouteProvider.loadEmbedded() } catch {
      preconditionFailure("the embedded routes do not load: \(error)")
    }
  }()

  static let phrases: Phrasebook = {
    do { return try Phrasebook(language: "en") } catch {
      preconditionFailure("no English phrasebook: \(error)")
    }
  }()

  static func route(_ drive: String) throws -> Route {
    try ReplayCommand.loadRoute(try #require(EmbeddedData.routeURL(forDrive: drive)))
  }

  static func fixes(_ drive: String) throws -> [Fix] {
    try TrackReader.read(contentsOf: try #require(EmbeddedData.trackURL(forDrive: drive))).fixes
  }

  /// A snapshot of the trip along `drive`'s route, saved at `savedAt`.
  static func snapshot(_ drive: String, savedAt: Date, sequence: Int = 1) throws -> TripSnapshot {
    let route = try route(drive)
    let place = try #require(
      provider.places.first { $0.coordinate == route.destination }, "no place for \(drive)")
    let trip = try #require(provider.trip(to: place, from: nil))
    let choice = try #require(trip.routeChoices.firstIndex { $0.route == route })
    return TripSnapshot(
      sequence: sequence, savedAt: savedAt, place: place, trip: trip, choice: choice)
  }
}
