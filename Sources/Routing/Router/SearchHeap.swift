/// A binary min-heap of (key, edge) for the router's search and the hierarchy's
/// contraction, with lazy deletion: an edge may be in it several times and the caller
/// skips the stale entries.
package struct SearchHeap {
  private struct Entry {
    var key: Double
    var edge: Int32
  }

  private var entries: [Entry] = []

  package init(capacity: Int = 0) { entries.reserveCapacity(capacity) }

  package var isEmpty: Bool { entries.isEmpty }

  /// The smallest key, nil when empty.
  package var peekKey: Double? { entries.first?.key }

  /// Empties the heap, keeping its storage.
  package mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

  package mutating func push(_ key: Double, _ edge: Int) {
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
  package mutating func pop() -> (key: Double, edge: Int)? {
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
