import Commands
import Foundation
import Geo
import HeadUnit

extension RoutingBenchmark {
  /// How the routes through the hierarchy compare with the plain search's on the same pairs
  /// (`lengths` and `plain`, one per pair; nil: no route): they should be the same routes,
  /// so a pair only one of them routed, or lengths more than 1 m apart, is counted.
  static func hierarchyCheck(_ lengths: [Double?], plain: [Double?]) -> String {
    precondition(lengths.count == plain.count, "one length per pair on each side")
    var plainOnly = 0
    var hierarchyOnly = 0
    var differing = 0
    for (hierarchy, plain) in zip(lengths, plain) {
      switch (hierarchy, plain) {
      case (nil, _?): plainOnly += 1
      case (_?, nil): hierarchyOnly += 1
      case (let a?, let b?) where abs(a - b) > 1: differing += 1
      default: break
      }
    }
    return "  hierarchy vs plain search, same pairs: \(plainOnly) routed by the plain search only, "
      + "\(hierarchyOnly) through the hierarchy only, \(differing) with lengths more than 1 m apart"
  }

  /// Asks `server` for a route between each of `pairs` and prints its query times and how
  /// its lengths agree with `ours` (the offline router's length for each pair; nil: no
  /// route), listing up to `listed` of the pairs that disagree. Blocks for up to the
  /// server's timeout per pair.
  static func compare(
    _ server: RemoteRouter, pairs: [(from: Coordinate, to: Coordinate)], ours: [Double?],
    listed: Int, console: Console
  ) {
    let answers = pairs.map { RoutingServers.ask(server, from: $0.from, to: $0.to) }
    let lines = serverReport(
      engine: server.engine.name, server: server.name, pairs: pairs, ours: ours,
      answers: answers, listed: listed)
    for line in lines { console.out(line) }
  }

  /// The report for one server beside the offline router: its query times, the share of the
  /// pairs both routed whose lengths agree (`LengthAgreement`), the pairs not compared and
  /// why, and the `listed` pairs that disagree most. Pure; `pairs`, `ours` and `answers`
  /// have one element per pair, in the same order.
  static func serverReport(
    engine: String, server: String, pairs: [(from: Coordinate, to: Coordinate)],
    ours: [Double?], answers: [RoutingServers.Answer], listed: Int = 5
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
    for index in worst.prefix(listed) {
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
