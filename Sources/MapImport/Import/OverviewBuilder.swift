import Foundation
import MapFile
import Routing

/// The overview geometry: for each zoom band (`OverviewLine.Band`), the band's roads joined
/// into long lines where they meet end to end and simplified by Douglas–Peucker to the
/// band's tolerance, so a low zoom level draws a few points per kilometre of major road.
enum OverviewBuilder {
  /// The lines of every band, sorted by band, then by first point.
  static func lines(
    runs: some Collection<(roadClass: RoadClass, nodes: ArraySlice<Int64>)>,
    coordinates: NodeCoordinates
  ) -> [MapContent.Line] {
    var result: [MapContent.Line] = []
    for band in OverviewLine.Band.allCases {
      // Links join the road they belong to; each group is joined on its own.
      var groups: [RoadClass: [[Int64]]] = [:]
      for run in runs where band.includes(run.roadClass) {
        groups[group(run.roadClass), default: []].append(Array(run.nodes))
      }
      var lines: [MapContent.Line] = []
      for roadClass in groups.keys.sorted() {
        for chain in WayChains.join(groups[roadClass]!, reversing: true) {
          let points = chain.compactMap { coordinates[$0] }
          guard points.count == chain.count else { continue }
          let simplified = simplify(points, tolerance: band.tolerance)
          guard simplified.count >= 2, extent(simplified) >= band.tolerance else { continue }
          lines.append(
            MapContent.Line(
              band: band.rawValue, roadClass: UInt8(roadClass.rawValue), points: simplified))
        }
      }
      lines.sort { a, b in
        (a.points[0].latitude, a.points[0].longitude, a.roadClass, a.points.count)
          < (b.points[0].latitude, b.points[0].longitude, b.roadClass, b.points.count)
      }
      result += lines
    }
    return result
  }

  /// The class a road is drawn as in the overview (a ramp as its road).
  static func group(_ roadClass: RoadClass) -> RoadClass {
    switch roadClass {
    case .motorwayLink: .motorway
    case .trunkLink: .trunk
    case .primaryLink: .primary
    case .secondaryLink: .secondary
    case .tertiaryLink: .tertiary
    default: roadClass
    }
  }

  /// Metres per 1e-7 degree of latitude.
  static let metresPerE7 = 6_371_008.8 * Double.pi / 180 / 1e7

  /// The points in a local plane, metres.
  private static func plane(_ points: [MapContent.Point]) -> [(x: Double, y: Double)] {
    let scale = cos(Double(points[0].latitude) / 1e7 * .pi / 180)
    return points.map {
      (Double($0.longitude) * metresPerE7 * scale, Double($0.latitude) * metresPerE7)
    }
  }

  /// The larger side of the line's box, metres.
  static func extent(_ points: [MapContent.Point]) -> Double {
    let p = plane(points)
    let xs = p.map(\.x)
    let ys = p.map(\.y)
    return max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
  }

  /// Douglas–Peucker: the fewest of the points (both ends kept) such that none left out lies
  /// farther than `tolerance` metres from the line kept. Iterative, O(n log n) typically.
  static func simplify(_ points: [MapContent.Point], tolerance: Double) -> [MapContent.Point] {
    guard points.count > 2 else { return points }
    let p = plane(points)
    var keep = [Bool](repeating: false, count: points.count)
    keep[0] = true
    keep[points.count - 1] = true
    var stack = [(0, points.count - 1)]
    while let (first, last) = stack.popLast() {
      guard last > first + 1 else { continue }
      let a = p[first]
      let b = p[last]
      let dx = b.x - a.x
      let dy = b.y - a.y
      let length = (dx * dx + dy * dy).squareRoot()
      var worst = 0.0
      var index = first
      for i in (first + 1)..<last {
        let d: Double
        if length == 0 {
          d = ((p[i].x - a.x) * (p[i].x - a.x) + (p[i].y - a.y) * (p[i].y - a.y)).squareRoot()
        } else {
          d = abs(dy * p[i].x - dx * p[i].y + b.x * a.y - b.y * a.x) / length
        }
        if d > worst {
          worst = d
          index = i
        }
      }
      if worst > tolerance {
        keep[index] = true
        stack.append((first, index))
        stack.append((index, last))
      }
    }
    return points.indices.filter { keep[$0] }.map { points[$0] }
  }
}
