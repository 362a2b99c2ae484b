import Foundation
import Geo
import Navigation
import Routing
import Synchronization

/// The road graph answered from the mapped sections: nodes, edges, shapes, restrictions,
/// areas and the spatial grid.
extension RoadMap {
  /// The side traffic keeps to in the map's country.
  public var drivingSide: Maneuver.Side { .traffic(in: country) }

  public func coordinate(ofNode node: Int) -> Coordinate {
    precondition(node >= 0 && node < nodeCount, "node \(node) out of range")
    return point(nodes, node)
  }

  public func outgoing(from node: Int) -> Range<Int> {
    precondition(node >= 0 && node < nodeCount, "node \(node) out of range")
    let upper = min(Int(field(outgoingIndex, node + 1, 0, UInt32.self)), edgeCount)
    let lower = min(Int(field(outgoingIndex, node, 0, UInt32.self)), upper)
    return lower..<upper
  }

  public func incoming(to node: Int) -> [Int] {
    precondition(node >= 0 && node < nodeCount, "node \(node) out of range")
    let upper = min(Int(field(incomingIndex, node + 1, 0, UInt32.self)), edgeCount)
    let lower = min(Int(field(incomingIndex, node, 0, UInt32.self)), upper)
    return (lower..<upper).map { Int(field(incomingEdges, $0, 0, UInt32.self)) }.filter {
      $0 < edgeCount
    }
  }

  public func edge(_ id: Int) -> RoadEdge {
    precondition(id >= 0 && id < edgeCount, "edge \(id) out of range")
    let flags = field(edges, id, 43, UInt8.self)
    return RoadEdge(
      from: nodeID(field(edges, id, 8, UInt32.self)),
      to: nodeID(field(edges, id, 12, UInt32.self)),
      length: Double(field(edges, id, 16, UInt32.self)) / 100,
      speed: Double(field(edges, id, 40, UInt16.self)) / 100,
      roadClass: RoadClass(rawValue: Int(field(edges, id, 42, UInt8.self))) ?? .service,
      name: string(field(edges, id, 28, UInt32.self)) ?? "",
      ref: string(field(edges, id, 32, UInt32.self)),
      isRoundabout: flags & MapFileLayout.EdgeFlag.roundabout != 0,
      isDestinationOnly: flags & MapFileLayout.EdgeFlag.destinationOnly != 0,
      turnLanes: string(field(edges, id, 36, UInt32.self)),
      wayID: field(edges, id, 0, Int64.self),
      routingSpeed: Double(field(edges, id, 44, UInt16.self)) / 100,
      isUnderWorks: flags & MapFileLayout.EdgeFlag.underWorks != 0,
      endDelay: Double(field(edges, id, 46, UInt16.self)) / 10,
      isToll: flags & MapFileLayout.EdgeFlag.toll != 0,
      isFerry: flags & MapFileLayout.EdgeFlag.ferry != 0,
      isUnpaved: flags & MapFileLayout.EdgeFlag.unpaved != 0)
  }

  /// The edge's end nodes without decoding its strings.
  public func endpoints(ofEdge id: Int) -> (from: Int, to: Int) {
    precondition(id >= 0 && id < edgeCount, "edge \(id) out of range")
    return (nodeID(field(edges, id, 8, UInt32.self)), nodeID(field(edges, id, 12, UInt32.self)))
  }

  /// The geometry's interior point range in `GEOM`, clamped, and whether it runs backwards.
  private func interior(ofEdge id: Int) -> (range: Range<Int>, reversed: Bool) {
    let start = min(Int(field(edges, id, 20, UInt32.self)), geometryPoints.count)
    let count = min(Int(field(edges, id, 24, UInt32.self)), geometryPoints.count - start)
    let reversed = field(edges, id, 43, UInt8.self) & MapFileLayout.EdgeFlag.geometryReversed != 0
    return (start..<start + count, reversed)
  }

  public func geometry(ofEdge id: Int) -> [Coordinate] {
    let (from, to) = endpoints(ofEdge: id)
    let (range, reversed) = interior(ofEdge: id)
    var result = [point(nodes, from)]
    result.reserveCapacity(range.count + 2)
    if reversed {
      for i in range.reversed() { result.append(point(geometryPoints, i)) }
    } else {
      for i in range { result.append(point(geometryPoints, i)) }
    }
    result.append(point(nodes, to))
    return result
  }

  public func restrictions(at node: Int) -> [TurnRestriction] {
    precondition(node >= 0 && node < nodeCount, "node \(node) out of range")
    var lo = firstRecord(in: restrictionRecords, byUInt32At: 4, atLeast: node)
    var result: [TurnRestriction] = []
    while lo < restrictionRecords.count,
      Int(field(restrictionRecords, lo, 4, UInt32.self)) == node
    {
      result.append(
        TurnRestriction(
          from: min(Int(field(restrictionRecords, lo, 0, UInt32.self)), max(edgeCount - 1, 0)),
          via: node,
          to: min(Int(field(restrictionRecords, lo, 8, UInt32.self)), max(edgeCount - 1, 0)),
          kind: field(restrictionRecords, lo, 12, UInt8.self) == 1 ? .only : .no))
      lo += 1
    }
    return result
  }

  public var places: [MapPlace] {
    placeCache.withLock { cache in
      if let cache { return cache }
      let decoded = (0..<placeRecords.count).map { i in
        MapPlace(
          name: string(field(placeRecords, i, 8, UInt32.self)) ?? "",
          coordinate: point(placeRecords, i),
          category: string(field(placeRecords, i, 12, UInt32.self)))
      }
      cache = decoded
      return decoded
    }
  }

  public func edges(near coordinate: Coordinate, radius: Double) -> [Int] {
    guard coordinate.isValid, radius.isFinite, radius >= 0, edgeCount > 0 else { return [] }
    let radius = min(radius, 20_000_000)  // half the Earth's circumference covers it all
    let metresPerDegree = Earth.radius * .pi / 180
    let metresPerDegreeLon = metresPerDegree * max(cos(coordinate.latitude * .pi / 180), 0.01)
    let dLat = radius / metresPerDegree
    let dLon = radius / metresPerDegreeLon
    let cells = grid.cells(
      minLatitude: Int64(((coordinate.latitude - dLat) * 1e7).rounded(.down)),
      minLongitude: Int64(((coordinate.longitude - dLon) * 1e7).rounded(.down)),
      maxLatitude: Int64(((coordinate.latitude + dLat) * 1e7).rounded(.up)),
      maxLongitude: Int64(((coordinate.longitude + dLon) * 1e7).rounded(.up)))
    var candidates: [Int] = []
    for cell in cells {
      let upper = min(Int(field(gridIndex, cell + 1, 0, UInt32.self)), gridEdges.count)
      let lower = min(Int(field(gridIndex, cell, 0, UInt32.self)), upper)
      for i in lower..<upper {
        let id = Int(field(gridEdges, i, 0, UInt32.self))
        if id < edgeCount { candidates.append(id) }
      }
    }
    candidates.sort()
    var found: [(distance: Double, id: Int)] = []
    var previous = -1
    for id in candidates where id != previous {
      previous = id
      let d = distance(from: coordinate, toEdge: id, metresPerDegreeLon, metresPerDegree)
      if d <= radius { found.append((d, id)) }
    }
    found.sort { ($0.distance, $0.id) < ($1.distance, $1.id) }
    return found.map(\.id)
  }

  /// Metres from `point` to the nearest point of the edge's geometry, in a plane tangent at
  /// `point`.
  func distance(from point: Coordinate, toEdge id: Int, _ xScale: Double, _ yScale: Double)
    -> Double
  {
    let (from, to) = endpoints(ofEdge: id)
    let (range, _) = interior(ofEdge: id)
    func plane(_ section: Section, _ i: Int) -> (Double, Double) {
      (
        (Double(field(section, i, 4, Int32.self)) / 1e7 - point.longitude) * xScale,
        (Double(field(section, i, 0, Int32.self)) / 1e7 - point.latitude) * yScale
      )
    }
    var best = Double.infinity
    var a = plane(nodes, from)
    func visit(_ b: (Double, Double)) {
      let dx = b.0 - a.0
      let dy = b.1 - a.1
      let lengthSquared = dx * dx + dy * dy
      var t = lengthSquared > 0 ? -(a.0 * dx + a.1 * dy) / lengthSquared : 0
      t = min(1, max(0, t))
      let x = a.0 + t * dx
      let y = a.1 + t * dy
      best = min(best, (x * x + y * y).squareRoot())
      a = b
    }
    for i in range { visit(plane(geometryPoints, i)) }
    visit(plane(nodes, to))
    return best
  }
}
