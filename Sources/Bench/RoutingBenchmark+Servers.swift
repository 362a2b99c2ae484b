import Commands
import Foundation
import Geo
import HeadUnit

extension RoutingBenchmark {
  /// How many disagreeing pairs a server's report lists, the largest differences first.
  static let listedDisagreements = 5

  /// Asks `server` for a route between each of `pairs` and prints its query times and how
  /// its lengths agree with `ours` (the offline router's length for each pair; nil: no
  /// route). Blocks for up to the server's timeout per pair.
  static func compare(
    _ server: RemoteRouter, pairs: [(from: Coordinate, to: Coordinate)], ours: [Double?],
    console: Console
  ) {
    let answers = pairs.map { RoutingServers.ask(server, from: $0.from, to: $0.to) }
    let lines = serverReport(
      engine: server.engine.name, server: server.name, pairs: pairs, ours: ours,
      answers: answers)
    for line in lines { console.out(line) }
  }

  /// The report for one server beside the offline router: its query times, the share of the
  /// pairs both routed whose lengths agree (`LengthAgreement`), the pairs not compared and
  /// why, and the pairs that disagree most. Pure; `pairs`, `ours` and `answers` have one
  /// element per pair, in the same order.
  static func serverReport(
    engine: String, server: String, pairs: [(from: Coordinate, to: Coordinate)],
    ours: [Double?], answers: [RoutingServers.Answer]
  ) -> [String] {
    precondition(pairs.count == ours.count && pairs.count == answers.count, "one per pair")
    let times = QueryTimes(answers.compactMap(\.milliseconds))
    let theirs = answers.map(\.distance)
    let agreement = LengthAgreement(lengths: ours, reference: theirs)
    let noRoute = answers.filter { $0 == .noRoute }.count
    let failures = answers.compactMap { answer -> RemoteRouterError? in
      if case .failed(let error) = answer { error } else { nil }
    }
    var lines = [
      "  \(server), same pairs over loopback HTTP (whole answer with steps): \(times.text)"
        + " (\(times.count) routes)",
      String(
        format: "  lengths vs %@: %d of %d pairs routed by both agree within "
          + "max(%.0f m, %.0f %%)%@",
        engine, agreement.agreeing, agreement.compared, LengthAgreement.toleranceMetres,
        LengthAgreement.toleranceShare * 100,
        agreement.share.map { String(format: " (%.1f %%)", $0 * 100) } ?? ""),
      "  not compared: \(agreement.missingReference) routed by us only, "
        + "\(agreement.missingOurs) by \(engine) only, \(agreement.missingBoth) by neither; "
        + "\(engine) said no route for \(noRoute), failed on \(failures.count)",
    ]
    if let failure = failures.first {
      lines.append("    first failure: \(failure)")
    }
    func difference(_ index: Int) -> Double {
      guard let a = ours[index], let b = theirs[index], b > 0 else { return 0 }
      return (a - b) / b
    }
    let worst = agreement.disagreeing.sorted { abs(difference($0)) > abs(difference($1)) }
    for index in worst.prefix(listedDisagreements) {
      let (a, b) = pairs[index]
      lines.append(
        String(
          format: "    differs: %.6f,%.6f %.6f,%.6f: ours %.0f m, %@ %.0f m (%+.1f %%)",
          a.latitude, a.longitude, b.latitude, b.longitude, ours[index] ?? .nan, engine,
          theirs[index] ?? .nan, difference(index) * 100))
    }
    return lines
  }
}
