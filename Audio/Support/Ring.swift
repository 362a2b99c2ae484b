/// A first-in, first-out queue of at most `capacity` elements in a fixed buffer, that can
/// also be taken from at the back: the limiter's delay line and sliding-window minimum,
/// with no allocation per sample.
///
/// Appending to a full ring, or removing from an empty one, is a programmer error and traps.
struct Ring<Element> {
  private var storage: [Element?]
  private var start = 0
  private(set) var count = 0

  init(capacity: Int) {
    storage = Array(repeating: nil, count: max(capacity, 1))
  }

  var first: Element? { count > 0 ? storage[start] : nil }
  var last: Element? { count > 0 ? storage[index(count - 1)] : nil }

  mutating func append(_ element: Element) {
    precondition(count < storage.count, "ring full")
    storage[index(count)] = element
    count += 1
  }

  @discardableResult
  mutating func removeFirst() -> Element {
    precondition(count > 0, "ring empty")
    let element = storage[start]!
    storage[start] = nil
    start = index(1)
    count -= 1
    return element
  }

  @discardableResult
  mutating func removeLast() -> Element {
    precondition(count > 0, "ring empty")
    let at = index(count - 1)
    let element = storage[at]!
    storage[at] = nil
    count -= 1
    return element
  }

  mutating func removeAll() {
    for i in storage.indices { storage[i] = nil }
    start = 0
    count = 0
  }

  private func index(_ offset: Int) -> Int {
    (start + offset) % storage.count
  }
}

extension Ring: Sendable where Element: Sendable {}
