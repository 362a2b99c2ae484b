/// A set of OSM ids as one ascending array without duplicates: 8 bytes an id, where a
/// `Set<Int64>` takes about twice that, and safe to share between threads.
public struct SortedIDs: Sendable, Equatable {
  /// The ids, ascending, each once.
  public private(set) var ids: [Int64]

  /// The ids of `ids`, in any order and with repeats.
  public init(_ ids: [Int64]) {
    var sorted = ids
    sorted.sort()
    var kept = 0
    for i in sorted.indices where i == 0 || sorted[i] != sorted[kept - 1] {
      sorted[kept] = sorted[i]
      kept += 1
    }
    sorted.removeLast(sorted.count - kept)
    self.ids = sorted
  }

  public var count: Int { ids.count }
  public var isEmpty: Bool { ids.isEmpty }

  /// Whether `id` is one of the ids: a binary search.
  public func contains(_ id: Int64) -> Bool { index(of: id) != nil }

  /// Where `id` is in `ids`, nil when it is not there: a binary search.
  public func index(of id: Int64) -> Int? { Self.index(of: id, in: ids) }

  /// Where `id` is in `ids` (ascending), nil when it is not there: a binary search.
  static func index(of id: Int64, in ids: [Int64]) -> Int? {
    var low = 0
    var high = ids.count
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low < ids.count && ids[low] == id ? low : nil
  }
}
