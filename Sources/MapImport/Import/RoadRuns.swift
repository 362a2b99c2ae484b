/// The runs of consecutive known nodes of the kept ways (a missing node splits a way), flat:
/// the node ids of all of them in one array and where each ends, 8 bytes a node, where an
/// array a run would take an allocation and spare capacity each.
struct RoadRuns: RandomAccessCollection {
  /// One run: the way's index among the kept ways, and its node ids.
  typealias Element = (way: Int, nodes: ArraySlice<Int64>)

  private var ids: [Int64] = []
  private var ends: [Int] = []
  private var ways: [Int32] = []

  init() {}

  var startIndex: Int { 0 }
  var endIndex: Int { ends.count }

  subscript(i: Int) -> Element {
    (Int(ways[i]), ids[(i == 0 ? 0 : ends[i - 1])..<ends[i]])
  }

  /// Every node id of every run, in run order (with repeats).
  var allNodes: [Int64] { ids }

  /// Adds a run of `nodes` of way `way`.
  mutating func append(way: Int, nodes: some Collection<Int64>) {
    ids.append(contentsOf: nodes)
    ends.append(ids.count)
    ways.append(Int32(way))
  }
}
