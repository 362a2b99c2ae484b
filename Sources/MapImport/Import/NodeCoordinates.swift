/// Node positions by OSM id, stored flat: ids ascending in one array, latitudes and
/// longitudes (E7) in two more — 16 bytes a node, a third of a dictionary's.
///
/// Reading a PBF file adds nodes in ascending id order, which only appends. Other orders
/// (a builder fed by hand, an unsorted file) append too and mark the table unsorted;
/// `sort()` then orders it once, keeping the last position added for an id, as a
/// dictionary's assignment would. Look-ups (`subscript`) need a sorted table: they are a
/// binary search.
struct NodeCoordinates: Sendable {
  private(set) var ids: [Int64] = []
  private var latitudes: [Int32] = []
  private var longitudes: [Int32] = []
  /// Whether `ids` is strictly ascending.
  private(set) var isSorted = true

  init() {}

  /// How many nodes the table holds (ids counted once when sorted).
  var count: Int { ids.count }
  var isEmpty: Bool { ids.isEmpty }

  /// Sets the position of `id`; in ascending id order this appends, and the same id as the
  /// last one replaces it.
  mutating func set(_ id: Int64, latitude: Int32, longitude: Int32) {
    if let last = ids.last {
      if id == last, isSorted {
        latitudes[latitudes.count - 1] = latitude
        longitudes[longitudes.count - 1] = longitude
        return
      }
      if id <= last { isSorted = false }
    }
    ids.append(id)
    latitudes.append(latitude)
    longitudes.append(longitude)
  }

  /// Orders the table by id, keeping for each id the position added last.
  mutating func sort() {
    guard !isSorted else { return }
    // Stable by insertion index, so the last of equal ids is the latest added.
    let order = ids.indices.sorted { (ids[$0], $0) < (ids[$1], $1) }
    var sortedIDs: [Int64] = []
    var sortedLatitudes: [Int32] = []
    var sortedLongitudes: [Int32] = []
    sortedIDs.reserveCapacity(order.count)
    sortedLatitudes.reserveCapacity(order.count)
    sortedLongitudes.reserveCapacity(order.count)
    for i in order {
      if sortedIDs.last == ids[i] {
        sortedLatitudes[sortedLatitudes.count - 1] = latitudes[i]
        sortedLongitudes[sortedLongitudes.count - 1] = longitudes[i]
      } else {
        sortedIDs.append(ids[i])
        sortedLatitudes.append(latitudes[i])
        sortedLongitudes.append(longitudes[i])
      }
    }
    ids = sortedIDs
    latitudes = sortedLatitudes
    longitudes = sortedLongitudes
    isSorted = true
  }

  /// The position of `id`, nil when the table lacks it. The table must be sorted.
  subscript(id: Int64) -> (latitude: Int32, longitude: Int32)? {
    precondition(isSorted, "NodeCoordinates looked up before sort()")
    guard let i = index(of: id) else { return nil }
    return (latitudes[i], longitudes[i])
  }

  /// Whether the table holds `id`. The table must be sorted.
  func contains(_ id: Int64) -> Bool { self[id] != nil }

  /// Every position, in id order once sorted.
  var values: LazyMapCollection<Range<Int>, (latitude: Int32, longitude: Int32)> {
    ids.indices.lazy.map { [latitudes, longitudes] in (latitudes[$0], longitudes[$0]) }
  }

  private func index(of id: Int64) -> Int? { SortedIDs.index(of: id, in: ids) }
}
