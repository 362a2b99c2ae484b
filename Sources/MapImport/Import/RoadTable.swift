import OSMPBF

/// The drivable ways a builder keeps until `build()`, flat: ids, node references and tags
/// in a few arrays, each tag two indices into one table of distinct strings. Takes a few
/// bytes a tag and 8 a node reference, where an `OSMWay` holds a dictionary of strings.
///
/// Ways come in any order; `order()` gives them by id, the last added of an id winning, as
/// a dictionary keyed by id would keep it.
struct RoadTable: Sendable {
  private var strings: [String] = []
  private var stringIDs: [String: UInt32] = [:]
  private var ids: [Int64] = []
  /// Where each way's tags end in `tagWords` (key and value string indices, in turn).
  private var tagEnds: [UInt32] = []
  private var tagWords: [UInt32] = []
  /// Where each way's node references end in `refs`.
  private var nodeEnds: [Int] = []
  private var refs: [Int64] = []
  /// Whether `ids` is strictly ascending.
  private var isSorted = true

  init() {}

  /// How many ways were added (repeated ids counted each time).
  var count: Int { ids.count }

  mutating func add(_ way: OSMWay) {
    if let last = ids.last, way.id <= last { isSorted = false }
    ids.append(way.id)
    for (key, value) in way.tags {
      tagWords.append(intern(key))
      tagWords.append(intern(value))
    }
    tagEnds.append(UInt32(tagWords.count))
    refs += way.nodes
    nodeEnds.append(refs.count)
  }

  /// The way added `i`-th: its id, node references and tags.
  func way(at i: Int) -> (id: Int64, nodes: ArraySlice<Int64>, tags: [String: String]) {
    let tagStart = i == 0 ? 0 : Int(tagEnds[i - 1])
    var tags: [String: String] = [:]
    tags.reserveCapacity((Int(tagEnds[i]) - tagStart) / 2)
    for t in stride(from: tagStart, to: Int(tagEnds[i]), by: 2) {
      tags[strings[Int(tagWords[t])]] = strings[Int(tagWords[t + 1])]
    }
    return (ids[i], nodes(at: i), tags)
  }

  /// The node references of the way added `i`-th.
  func nodes(at i: Int) -> ArraySlice<Int64> {
    refs[(i == 0 ? 0 : nodeEnds[i - 1])..<nodeEnds[i]]
  }

  /// Appends the node references of the ways `order()` gives to `nodes` (with repeats).
  func appendNodes(to nodes: inout [Int64]) {
    if isSorted {
      nodes += refs
    } else {
      for i in order() { nodes += self.nodes(at: i) }
    }
  }

  /// Lets go of the node references (`nodes(at:)` is empty from then on), keeping the ids
  /// and tags.
  mutating func forgetNodes() {
    refs = []
    nodeEnds = [Int](repeating: 0, count: nodeEnds.count)
  }

  /// The indices of the ways by ascending id, only the last added of each id.
  func order() -> [Int] {
    guard !isSorted else { return Array(ids.indices) }
    let sorted = ids.indices.sorted { (ids[$0], $0) < (ids[$1], $1) }
    var result: [Int] = []
    for i in sorted {
      if let last = result.last, ids[last] == ids[i] {
        result[result.count - 1] = i
      } else {
        result.append(i)
      }
    }
    return result
  }

  private mutating func intern(_ text: String) -> UInt32 {
    if let id = stringIDs[text] { return id }
    let id = UInt32(strings.count)
    strings.append(text)
    stringIDs[text] = id
    return id
  }
}
