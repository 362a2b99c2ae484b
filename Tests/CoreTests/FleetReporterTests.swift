import Foundation
import Geo
import Testing

@testable import Core

/// Runs a `FleetReporter` on a virtual clock and keeps every effect, so a test answers the
/// requests it makes as an endpoint would.
private struct FleetClock {
  var reporter: FleetReporter
  let origin = Date(timeIntervalSince1970: 1_800_000_000)
  var t: TimeInterval = 0
  var effects: [FleetReporter.Effect] = []

  init(_ configuration: FleetReporter.Configuration) {
    reporter = FleetReporter(configuration: configuration)
    send(.start)
  }

  var now: Date { origin.addingTimeInterval(t) }

  @discardableResult
  mutating func send(_ event: FleetReporter.Event) -> [FleetReporter.Effect] {
    let out = reporter.handle(event, at: now)
    effects += out
    return out
  }

  /// A tick `seconds` later with `snapshot`; the reports it sends.
  @discardableResult
  mutating func tick(
    _ snapshot: FleetSnapshot, after seconds: TimeInterval = 10
  ) -> [FleetReporter.Effect] {
    t += seconds
    return send(.tick(snapshot))
  }

  /// Answers every `.send` in `effects` with `.delivered`, and the sends those lead to,
  /// until none is left; the reports delivered, in order.
  mutating func deliverAll(_ effects: [FleetReporter.Effect]) -> [FleetReport] {
    var pending = effects
    var delivered: [FleetReport] = []
    while let effect = pending.first {
      pending.removeFirst()
      if case .send(let report, _) = effect {
        delivered.append(report)
        pending += send(.delivered(sequence: report.sequence))
      }
    }
    return delivered
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
    eta: Date(timeIntervalSince1970: 1_800_000_000 + eta))
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
    var clock = FleetClock(configuration)
    // The first tick at once, the next one interval later.
    #expect(clock.effects.contains(.schedule(at: clock.origin)))
    let effects = clock.send(.tick(.empty))
    #expect(effects.first == .schedule(at: clock.origin.addingTimeInterval(used)))
  }

  @Test func clampingIsLogged() {
    let clock = FleetClock(.init(vehicleId: "van-7", interval: .seconds(3)))
    #expect(
      clock.effects.contains(
        .log(.notice, "fleet reporting as van-7 every 5 s (3 s asked, clamped to 5–60 s)")))
  }

  @Test func firstReportIsFullThenOnlyChanges() throws {
    var clock = FleetClock(.init(vehicleId: "van-7"))
    let first = clock.deliverAll(clock.tick(driving(0)))
    #expect(first.count == 1)
    #expect(first[0].fields == Set(FleetField.allCases))
    #expect(first[0].sequence == 1)

    // 100 m on, same heading, speed, route, ETA: location and distance only.
    let second = clock.deliverAll(clock.tick(driving(100)))
    #expect(second.map(\.fields) == [[.location, .remainingDistance]])
    #expect(second[0].sequence == 2)

    // Turned 30°, slowed to 5 m/s, ETA 2 min later.
    let third = clock.deliverAll(clock.tick(driving(100, heading: 30, speed: 5, eta: 720)))
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
    var clock = FleetClock(.init(vehicleId: "v"))
    // Nothing known yet: nothing to say.
    #expect(sends(clock.tick(.empty)).isEmpty)
    let parked = FleetSnapshot(location: helsinki, heading: 90, speed: 0)
    #expect(clock.deliverAll(clock.tick(parked)).count == 1)
    // An hour parked, the fix jittering by 2 m and the speed by 0.2 m/s.
    for i in 0..<360 {
      var jitter = parked
      jitter.location = north(i.isMultiple(of: 2) ? 2 : -2)
      jitter.speed = i.isMultiple(of: 3) ? 0.2 : 0
      jitter.heading = 90 + (i.isMultiple(of: 2) ? 3 : -3)
      #expect(sends(clock.tick(jitter)).isEmpty)
    }
    #expect(clock.reporter.queue.isEmpty)
    #expect(clock.reporter.deliveredCount == 1)
    // Thresholds accumulate against the last report, not the last tick: creeping 1 m a
    // tick is a report after 5 m.
    var crept: [Int] = []
    for metres in 1...12 {
      var creeping = parked
      creeping.location = north(Double(metres))
      if !sends(clock.tick(creeping)).isEmpty {
        crept.append(metres)
        _ = clock.send(.delivered(sequence: clock.reporter.queue[0].sequence))
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
    var clock = FleetClock(.init(vehicleId: "v"))
    _ = clock.deliverAll(clock.tick(driving(0)))
    let arrived = clock.deliverAll(clock.tick(FleetSnapshot(location: north(2000), heading: 0)))
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
    var clock = FleetClock(.init(vehicleId: "v", queueLimit: 5))
    _ = clock.deliverAll(clock.tick(driving(0)))
    // Offline for 8 ticks, moving 100 m each: every attempt fails.
    for i in 1...8 {
      let effects = clock.tick(driving(Double(i) * 100))
      let sent = sends(effects)
      #expect(sent.count == 1)
      // The oldest queued report is the one tried.
      clock.send(.failed(sequence: sent[0].sequence, outage))
    }
    let reporter = clock.reporter
    #expect(reporter.queue.map(\.sequence) == [5, 6, 7, 8, 9])
    #expect(reporter.failures["HTTP 503"] == 8)
    #expect(reporter.failures["queue full"] == 3)
    #expect(reporter.queue.map { $0.values.location } == (4...8).map { north(Double($0) * 100) })
    // Each queued report carries everything changed since the last delivery, so the
    // dropped ones lose nothing.
    #expect(reporter.queue.allSatisfy { $0.fields == [.location, .remainingDistance] })
    // The first failure and the way back are logged; repeats only at debug level.
    let warnings = clock.effects.filter {
      if case .log(.warning, _) = $0 { return true }
      return false
    }
    #expect(
      warnings == [
        .log(.warning, "fleet: https://fleet.test/r: HTTP status 503 (1 report queued)")
      ])

    // Back: the tick's report pushes out the oldest; it sends the oldest left, and each
    // delivery the next at once.
    let caughtUp = clock.deliverAll(clock.tick(driving(900)))
    #expect(caughtUp.map(\.sequence) == [6, 7, 8, 9, 10])
    #expect(caughtUp.map { $0.values.location } == (5...9).map { north(Double($0) * 100) })
    #expect(clock.reporter.queue.isEmpty)
    #expect(
      clock.effects.contains(
        .log(
          .notice,
          "fleet: endpoint back after 8 failed attempts (HTTP 503); 4 queued reports to send")))
  }

  @Test func tokenIsFetchedOnceAndReusedUntilRenewal() {
    var clock = FleetClock(.init(vehicleId: "v", authenticated: true))
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
    var clock = FleetClock(.init(vehicleId: "v", authenticated: true))
    _ = clock.tick(driving(0))
    let first = sends(clock.send(.tokenFetched(FleetToken(value: "t1", lifetime: nil))))
    let unauthorized = FleetError(.httpStatus, url: "u", status: 401, "HTTP status 401")
    #expect(clock.send(.failed(sequence: first[0].sequence, unauthorized)).last == .fetchToken)
    let retried = clock.send(.tokenFetched(FleetToken(value: "t2", lifetime: nil)))
    #expect(retried == [.send(first[0], token: "t2")])
    // Refused again: a failure, no third try until the next tick.
    let gaveUp = clock.send(.failed(sequence: first[0].sequence, unauthorized))
    #expect(sends(gaveUp).isEmpty && !gaveUp.contains(.fetchToken))
    #expect(clock.reporter.failures["HTTP 401"] == 1)
    #expect(clock.reporter.queue.count == 1)
  }

  @Test func stopDropsEverythingAtOnce() {
    var clock = FleetClock(.init(vehicleId: "v"))
    let sent = sends(clock.tick(driving(0)))
    _ = clock.tick(driving(100))
    #expect(clock.reporter.queue.count == 2)
    let effects = clock.send(.stop)
    #expect(
      effects == [.cancelAll, .log(.notice, "fleet reporting off, 2 unsent reports dropped")])
    #expect(!clock.reporter.isRunning && clock.reporter.queue.isEmpty)
    // The answer to the request under way, and later ticks, do nothing.
    #expect(clock.send(.delivered(sequence: sent[0].sequence)).isEmpty)
    #expect(clock.tick(driving(200)).isEmpty)
  }
}
