import Foundation
import Geo
import Navigation
import Testing

@testable import Core

/// When the reporter asks for its queue to be saved, and what it takes back at a start;
/// on `VirtualClock`, the endpoint answered by the test.
@Suite("Fleet reporter backlog")
struct FleetReporterBacklogTests {
  private static let start = Date(timeIntervalSince1970: 1_800_000_000)
  private static let down = FleetError(
    .httpStatus, url: "https://fleet.test/r", status: 503, "HTTP status 503")

  /// `metres` north of Helsinki's centre, moving.
  private static func at(_ metres: Double) -> FleetSnapshot {
    FleetSnapshot(
      location: Coordinate(latitude: 60.1699 + metres / 111_195, longitude: 24.9384),
      heading: 0, speed: 10)
  }

  private static func report(_ sequence: Int) -> FleetReport {
    FleetReport(
      vehicleId: "v", sequence: sequence, time: start, values: at(Double(sequence) * 100),
      fields: [.location, .heading, .speed])
  }

  /// A reporter started at `start` with `saved`.
  private static func started(
    _ saved: FleetBacklog = .empty, limit: Int = 360
  ) -> (VirtualClock<FleetReporter>, [FleetReporter.Effect]) {
    var clock = VirtualClock(
      FleetReporter(configuration: .init(vehicleId: "v", queueLimit: limit)), origin: start)
    var effects: [FleetReporter.Effect] = []
    clock.send(.start(saved: saved), at: start) { effect, _, _ in
      effects.append(effect)
      return []
    }
    return (clock, effects)
  }

  /// The vehicle at `metres`, then the clock 10 s on: the effects of the ticks due, each
  /// `.send` answered (failed with HTTP 503 when `failing`, else delivered) until none is
  /// left.
  private static func tick(
    _ clock: inout VirtualClock<FleetReporter>, _ metres: Double, failing: Bool = false
  ) -> [FleetReporter.Effect] {
    var pending: [FleetReporter.Effect] = []
    clock.send(.observe(at(metres)), at: clock.now) { effect, _, _ in
      pending.append(effect)
      return []
    }
    clock.advance(to: clock.now.addingTimeInterval(10)) { effect, _, _ in
      pending.append(effect)
      return []
    }
    var all: [FleetReporter.Effect] = []
    while !pending.isEmpty {
      let effect = pending.removeFirst()
      all.append(effect)
      guard case .send(let report, _) = effect else { continue }
      let answer: FleetReporter.Event =
        failing ? .failed(sequence: report.sequence, down) : .delivered(sequence: report.sequence)
      clock.send(answer, at: clock.now) { effect, _, _ in
        pending.append(effect)
        return []
      }
    }
    return all
  }

  private static func saves(_ effects: [FleetReporter.Effect]) -> [FleetBacklog] {
    effects.compactMap { if case .persist(let backlog) = $0 { backlog } else { nil } }
  }

  private static func sent(_ effects: [FleetReporter.Effect]) -> [Int] {
    effects.compactMap { if case .send(let report, _) = $0 { report.sequence } else { nil } }
  }

  @Test func savedReportsGoFirstAndNumberingGoesOn() {
    let saved = FleetBacklog(reports: [5, 6, 7].map(Self.report), nextSequence: 108)
    var (clock, effects) = Self.started(saved)
    #expect(
      effects.contains(
        .log(
          .notice,
          "fleet: 3 reports saved before the restart to send (5–7); numbering goes on from 108"
        )))
    // The start reserves numbers before using any.
    #expect(Self.saves(effects) == [FleetBacklog(reports: saved.reports, nextSequence: 208)])
    effects = Self.tick(&clock, 5000)
    #expect(Self.sent(effects) == [5, 6, 7, 108])
    // The catch-up emptied a queue the file held: one save, at its end.
    #expect(Self.saves(effects) == [FleetBacklog(reports: [], nextSequence: 209)])
  }

  @Test func savesEveryChangeWhileOfflineAndNothingPerReportOnline() {
    var (clock, _) = Self.started()
    var online: [FleetReporter.Effect] = []
    for i in 0..<20 { online += Self.tick(&clock, Double(i) * 100) }
    #expect(Self.sent(online).count == 20)
    #expect(Self.saves(online).isEmpty)
    // Offline: the failure saves the report that was under way, each later report too.
    var offline: [[FleetBacklog]] = []
    for i in 20..<25 {
      offline.append(Self.saves(Self.tick(&clock, Double(i) * 100, failing: true)))
    }
    #expect(
      offline.map { $0.map { $0.reports.map(\.sequence) } } == [
        [[21]], [[21, 22]], [[21, 22, 23]], [[21, 22, 23, 24]], [[21, 22, 23, 24, 25]],
      ])
    // Back: the tick's report is saved (the reporter cannot know yet), every report is
    // delivered in order, and the queue is saved once more when empty.
    let back = Self.tick(&clock, 2500)
    #expect(Self.sent(back) == [21, 22, 23, 24, 25, 26])
    #expect(Self.saves(back).map { $0.reports.map(\.sequence) } == [[21, 22, 23, 24, 25, 26], []])
  }

  @Test func aSaveReservesNumbersSoARestartNeverReusesOne() {
    var (clock, effects) = Self.started()
    var used = 0
    var reserved = Self.saves(effects).last?.nextSequence ?? 0
    var saveCount = 0
    for i in 0..<250 {
      // Offline for a stretch now and then.
      effects = Self.tick(&clock, Double(i) * 100, failing: (100..<110).contains(i))
      used = max(used, Self.sent(effects).max() ?? used)
      for backlog in Self.saves(effects) {
        reserved = backlog.nextSequence
        saveCount += 1
      }
      // Whatever was saved last, a restart from it numbers above every report made.
      #expect(reserved >= clock.machine.nextSequence, "tick \(i)")
    }
    #expect(used == 250)
    // Online, a save per 100 reports; offline, one per report (and the catch-up's end).
    #expect(saveCount < 25)
  }

  @Test func aSavedQueueOverTheLimitKeepsTheNewest() {
    let saved = FleetBacklog(reports: (1...8).map(Self.report), nextSequence: 9)
    let (clock, effects) = Self.started(saved, limit: 5)
    #expect(clock.machine.queue.map(\.sequence) == [4, 5, 6, 7, 8])
    #expect(clock.machine.failures["queue full"] == 3)
    #expect(
      effects.contains(
        .log(.warning, "fleet: 8 saved reports, more than the queue's 5; the oldest 3 dropped")))
  }

  @Test func aFullQueueWhileOfflineStaysBoundedAndCounted() {
    var (clock, _) = Self.started(limit: 3)
    var last: FleetBacklog?
    for i in 0..<10 {
      last = Self.saves(Self.tick(&clock, Double(i) * 100, failing: true)).last ?? last
    }
    #expect(last?.reports.map(\.sequence) == [8, 9, 10])
    #expect(clock.machine.failures["queue full"] == 7)
  }
}
