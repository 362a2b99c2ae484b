/// Knob movement along a template's focus order: wraps at both ends; from no focus, a
/// clockwise step lands on the first element and an anticlockwise one on the last.
struct FocusRing {
  var order: [String]

  init(_ order: [String]) { self.order = order }

  /// The element `steps` away from `current` (nil when there is nothing to focus).
  func moved(from current: String?, by steps: Int) -> String? {
    guard !order.isEmpty else { return nil }
    guard let current, let index = order.firstIndex(of: current) else {
      return steps >= 0 ? order[0] : order[order.count - 1]
    }
    let next = ((index + steps) % order.count + order.count) % order.count
    return order[next]
  }
}
