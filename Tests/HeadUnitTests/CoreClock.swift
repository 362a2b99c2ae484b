import Board
import Foundation
import Navigation
import Testing

@testable import Core
@testable import HeadUnit

/// Runs a `HeadUnitCore` on a virtual clock: keeps the timers it schedules and fires every
/// one due before each event, in time order, and records every effect with its time
/// (seconds since `origin`). Devices are "acquired" at once: `.acquireDevices` is answered
/// with `.devicesReady` at the same instant.
struct CoreClock {
  var core: HeadUnitCore
  var timers: [HeadUnitCore.Timer: Date] = [:]
  var log: [(t: TimeInterval, effect: HeadUnitCore.Effect)] = []
  let origin: Date

  init(
    core: HeadUnitCore, origin: Date = Date(timeIntervalSince1970: 1_800_000_000),
    places: PlaceLists = PlaceLists(), trip: TripSnapshot? = nil
  ) {
    self.core = core
    self.origin = origin
    send(.start(places: places, trip: trip), at: 0)
  }

  /// Fires due timers, then delivers `event` at `t` seconds.
  mutating func send(_ event: HeadUnitCore.Event, at t: TimeInterval) {
    advance(to: t)
    deliver(event, at: origin.addingTimeInterval(t))
  }

  /// Fires, in order, every timer due at or before `t`.
  mutating func advance(to t: TimeInterval) {
    let limit = origin.addingTimeInterval(t)
    while let (timer, due) = timers.filter({ $0.value <= limit }).min(by: { $0.value < $1.value }) {
      timers[timer] = nil
      deliver(.timer(timer), at: due)
    }
  }

  private mutating func deliver(_ event: HeadUnitCore.Event, at instant: Date) {
    var queue = [event]
    while !queue.isEmpty {
      let next = queue.removeFirst()
      for effect in core.handle(next, at: instant) {
        log.append((instant.timeIntervalSince(origin), effect))
        switch effect {
        case .schedule(let timer, let due): timers[timer] = due
        case .cancel(let timer): timers[timer] = nil
        case .acquireDevices: queue.append(.devicesReady)
        default: break
        }
      }
    }
  }

  /// Effects other than timers, redraws and log lines, from `t` on.
  func visible(from t: TimeInterval = 0) -> [HeadUnitCore.Effect] {
    log.filter { $0.t >= t }.map(\.effect).filter {
      switch $0 {
      case .schedule, .cancel, .redraw, .log, .speak, .maneuverChanged, .saveTrip: false
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
