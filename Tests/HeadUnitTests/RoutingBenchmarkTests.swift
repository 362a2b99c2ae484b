import Foundation
import Geo
import Testing

@testable import Bench
@testable import Commands
@testable import HeadUnit

/// `bench routing` beside routing servers: the length agreement rule, the tally over pairs,
/// the query-time figures and the report's lines.
@Suite("Routing benchmark against servers")
struct RoutingBenchmarkTests {
  @Test(arguments: [
    // Short routes: 15 m either way.
    (100.0, 115.0, true), (100.0, 116.0, false), (130.0, 115.0, true), (131.0, 116.0, true),
    (132.0, 116.0, false),
    // 500 m: 3 % is exactly 15 m.
    (485.0, 500.0, true), (515.0, 500.0, true), (516.0, 500.0, false),
    // Long routes: 3 % of the reference's length.
    (10_300.0, 10_000.0, true), (9_700.0, 10_000.0, true), (10_301.0, 10_000.0, false),
    (9_699.0, 10_000.0, false),
  ])
  func agreementRule(length: Double, reference: Double, agrees: Bool) {
    #expect(LengthAgreement.agrees(length, reference: reference) == agrees)
  }

  @Test func toleranceIsOfTheReference() {
    #expect(LengthAgreement.tolerance(reference: 100) == 15)
    #expect(LengthAgreement.tolerance(reference: 2000) == 60)
    // 1000 against 1031 agrees (3 % of 1031 is 30.9 m); 1031 against 1000 does not.
    #expect(LengthAgreement.agrees(1000, reference: 1030.9))
    #expect(!LengthAgreement.agrees(1031, reference: 1000))
  }

  @Test func tallyCountsMissingRoutesApart() {
    let tally = LengthAgreement(
      lengths: [1000, nil, 500, 2000, nil, 300],
      reference: [1010, 800, nil, 2500, nil, 310])
    #expect(tally.pairs == 6)
    #expect(tally.compared == 3)
    #expect(tally.agreeing == 2)
    #expect(tally.disagreeing == [3])
    #expect(tally.missingOurs == 1)
    #expect(tally.missingReference == 1)
    #expect(tally.missingBoth == 1)
    #expect(tally.share == 2.0 / 3.0)
    #expect(LengthAgreement(lengths: [nil], reference: [1]).share == nil)
  }

  @Test func queryTimes() {
    let times = QueryTimes([5, 1, 3, 2, 4])
    #expect(times == QueryTimes([1, 2, 3, 4, 5]))
    #expect(times.count == 5 && times.median == 3 && times.p95 == 5 && times.max == 5)
    let many = QueryTimes((1...100).map(Double.init))
    #expect(many.median == 51 && many.p95 == 96 && many.max == 100)
    #expect(QueryTimes([]).median.isNaN && QueryTimes([]).count == 0)
    #expect(QueryTimes([1, 2]).text == "median 2.000 ms, p95 2.000 ms, max 2.000 ms")
  }

  @Test func serverReportShape() {
    func point(_ latitude: Double) -> Coordinate {
      Coordinate(latitude: latitude, longitude: 24.9)
    }
    let pairs = (0..<5).map { (from: point(60 + Double($0) / 100), to: point(60.5)) }
    let failure = RemoteRouterError(.timeout, server: "OSRM at http://x", "no answer within 10 s")
    let lines = RoutingBenchmark.serverReport(
      engine: "OSRM", server: "OSRM at http://x", pairs: pairs,
      ours: [1000, 2000, nil, 400, 700],
      answers: [
        .route(distance: 1010, milliseconds: 2), .route(distance: 2500, milliseconds: 4),
        .route(distance: 900, milliseconds: 3), .noRoute, .failed(failure),
      ])
    #expect(
      lines == [
        "  OSRM at http://x, same pairs over loopback HTTP (whole answer with steps): "
          + "median 3.000 ms, p95 4.000 ms, max 4.000 ms (3 routes)",
        "  lengths vs OSRM: 1 of 2 pairs routed by both agree within max(15 m, 3 %) (50.0 %)",
        "  not compared: 2 routed by us only, 1 by OSRM only, 0 by neither; "
          + "OSRM said no route for 1, failed on 1",
        "    first failure: OSRM at http://x: no answer within 10 s",
        "    differs: 60.010000,24.900000 60.500000,24.900000: ours 2000 m, OSRM 2500 m (-20.0 %)",
      ])
  }

  @Test func hierarchyCheckCountsEveryMismatch() {
    let line = RoutingBenchmark.hierarchyCheck(
      [100, nil, 300, 400, nil], plain: [100.5, 200, nil, 402, nil])
    #expect(
      line
        == "  hierarchy vs plain search, same pairs: 1 routed by the plain search only, "
        + "1 through the hierarchy only, 1 with lengths more than 1 m apart")
  }

  @Test func serverReportListsAsManyDifferencesAsAsked() {
    let pair = (
      from: Coordinate(latitude: 60, longitude: 24), to: Coordinate(latitude: 61, longitude: 24)
    )
    let pairs = [pair, pair, pair]
    let answers: [RoutingServers.Answer] = [100, 200, 300].map {
      .route(distance: $0, milliseconds: 1)
    }
    func listed(_ count: Int) -> Int {
      RoutingBenchmark.serverReport(
        engine: "OSRM", server: "OSRM at http://x", pairs: pairs, ours: [150, 250, 400],
        answers: answers, listed: count
      ).filter { $0.hasPrefix("    differs: ") }.count
    }
    #expect(listed(0) == 0 && listed(2) == 2 && listed(10) == 3)
  }

  @Test func benchRoutingReportsAServerThatDoesNotAnswer() {
    let captured = Captured()
    let status = HeadUnitCommand.run(
      [
        "bench", "routing", "--map", RoutingCommandTests.map, "--queries", "3",
        "--osrm", "http://127.0.0.1:1", "--valhalla", "http://127.0.0.1:1",
      ], console: captured.console, commands: ["bench": BenchCommand.run])
    #expect(status == .success, "\(captured.err)")
    let out = captured.out
    #expect(out.contains { $0.hasPrefix("  search (routing hierarchy): median ") })
    #expect(out.contains { $0.hasPrefix("  plain search, same pairs: median ") })
    #expect(out.contains { $0.hasPrefix("  hierarchy vs plain search, same pairs: ") })
    for engine in ["OSRM", "Valhalla"] {
      #expect(out.contains { $0.hasPrefix("  \(engine) at http://127.0.0.1:1, same pairs") })
      #expect(
        out.contains {
          $0.hasPrefix("  lengths vs \(engine): 0 of 0 pairs routed by both agree")
        })
      #expect(out.contains { $0.hasSuffix("\(engine) said no route for 0, failed on 3") })
    }
  }
}
