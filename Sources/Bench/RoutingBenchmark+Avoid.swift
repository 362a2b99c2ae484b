import Commands
import Foundation
import Geo
import HeadUnit
import MapFile
import Navigation
import Routing

extension RoutingBenchmark {
  /// How many of the pairs the restricted route is checked on against the plain search
  /// restricted alike: the plain search takes seconds per pair on a country.
  static let avoidChecks = 20

  /// `bench routing --avoid KINDS`: the same pairs routed keeping off `avoid`, through the
  /// same hierarchy, timed beside the unrestricted search (`unrestricted`, one median in
  /// milliseconds) of the same run. Counts the routes that avoid every kind, those the
  /// option changed (lengths more than 1 m from `lengths`, the unrestricted route's), and any
  /// step onto an avoided road of a route said to avoid them all (a bug); checks the first
  /// `avoidChecks` pairs against the plain search keeping off the same roads; with an OSRM
  /// server, asks it with `exclude=` when its car profile can exclude that set (one of
  /// `toll`, `motorway`, `ferry`).
  static func avoidReport(
    _ avoid: AvoidableRoads, map: RoadMap, router: Router<RoadMap>,
    pairs: [(from: Coordinate, to: Coordinate)], lengths: [Double?], unrestricted: Double,
    servers: RoutingServers, listed: Int
  ) -> [String] {
    let clock = ContinuousClock()
    let avoiding = router.avoiding(avoid)
    var times: [Double] = []
    var restricted: [Double?] = []
    var clear = 0
    var changed = 0
    var leaks = 0
    for (i, (a, b)) in pairs.enumerated() {
      var paths: [RoutePath] = []
      let t = clock.measure { paths = (try? avoiding.paths(from: a, to: b)) ?? [] }
      restricted.append(paths.first?.distance)
      guard let path = paths.first else { continue }
      times.append(t.seconds * 1e3)
      if path.unavoided.isEmpty {
        clear += 1
        // The edge the start is on may be one (a start on a toll road), not the others.
        if path.edges.dropFirst().contains(where: {
          !map.edge($0).avoidable.isDisjoint(with: avoid)
        }) {
          leaks += 1
        }
      }
      if let before = lengths[i], abs(before - path.distance) > 1 { changed += 1 }
    }
    let plain = Router(graph: map, usingHierarchy: false).avoiding(avoid)
    var checked = 0
    var differing = 0
    for (i, (a, b)) in pairs.prefix(avoidChecks).enumerated() {
      let length = (try? plain.paths(from: a, to: b))?.first?.distance
      checked += 1
      switch (length, restricted[i]) {
      case (nil, nil): break
      case (let x?, let y?) where abs(x - y) <= 1: break
      default: differing += 1
      }
    }
    let figures = QueryTimes(times)
    var lines = [
      "  avoiding \(avoid) (same pairs, same hierarchy): \(figures.text)"
        + String(format: " (%.2f× the unrestricted median)", figures.median / unrestricted),
      "    \(clear) of \(times.count) routes avoid them all, \(times.count - clear) use the least of them "
        + "any route can; \(changed) changed by the option; \(leaks) said to avoid them but not",
      "    plain search keeping off the same roads, first \(checked) pairs: \(differing) differ "
        + "(one only, or lengths more than 1 m apart)",
    ]
    guard let osrm = servers.osrm else { return lines }
    let excluded = avoid.subtracting(.unpaved)
    guard avoid == excluded, excluded.classList.count == 1 else {
      lines.append(
        "    \(osrm.name): not asked; OSRM's car profile excludes one of toll, motorway, ferry "
          + "at a time, not \(avoid)")
      return lines
    }
    let answers = pairs.map { RoutingServers.ask(osrm, from: $0.from, to: $0.to, avoid: avoid) }
    let report = serverReport(
      engine: "\(osrm.engine.name) exclude=\(excluded.classList[0])", server: osrm.name,
      pairs: pairs, ours: restricted, answers: answers, listed: listed)
    return lines + report.map { "  " + $0 }
  }
}
