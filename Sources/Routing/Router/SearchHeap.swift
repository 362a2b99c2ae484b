/// A binary min-heap of (key, edge) for the router's search, with lazy deletion: an edge
/// may be in it several times and the caller skips the stale entries.
struct SearchHeap {
  private struct Entry {
    var key: Double
    var edge: Int32
  }

  private var entries: [Entry] = []

  init(capacity: Int) { entries.reserveCapacity(capacity) }

  var isEmpty: Bool { entries.isEmpty }

  /// The smallest key, nil when empty.
  var peekKey: Double? { entries.first?.key }

  mutating func push(_ key: Double, _ edge: Int) {
    entries.append(Entry(key: key, edge: Int32(edge)))
    var i = entries.count - 1
    let item = entries[i]
    while i > 0 {
      let parent = (i - 1) / 2
      guard entries[parent].key > item.key else { break }
      entries[i] = entries[parent]
      i = parent
    }
    entries[i] = item
  }

  /// Removes and returns the entry with the smallest key.
  mutating func pop() -> (key: Double, edge: Int)? {
    guard let top = entries.first else { return nil }
    let last = entries.removeLast()
    if !entries.isEmpty {
      var i = 0
      let count = entries.count
      while true {
        let left = 2 * i + 1
        guard left < count else { break }
        let right = left + 1
        let child = right < count && entries[right].key < entries[left].key ? right : left
        guard entries[child].key < last.key else { break }
        entries[i] = entries[child]
        i = child
      }
      entries[i] = last
    }
    return (top.key, Int(top.edge))
  }
}
