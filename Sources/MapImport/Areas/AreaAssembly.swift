/// Turns member ways into polygons: rings joined from their ways (reversed as needed), cut
/// where the extract lacks their nodes, closed along the extract's box where they leave it,
/// then nested: a ring inside an even number of others is an outer ring, one inside an odd
/// number a hole of the smallest ring around it.
///
/// Lines the box cannot close (an end far inside the box: a member missing from the data)
/// are left out and counted, never guessed.
struct AreaAssembly {
  /// What the assembly left out and why.
  struct Counts: Sendable, Equatable {
    /// Rings closed along the extract's box.
    var closedAlongBox = 0
    /// Lines left out: an end lies far from the box's edge.
    var unclosable = 0
    /// Rings that cross themselves (kept: the map fills them even–odd).
    var selfIntersecting = 0
    /// Holes inside no outer ring (left out).
    var strayHoles = 0
  }

  let box: ExtractBox?
  let coordinates: NodeCoordinates
  var counts = Counts()

  /// How far from the box's edge a line may end and still be closed along it: 5 % of the
  /// box's shorter side, at least about 50 m (a way cut by the extract ends at its last node
  /// inside).
  var tolerance: Double {
    guard let box else { return 0 }
    return max(0.05 * min(box.width, box.height), 5_000)
  }

  init(box: ExtractBox?, coordinates: NodeCoordinates) {
    self.box = box
    self.coordinates = coordinates
  }

  /// A joined line's runs of nodes present in the data, as points. A closed line with a gap
  /// starts after the gap, so its runs come in ring order without wrapping.
  func runs(_ line: [Int64]) -> (runs: [[PlanarPoint]], complete: Bool) {
    let isClosed = line.count >= 4 && line.first == line.last
    var nodes = isClosed ? Array(line.dropLast()) : line
    let missing = nodes.firstIndex { coordinates[$0] == nil }
    if isClosed, missing == nil {
      return ([PlanarRing.closed(nodes.map { PlanarPoint(coordinates[$0]!) })], true)
    }
    if isClosed, let missing { nodes = Array(nodes[missing...] + nodes[..<missing]) }
    var runs: [[PlanarPoint]] = []
    var current: [PlanarPoint] = []
    for id in nodes {
      if let c = coordinates[id] {
        current.append(PlanarPoint(c))
      } else {
        if current.count >= 2 { runs.append(current) }
        current = []
      }
    }
    if current.count >= 2 { runs.append(current) }
    return (runs, false)
  }

  /// The rings of one area from its ways' node lists: `outer` and `inner` members are joined
  /// apart (a hole never joins an outer ring), then every ring is nested.
  mutating func polygons(outer: [[Int64]], inner: [[Int64]]) -> [[[PlanarPoint]]] {
    var closed: [[PlanarPoint]] = []
    var probes: [PlanarPoint] = []
    for (group, isInner) in [(inner, true), (outer, false)] where !group.isEmpty {
      var oriented: [[PlanarPoint]] = []
      var loose: [[PlanarPoint]] = []
      for line in WayChains.join(group, reversing: true) {
        let (pieces, complete) = runs(line)
        if complete {
          closed += pieces
          if isInner, let ring = pieces.first { probes.append(ring[0]) }
        } else if line.count >= 4 && line.first == line.last,
          case let points = pieces.flatMap({ $0 }), PlanarRing.signedArea(points) != 0
        {
          // A ring with a gap: its node order says which side is inside.
          oriented +=
            PlanarRing.signedArea(points) > 0 ? pieces : pieces.reversed().map { $0.reversed() }
        } else {
          loose += pieces
        }
      }
      closed += closeAlongBox(oriented: oriented, loose: loose, probes: isInner ? [] : probes)
    }
    return nest(closed)
  }

  /// Rings closed along the box from lines that end at its edge: `oriented` ones have their
  /// area on the left; `loose` ones are turned so that their ends alternate exit, entry
  /// along the box, choosing of the two ways the one whose rings hold the most `probes`
  /// (holes known to be inside), then the smaller area.
  mutating func closeAlongBox(
    oriented: [[PlanarPoint]], loose: [[PlanarPoint]], probes: [PlanarPoint]
  ) -> [[PlanarPoint]] {
    guard let box else {
      counts.unclosable += oriented.count + loose.count
      return []
    }
    func snapped(_ lines: [[PlanarPoint]]) -> [[PlanarPoint]] {
      var kept: [[PlanarPoint]] = []
      for var line in lines {
        let ends = [line[0], line[line.count - 1]]
        guard ends.allSatisfy({ !box.contains($0) || box.distanceToEdge($0) <= tolerance }) else {
          counts.unclosable += 1
          continue
        }
        let head = box.project(line[0])
        let tail = box.project(line[line.count - 1])
        if head != line[0] { line.insert(head, at: 0) }
        if tail != line[line.count - 1] { line.append(tail) }
        kept.append(line)
      }
      return kept
    }
    var rings = box.close(snapped(oriented))
    let lines = snapped(loose)
    if !lines.isEmpty {
      rings += chooseTurning(lines, box: box, probes: probes)
    }
    counts.closedAlongBox += rings.count
    return rings
  }

  /// The rings of `lines` turned one of the two consistent ways (see `closeAlongBox`), or,
  /// when neither is consistent, each line closed alone on its shorter side.
  private func chooseTurning(_ lines: [[PlanarPoint]], box: ExtractBox, probes: [PlanarPoint])
    -> [[PlanarPoint]]
  {
    var ends: [(position: Double, line: Int, isStart: Bool)] = []
    for (i, line) in lines.enumerated() {
      ends.append((box.position(line[0]), i, true))
      ends.append((box.position(line[line.count - 1]), i, false))
    }
    ends.sort {
      ($0.position, $0.line, $0.isStart ? 0 : 1) < ($1.position, $1.line, $1.isStart ? 0 : 1)
    }
    var candidates: [[[PlanarPoint]]] = []
    for parity in 0..<2 {
      // Walking the box counter-clockwise, the area's part of the outline runs from an exit
      // (a line's end) to the next entry (a line's start).
      var reversed = [Bool?](repeating: nil, count: lines.count)
      var consistent = true
      for (k, end) in ends.enumerated() {
        let isExit = (k + parity) % 2 == 0
        let flip = (isExit == end.isStart)
        if let known = reversed[end.line], known != flip { consistent = false }
        reversed[end.line] = flip
      }
      guard consistent else { continue }
      let turned = lines.enumerated().map {
        reversed[$0.offset] == true ? $0.element.reversed() : $0.element
      }
      candidates.append(box.close(turned))
    }
    func area(_ rings: [[PlanarPoint]]) -> Double {
      rings.reduce(0) { $0 + abs(PlanarRing.signedArea($1)) }
    }
    func held(_ rings: [[PlanarPoint]]) -> Int {
      probes.filter { p in rings.contains { PlanarRing.contains($0, p) } }.count
    }
    if let best = candidates.min(by: { (-held($0), area($0)) < (-held($1), area($1)) }) {
      return best
    }
    return lines.map { line in
      let one = box.close([line])
      let other = box.close([line.reversed()])
      return area(one) <= area(other) ? one : other
    }.flatMap { $0 }
  }

  /// Outer rings with their holes: nesting depth decides the role, whatever the members said.
  mutating func nest(_ rings: [[PlanarPoint]]) -> [[[PlanarPoint]]] {
    let rings = rings.filter { $0.count >= 4 }
    for ring in rings where PlanarRing.intersectsItself(ring) { counts.selfIntersecting += 1 }
    let areas = rings.map { abs(PlanarRing.signedArea($0)) }
    let boxes = rings.map { ring in
      (
        ring.map(\.x).min()!, ring.map(\.y).min()!, ring.map(\.x).max()!, ring.map(\.y).max()!
      )
    }
    let vertexSets = rings.map { Set($0) }
    // containers[i]: the rings holding ring i.
    var containers = [[Int]](repeating: [], count: rings.count)
    for i in rings.indices {
      for j in rings.indices where i != j && areas[j] >= areas[i] {
        let a = boxes[i]
        let b = boxes[j]
        guard a.0 >= b.0, a.1 >= b.1, a.2 <= b.2, a.3 <= b.3 else { continue }
        if PlanarRing.contains(rings[j], PlanarRing.probe(of: rings[i], against: vertexSets[j])) {
          containers[i].append(j)
        }
      }
    }
    var polygons: [Int: [[PlanarPoint]]] = [:]
    var order: [Int] = []
    for i in rings.indices where containers[i].count % 2 == 0 {
      polygons[i] = [Self.counterClockwise(rings[i])]
      order.append(i)
    }
    for i in rings.indices where containers[i].count % 2 == 1 {
      // The smallest outer ring around it.
      let outer = containers[i].filter { containers[$0].count % 2 == 0 }
        .min { areas[$0] < areas[$1] }
      guard let outer else {
        counts.strayHoles += 1
        continue
      }
      polygons[outer]?.append(Self.counterClockwise(rings[i]).reversed())
    }
    return order.compactMap { polygons[$0] }
  }

  static func counterClockwise(_ ring: [PlanarPoint]) -> [PlanarPoint] {
    PlanarRing.signedArea(ring) >= 0 ? ring : ring.reversed()
  }
}
