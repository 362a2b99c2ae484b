extension WiringDiagram {
  /// The lanes of `wires`: each wire runs up or down in a lane of its own between the header
  /// and the parts, and the order of the lanes is the one with the fewest crossings found
  /// (the best of a few sorted orders, then neighbours swapped while that helps).
  static func arrange(_ wires: [Wire]) -> [(Wire, Double)] {
    let candidates: [[Wire]] = [
      wires.sorted { ($0.exitY, $0.terminalY) < ($1.exitY, $1.terminalY) },
      wires.sorted { ($0.exitY, $0.terminalY) > ($1.exitY, $1.terminalY) },
      wires.sorted { ($0.terminalY, $0.exitY) < ($1.terminalY, $1.exitY) },
      wires.sorted { ($0.terminalY, $0.exitY) > ($1.terminalY, $1.exitY) },
    ]
    var order = candidates.min { crossings($0) < crossings($1) } ?? wires
    var best = crossings(order)
    var improved = true
    while improved {
      improved = false
      for index in order.indices.dropLast() {
        order.swapAt(index, index + 1)
        let count = crossings(order)
        if count < best {
          best = count
          improved = true
        } else {
          order.swapAt(index, index + 1)
        }
      }
    }
    return order.enumerated().map { ($1, laneStart + Double($0) * laneStep) }
  }

  /// How many times wires in lanes in this order (left to right) cross: a wire's way out of
  /// the header crosses the lanes left of its own that span its height, and its way into its
  /// terminal the lanes right of its own that span that height.
  static func crossings(_ order: [Wire]) -> Int {
    func spans(_ wire: Wire, _ y: Double) -> Bool {
      y > min(wire.exitY, wire.terminalY) && y < max(wire.exitY, wire.terminalY)
    }
    var count = 0
    for left in order.indices {
      for right in order.indices where right > left {
        if order[right].pin != order[left].pin, spans(order[left], order[right].exitY) {
          count += 1
        }
        if spans(order[right], order[left].terminalY) { count += 1 }
      }
    }
    return count
  }
}
