/// The edges made from each way, as one array of (way, edge) pairs sorted by way then edge:
/// 16 bytes an edge, where a dictionary of arrays takes an allocation a way.
///
/// Append pairs in any order, `sort()` once, then look up.
struct WayEdges: Sendable {
  private var pairs: [(way: Int64, edge: Int)] = []
  private var isSorted = true

  init() {}

  mutating func append(way: Int64, edge: Int) {
    if let last = pairs.last, (last.way, last.edge) > (way, edge) { isSorted = false }
    pairs.append((way, edge))
  }

  mutating func sort() {
    guard !isSorted else { return }
    pairs.sort { ($0.way, $0.edge) < ($1.way, $1.edge) }
    isSorted = true
  }

  /// The edges of `way`, ascending. The pairs must be sorted.
  func edges(of way: Int64) -> [Int] {
    precondition(isSorted, "WayEdges looked up before sort()")
    var low = 0
    var high = pairs.count
    while low < high {
      let middle = (low + high) / 2
      if pairs[middle].way < way { low = middle + 1 } else { high = middle }
    }
    var result: [Int] = []
    while low < pairs.count, pairs[low].way == way {
      result.append(pairs[low].edge)
      low += 1
    }
    return result
  }
}
