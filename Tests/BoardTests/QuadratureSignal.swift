import Board

/// Builds the edges a rotary encoder's two contacts make, with timestamps, bounce and
/// missed edges, for the decoder tests.
///
/// Clockwise means A leads B: from rest `11`, A falls, B falls, A rises, B rises.
struct QuadratureSignal {
  var lineA: UInt32 = 17
  var lineB: UInt32 = 27
  /// The true contact levels.
  private(set) var a = true
  private(set) var b = true
  /// The time of the last transition.
  private(set) var time: Duration = .seconds(1)
  /// The edges as the kernel would report them.
  private(set) var edges: [Edge] = []
  /// Extra back-and-forth pairs after every transition (contact bounce).
  var bouncesPerEdge = 0
  /// Time between bounce edges.
  var bounceSpacing: Duration = .microseconds(150)

  init(lineA: UInt32 = 17, lineB: UInt32 = 27, bouncesPerEdge: Int = 0) {
    self.lineA = lineA
    self.lineB = lineB
    self.bouncesPerEdge = bouncesPerEdge
  }

  /// One Gray-code transition `after` the previous one; `missed` drops its edge.
  mutating func transition(clockwise: Bool, after gap: Duration, missed: Bool = false) {
    time += gap
    let toggleA = (a == b) == clockwise
    if toggleA { a.toggle() } else { b.toggle() }
    guard !missed else { return }
    let line = toggleA ? lineA : lineB
    let level = toggleA ? a : b
    edges.append(Edge(line: line, rising: level, timestamp: time))
    for bounce in 0..<bouncesPerEdge {
      let offset = bounceSpacing * (2 * bounce + 1)
      edges.append(Edge(line: line, rising: !level, timestamp: time + offset))
      edges.append(Edge(line: line, rising: level, timestamp: time + offset + bounceSpacing))
    }
  }

  /// Turns `detents` (signed, clockwise positive), one detent every `period`, its
  /// transitions spread evenly; `missing` lists transition indices (0-based over this call)
  /// whose edges are lost.
  mutating func turn(
    _ detents: Int, every period: Duration, transitionsPerDetent: Int = 4,
    missing: Set<Int> = []
  ) {
    let gap = period / transitionsPerDetent
    for index in 0..<(abs(detents) * transitionsPerDetent) {
      transition(clockwise: detents > 0, after: gap, missed: missing.contains(index))
    }
  }

  /// Waits without movement.
  mutating func pause(_ duration: Duration) {
    time += duration
  }
}

/// Feeds edges to a decoder the way `InputDecoder` does: tracking both levels.
func decode(
  _ edges: [Edge], with decoder: inout QuadratureDecoder, lineA: UInt32 = 17, rest: Bool = true
) -> [Int] {
  var a = rest
  var b = rest
  var counts: [Int] = []
  for edge in edges {
    if edge.line == lineA { a = edge.rising } else { b = edge.rising }
    let detents = decoder.update(a: a, b: b, at: edge.timestamp)
    if detents != 0 { counts.append(detents) }
  }
  return counts
}
