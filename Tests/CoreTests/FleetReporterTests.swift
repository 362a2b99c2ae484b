import Foundation
import Geo
import Navigation
import Testing

@testable import Core

/// Where the tests' clock starts: 2027-01-15 08:00:00 UTC.
private let epoch = Date(timeIntervalSince1970: 1_800_000_000)

/// A `FleetReporter` on the program's virtual clock (`VirtualClock`), its ticks the timer it
/// schedules; a test answers the requests it makes as an endpoint would.
extension VirtualClock<FleetReporter> {
  /// A reporter for `configuration` at `epoch`, not started.
  init(_ configuration: FleetReporter.Configuration) {
    self.init(FleetReporter(configuration: configuration), origin: epoch)
  }

  /// A reporter for `configuration`, started at `epoch`: its first tick is due at once.
  init(started configuration: FleetReporter.Configuration) {
    self.init(configuration)
    send(.start(saved: .empty))
  }

  /// Seconds since `origin`.
  var t: TimeInterval { now.timeIntervalSince(origin) }

  /// Hands `event` to the reporter now; the effects it led to (of the ticks due first, too).
  @discardableResult
  mutating func send(_ event: FleetReporter.Event) -> [FleetReporter.Effect] {
    var effects: [FleetReporter.Effect] = []
    send(event, at: now) { effect, _, _ in
      effects.append(effect)
      return []
    }
    return effects
  }

  /// `snapshot` observed now, then the clock `seconds` on; the effects of the ticks due by
  /// then (with the first, due at the start, if it has not come yet).
  @discardableResult
  mutating func tick(
    _ snapshot: FleetSnapshot, after seconds: TimeInterval = 10
  ) -> [FleetReporter.Effect] {
    var effects = send(.observe(snapshot))
    advance(to: now.addingTimeInterval(seconds)) { effect, _, _ in
      effects.append(effect)
      return []
    }
    return effects
  }

  /// Answers every `.send` in `effects` with `.delivered`, and the sends those lead to,
  /// until none is left; `effects` and those the answers led to, in order (so `sends` of it
  /// are the reports delivered).
  mutating func deliverAll(_ effects: [FleetReporter.Effect]) -> [FleetReporter.Effect] {
    var all: [FleetReporter.Effect] = []
    var pending = effects
    while let effect = pending.first {
      pending.removeFirst()
      all.append(effect)
      if case .send(let report, _) = effect {
        pending += send(.delivered(sequence: report.sequence))
      }
    }
    return all
  }
}

private func sends(_ effects: [FleetReporter.Effect]) -> [FleetReport] {
  effects.compactMap {
    if case .send(let report, _) = $0 { return report }
    return nil
  }
}

private let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)

/// `metres` north of Helsinki's centre.
private func north(_ metres: Double) -> Coordinate {
  Coordinate(latitude: helsinki.latitude + metres / 111_195, longitude: helsinki.longitude)
}

private func driving(
  _ metres: Double, heading: Double = 0, speed: Double = 10, eta: TimeInterval = 600
) -> FleetSnapshot {
  FleetSnapshot(
    location: north(metres), heading: heading, speed: speed,
    route: [north(1000), north(2000)], remainingDistance: 2000 - metres,
    eta: epoch.addingTimeInterval(eta))
}

private let outage = FleetError(
  .httpStatus, url: "https://fleet.test/r", status: 503, "HTTP status 503")

@Suite("Fleet reporter")
struct FleetReporterTests {
  @Test(arguments: [(3.0, 5.0), (100.0, 60.0), (10.0, 10.0), (5.0, 5.0), (60.0, 60.0)])
  func intervalIsClamped(asked: Double, used: Double) {
    let configuration = FleetReporter.Configuration(vehicleId: "v", interval: .seconds(asked))
    #expect(configuration.interval == .seconds(used))
    #expect(configuration.isClamped == (asked != used))
    var clock = VirtualClock(configuration)
    // The first tick at once, the next one interval later.
    #expect(clock.send(.start(saved: .empty)).contains(.timer(.schedule(.tick, at: clock.origin))))
    let effects = clock.tick(.empty, after: 0)
    #expect(effects.first == .timer(.schedule(.tick, at: clock.origin.addingTimeInterval(used))))
  }

  @Test func clampingIsLogged() {
    var clock = VirtualClock(.init(vehicleId: "van-7", interval: .seconds(3)))
    #expect(
      clock.send(.start(saved: .empty)).contains(
        .log(.notice, "fleet reporting as van-7 every 5 s (3 s asked, clamped to 5–60 s)")))
  }

  @Test func firstReportIsFullThenOnlyChanges() throws {
    var clock = VirtualClock(started: .init(vehicleId: "van-7"))
    let first = sends(clock.deliverAll(clock.tick(driving(0))))
    #expect(first.count == 1)
    #expect(first[0].fields == Set(FleetField.allCases))
    #expect(first[0].sequence == 1)

    // 100 m on, same heading, speed, route, ETA: location and distance only.
    let second = sends(clock.deliverAll(clock.tick(driving(100))))
    #expect(second.map(\.fields) == [[.location, .remainingDistance]])
    #expect(second[0].sequence == 2)

    // Turned 30°, slowed to 5 m/s, ETA 2 min later.
    let third = sends(clock.deliverAll(clock.tick(driving(100, heading: 30, speed: 5, eta: 720))))
    #expect(third.map(\.fields) == [[.heading, .speed, .eta]])
    let report = third[0]
    #expect(report.values.heading == 30)
    #expect(report.values.speed == 5)
    #expect(report.vehicleId == "van-7")
    #expect(report.sequence == 3)
    #expect(FleetReport.timestamp(report.time) == "2027-01-15T08:00:30Z")
    #expect(report.values.eta.map(FleetReport.timestamp) == "2027-01-15T08:12:00Z")
  }

  @Test func nothingIsSentWhenNothingChanged() {
    var clock = VirtualClock(started: .init(vehicleId: "v"))
    // Nothing known yet: nothing to say.
    #expect(sends(clock.tick(.empty)).isEmpty)
    let parked = FleetSnapshot(location: helsinki, heading: 90, speed: 0)
    #expect(sends(clock.deliverAll(clock.tick(parked))).count == 1)
    // An hour parked, the fix jittering by 2 m and the speed by 0.2 m/s.
    for i in 0..<360 {
      var jitter = parked
      jitter.location = north(i.isMultiple(of: 2) ? 2 : -2)
      jitter.speed = i.isMultiple(of: 3) ? 0.2 : 0
      jitter.heading = 90 + (i.isMultiple(of: 2) ? 3 : -3)
      #expect(sends(clock.tick(jitter)).isEmpty)
    }
    #expect(clock.machine.queue.isEmpty)
    #expect(clock.machine.deliveredCount == 1)
    // Thresholds accumulate against the last report, not the last tick: creeping 1 m a
    // tick is a report after 5 m.
    var crept: [Int] = []
    for metres in 1...12 {
      var creeping = parked
      creeping.location = north(Double(metres))
      if !sends(clock.tick(creeping)).isEmpty {
        crept.append(metres)
        _ = clock.send(.delivered(sequence: clock.machine.queue[0].sequence))
      }
    }
    #expect(crept == [5, 10])
  }

  @Test func routeIsSentWhenNewOrMostlyDriven() {
    let route = (0...20).map { north(Double($0) * 100) }
    var old = FleetSnapshot(route: route)
    // Passing two vertices (200 m) is not a change; the server trims by location.
    #expect(!FleetField.route.changed(from: old, to: FleetSnapshot(route: Array(route[2...]))))
    #expect(FleetField.route.changed(from: old, to: FleetSnapshot(route: Array(route[5...]))))
    // A reroute is a change, however short.
    #expect(
      FleetField.route.changed(
        from: old, to: FleetSnapshot(route: [north(150), north(2000)])))
    #expect(FleetField.route.changed(from: old, to: FleetSnapshot()))
    old.route = nil
    #expect(!FleetField.route.changed(from: old, to: FleetSnapshot()))
    // Arrival clears the trip fields with nulls.
    var clock = VirtualClock(started: .init(vehicleId: "v"))
    _ = clock.deliverAll(clock.tick(driving(0)))
    let arrived = sends(
      clock.deliverAll(clock.tick(FleetSnapshot(location: north(2000), heading: 0))))
    #expect(arrived.map(\.fields) == [[.location, .speed, .route, .remainingDistance, .eta]])
    // Sent as nulls: the fields changed, their values are gone.
    #expect(arrived[0].values.route == nil)
    #expect(arrived[0].values.speed == nil)
  }

  @Test func remainingRouteStartsAheadOfTheVehicle() {
    let route = (0...4).map { north(Double($0) * 100) }
    #expect(FleetSnapshot.remaining(of: route, after: 0) == Array(route[1...]))
    #expect(FleetSnapshot.remaining(of: route, after: 250) == Array(route[3...]))
    #expect(FleetSnapshot.remaining(of: route, after: 1000) == [route[4]])
  }

  @Test func outageQueuesNewestWinsAndCatchesUpInOrder() throws {
    var clock = VirtualClock(started: .init(vehicleId: "v", queueLimit: 5))
    var log = clock.deliverAll(clock.tick(driving(0)))
    // Offline for 8 ticks, moving 100 m each: every attempt fails.
    for i in 1...8 {
      let effects = clock.tick(driving(Double(i) * 100))
      let sent = sends(effects)
      #expect(sent.count == 1)
      // The oldest queued report is the one tried.
      log += effects + clock.send(.failed(sequence: sent[0].sequence, outage))
    }
    let reporter = clock.machine
    #expect(reporter.queue.map(\.sequence) == [5, 6, 7, 8, 9])
    #expect(reporter.failures["HTTP 503"] == 8)
    #expect(reporter.failures["queue full"] == 3)
    #expect(reporter.queue.map { $0.values.location } == (4...8).map { north(Double($0) * 100) })
    // Each queued report carries everything changed since the last delivery, so the
    // dropped ones lose nothing.
    #expect(reporter.queue.allSatisfy { $0.fields == [.location, .remainingDistance] })
    // The first failure and the way back are logged; repeats only at debug level.
    let warnings = log.filter {
      if case .log(.warning, _) = $0 { return true }
      return false
    }
    #expect(
      warnings == [
        .log(.warning, "fleet: https://fleet.test/r: HTTP status 503 (1 report queued)")
      ])

    // Back: the tick's report pushes out the oldest; it sends the oldest left, and each
    // delivery the next at once.
    let back = clock.deliverAll(clock.tick(driving(900)))
    let caughtUp = sends(back)
    #expect(caughtUp.map(\.sequence) == [6, 7, 8, 9, 10])
    #expect(caughtUp.map { $0.values.location } == (5...9).map { north(Double($0) * 100) })
    #expect(clock.machine.queue.isEmpty)
    #expect(
      back.contains(
        .log(
          .notice,
          "fleet: endpoint back after 8 failed attempts (HTTP 503); 4 queued reports to send")))
  }

  @Test func tokenIsFetchedOnceAndReusedUntilRenewal() {
    var clock = VirtualClock(started: .init(vehicleId: "v", authenticated: true))
    #expect(clock.tick(driving(0)).last == .fetchToken)
    var effects = clock.send(.tokenFetched(FleetToken(value: "t1", lifetime: .seconds(100))))
    #expect(sends(effects).count == 1)
    #expect(effects.contains { if case .send(_, "t1") = $0 { true } else { false } })
    _ = clock.deliverAll(effects)
    // Renewal at 100 − 10 s margin = 90 s after it came.
    for metres in stride(from: 100.0, through: 800, by: 100) {
      effects = clock.tick(driving(metres))
      #expect(!effects.contains(.fetchToken), "t = \(clock.t)")
      _ = clock.deliverAll(effects)
    }
    #expect(clock.t == 90)
    effects = clock.tick(driving(900))
    #expect(effects.last == .fetchToken)
  }

  @Test func unauthorizedRefetchesTheTokenAndRetriesOnce() {
    var clock = VirtualClock(started: .init(vehicleId: "v", authenticated: true))
    _ = clock.tick(driving(0))
    let first = sends(clock.send(.tokenFetched(FleetToken(value: "t1", lifetime: nil))))
    let unauthorized = FleetError(.httpStatus, url: "u", status: 401, "HTTP status 401")
    #expect(clock.send(.failed(sequence: first[0].sequence, unauthorized)).last == .fetchToken)
    let retried = clock.send(.tokenFetched(FleetToken(value: "t2", lifetime: nil)))
    #expect(retried == [.send(first[0], token: "t2")])
    // Refused again: a failure, no third try until the next tick.
    let gaveUp = clock.send(.failed(sequence: first[0].sequence, unauthorized))
    #expect(sends(gaveUp).isEmpty && !gaveUp.contains(.fetchToken))
    #expect(clock.machine.failures["HTTP 401"] == 1)
    #expect(clock.machine.queue.count == 1)
  }

  @Test func stopSavesTheQueueAndEndsAtOnce() {
    var clock = VirtualClock(started: .init(vehicleId: "v"))
    let sent = sends(clock.tick(driving(0)))
    _ = clock.tick(driving(100))
    let queued = clock.machine.queue
    #expect(queued.count == 2)
    let effects = clock.send(.stop)
    #expect(
      effects == [
        .cancelAll, .persist(FleetBacklog(reports: queued, nextSequence: 3)),
        .log(.notice, "fleet reporting off, 2 unsent reports saved"),
      ])
    #expect(!clock.machine.isRunning && clock.machine.queue.isEmpty)
    // The answer to the request under way, and later ticks, do nothing.
    #expect(clock.send(.delivered(sequence: sent[0].sequence)).isEmpty)
    #expect(clock.tick(driving(200)).isEmpty)
  }
}
