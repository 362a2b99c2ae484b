/// A search's labels by node in an open-addressing table: a hierarchy search touches a few
/// thousand nodes of millions, so arrays of the node count would cost more to clear than
/// the search itself.
struct LabelTable {
  struct Label {
    var cost: Double
    /// The node the label came from; -1 for a start.
    var parent: Int32
    /// The arc it came by (`RouteHierarchy` arc index); -1 for a start.
    var arc: Int32
  }

  private var keys: [Int32]
  private var labels: [Label]
  private var mask: Int
  private(set) var count = 0

  init(capacity: Int = 1024) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    keys = [Int32](repeating: -1, count: size)
    labels = [Label](repeating: Label(cost: 0, parent: -1, arc: -1), count: size)
    mask = size - 1
  }

  @inline(__always)
  private func slot(of key: Int) -> Int {
    var i =
      Int(
        truncatingIfNeeded: (UInt64(UInt32(truncatingIfNeeded: key)) &* 0x9E37_79B9_7F4A_7C15) >> 32
      ) & mask
    while keys[i] != -1 && Int(keys[i]) != key { i = (i + 1) & mask }
    return i
  }

  subscript(key: Int) -> Label? {
    let i = slot(of: key)
    return keys[i] == -1 ? nil : labels[i]
  }

  mutating func set(_ key: Int, _ label: Label) {
    var i = slot(of: key)
    if keys[i] == -1 {
      if (count + 1) * 2 > keys.count {
        grow()
        i = slot(of: key)
      }
      keys[i] = Int32(key)
      count += 1
    }
    labels[i] = label
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldLabels = labels
    keys = [Int32](repeating: -1, count: oldKeys.count * 2)
    labels = [Label](repeating: Label(cost: 0, parent: -1, arc: -1), count: oldKeys.count * 2)
    mask = keys.count - 1
    for (i, key) in oldKeys.enumerated() where key != -1 {
      let j = slot(of: Int(key))
      keys[j] = key
      labels[j] = oldLabels[i]
    }
  }
}
