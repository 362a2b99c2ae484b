/// The extract's bounding box, in the plane of `PlanarPoint`: clips lines to it and closes
/// lines that end at its edge along it.
///
/// The box's outline is walked counter-clockwise (y up) from its south-west corner: along
/// the south side, up the east side, along the north side, down the west side. A position on
/// it is the distance walked from that corner (its *perimeter position*).
struct ExtractBox: Sendable, Equatable {
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double

  init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// The box of the map file's integers (min latitude, min longitude, max latitude, max
  /// longitude); nil when empty.
  init?(e7 box: (minLatitude: Int32, minLongitude: Int32, maxLatitude: Int32, maxLongitude: Int32))
  {
    guard box.minLatitude < box.maxLatitude, box.minLongitude < box.maxLongitude else { return nil }
    self.init(
      minX: Double(box.minLongitude), minY: Double(box.minLatitude),
      maxX: Double(box.maxLongitude), maxY: Double(box.maxLatitude))
  }

  var width: Double { maxX - minX }
  var height: Double { maxY - minY }
  var perimeter: Double { 2 * (width + height) }

  /// The corners, counter-clockwise from the south-west.
  var corners: [PlanarPoint] {
    [
      PlanarPoint(x: minX, y: minY), PlanarPoint(x: maxX, y: minY),
      PlanarPoint(x: maxX, y: maxY), PlanarPoint(x: minX, y: maxY),
    ]
  }

  /// The box as a closed counter-clockwise ring.
  var ring: [PlanarPoint] { corners + [corners[0]] }

  func contains(_ p: PlanarPoint) -> Bool {
    p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
  }

  /// How far `p` (inside the box) is from the nearest side.
  func distanceToEdge(_ p: PlanarPoint) -> Double {
    min(p.x - minX, maxX - p.x, p.y - minY, maxY - p.y)
  }

  /// The nearest point on the box's outline to `p` (inside the box or not).
  func project(_ p: PlanarPoint) -> PlanarPoint {
    let x = min(max(p.x, minX), maxX)
    let y = min(max(p.y, minY), maxY)
    guard x > minX, x < maxX, y > minY, y < maxY else { return PlanarPoint(x: x, y: y) }
    let d = [(x - minX, 0), (maxX - x, 1), (y - minY, 2), (maxY - y, 3)].min { $0.0 < $1.0 }!
    switch d.1 {
    case 0: return PlanarPoint(x: minX, y: y)
    case 1: return PlanarPoint(x: maxX, y: y)
    case 2: return PlanarPoint(x: x, y: minY)
    default: return PlanarPoint(x: x, y: maxY)
    }
  }

  /// The perimeter position of a point on the outline (one off it is projected first).
  func position(_ p: PlanarPoint) -> Double {
    let q = project(p)
    if q.y == minY && q.x < maxX { return q.x - minX }
    if q.x == maxX && q.y < maxY { return width + (q.y - minY) }
    if q.y == maxY && q.x > minX { return width + height + (maxX - q.x) }
    return 2 * width + height + (maxY - q.y)
  }

  /// The corners passed walking counter-clockwise from position `a` to position `b`.
  func corners(from a: Double, to b: Double) -> [PlanarPoint] {
    let length = (b - a).truncatingRemainder(dividingBy: perimeter)
    let distance = length < 0 ? length + perimeter : length
    let positions = [0, width, width + height, 2 * width + height]
    var passed: [(Double, PlanarPoint)] = []
    for (position, corner) in zip(positions, corners) {
      var d = (position - a).truncatingRemainder(dividingBy: perimeter)
      if d < 0 { d += perimeter }
      if d > 0 && d < distance { passed.append((d, corner)) }
    }
    return passed.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// The parts of `line` inside the box, each ending exactly on the outline where the line
  /// leaves it (Liang–Barsky per segment). A line wholly inside comes back whole.
  func clip(_ line: [PlanarPoint]) -> [[PlanarPoint]] {
    guard line.count >= 2 else { return [] }
    var parts: [[PlanarPoint]] = []
    var current: [PlanarPoint] = []
    for i in 0..<(line.count - 1) {
      let a = line[i]
      let b = line[i + 1]
      guard let (t0, t1) = clipSegment(a, b) else {
        if current.count >= 2 { parts.append(current) }
        current = []
        continue
      }
      let start = t0 > 0 ? interpolate(a, b, t0) : a
      let end = t1 < 1 ? interpolate(a, b, t1) : b
      if current.isEmpty || t0 > 0 {
        if current.count >= 2 { parts.append(current) }
        current = [start]
      }
      if current.last != end { current.append(end) }
      if t1 < 1 {
        if current.count >= 2 { parts.append(current) }
        current = []
      }
    }
    if current.count >= 2 { parts.append(current) }
    return parts
  }

  private func interpolate(_ a: PlanarPoint, _ b: PlanarPoint, _ t: Double) -> PlanarPoint {
    project(PlanarPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
  }

  /// The part `t0…t1` of segment `a`–`b` inside the box, nil when none.
  private func clipSegment(_ a: PlanarPoint, _ b: PlanarPoint) -> (Double, Double)? {
    var t0 = 0.0
    var t1 = 1.0
    let dx = b.x - a.x
    let dy = b.y - a.y
    for (p, q) in [(-dx, a.x - minX), (dx, maxX - a.x), (-dy, a.y - minY), (dy, maxY - a.y)] {
      if p == 0 {
        if q < 0 { return nil }
      } else {
        let r = q / p
        if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
        if t0 > t1 { return nil }
      }
    }
    return (t0, t1)
  }

  /// Closes lines that start and end on the outline into rings, each line having the area
  /// on its left: from a line's end the outline is followed counter-clockwise (the box's
  /// inside on the left too) to the nearest line start, and so on until the ring is back at
  /// its first line. The rings come out counter-clockwise, closed.
  func close(_ lines: [[PlanarPoint]]) -> [[PlanarPoint]] {
    let starts = lines.map { position($0[0]) }
    let ends = lines.map { position($0[$0.count - 1]) }
    var used = [Bool](repeating: false, count: lines.count)
    var rings: [[PlanarPoint]] = []
    for first in lines.indices where !used[first] {
      var ring: [PlanarPoint] = []
      var current = first
      var steps = 0
      while steps <= lines.count {
        steps += 1
        used[current] = true
        ring += lines[current]
        var next = first
        var best = Double.infinity
        for k in lines.indices where !used[k] || k == first {
          var d = (starts[k] - ends[current]).truncatingRemainder(dividingBy: perimeter)
          if d < 0 { d += perimeter }
          if d < best {
            best = d
            next = k
          }
        }
        ring += corners(from: ends[current], to: starts[next])
        if next == first { break }
        current = next
      }
      let closed = PlanarRing.closed(ring)
      if closed.count >= 4 { rings.append(closed) }
    }
    return rings
  }
}
