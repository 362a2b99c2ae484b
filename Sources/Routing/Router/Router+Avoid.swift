import Geo
import Navigation

extension Router {
  /// The snaps on edges of no kind `RouterOptions.avoid` names, or all of them when every
  /// one is of such a kind (a destination on a toll road is still reached).
  func allowedFirst(_ snaps: [Snap]) -> [Snap] {
    let avoid = options.avoid.rawValue
    guard avoid != 0 else { return snaps }
    let allowed = snaps.filter { table.classes($0.edge) & avoid == 0 }
    return allowed.isEmpty ? snaps : allowed
  }

  /// The kinds of road `path` drives onto, of those `options.avoid` names.
  func unavoided(on path: RoutePath) -> AvoidableRoads {
    var bits: UInt8 = 0
    for e in path.edges.dropFirst() { bits |= table.classes(e) }
    return AvoidableRoads(rawValue: bits).intersection(options.avoid)
  }

  /// Metres `path` drives on the kinds of road in `kinds`.
  func metres(on kinds: AvoidableRoads, of path: RoutePath) -> Double {
    var total = 0.0
    for (i, e) in path.edges.enumerated() where table.classes(e) & kinds.rawValue != 0 {
      let span = path.span(ofEdgeAt: i)
      total += (span.to - span.from) * table.length(e)
    }
    return total
  }

  /// When no route avoids every kind in `options.avoid`: the routes keeping as many of
  /// them as any route can, tried from the largest subsets down (at most 15 searches of
  /// the hierarchy), and of the routes keeping that many the one with fewest metres on
  /// the kinds given up. Its `unavoided` names them.
  func relaxedPaths(
    from origin: Coordinate, heading: Double?, to destination: Coordinate, alternatives: Int
  ) throws(RoutingError) -> [RoutePath] {
    let wanted = options.avoid
    let kinds = AvoidableRoads.names.map(\.kind).filter { wanted.contains($0) }
    var lastError = RoutingError(.noRoute, "no route")
    for keep in stride(from: kinds.count - 1, through: 0, by: -1) {
      var best: (paths: [RoutePath], metres: Double)?
      for subset in Self.subsets(of: kinds, size: keep) {
        let paths: [RoutePath]
        do {
          paths = try avoiding(subset).strictPaths(
            from: origin, heading: heading, to: destination, alternatives: alternatives)
        } catch {
          lastError = error
          continue
        }
        guard let first = paths.first else { continue }
        let metres = metres(on: wanted.subtracting(subset), of: first)
        if metres < best?.metres ?? .infinity { best = (paths, metres) }
      }
      if let best {
        return best.paths.map { path in
          var path = path
          path.unavoided = unavoided(on: path)
          return path
        }
      }
    }
    throw lastError
  }

  /// Every set of `size` of `kinds`, in a fixed order.
  static func subsets(of kinds: [AvoidableRoads], size: Int) -> [AvoidableRoads] {
    guard size > 0 else { return [[]] }
    guard kinds.count >= size else { return [] }
    let first = kinds[0]
    let rest = Array(kinds.dropFirst())
    return subsets(of: rest, size: size - 1).map { $0.union(first) }
      + subsets(of: rest, size: size)
  }
}
