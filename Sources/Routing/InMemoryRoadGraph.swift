import Foundation
import Geo

/// A `RoadGraph` held in plain arrays: for tests, synthetic maps and small extracts.
///
/// Edges are stored grouped by their start node (the order `outgoing(from:)` needs), so
/// the ids given to `init` are kept only when the edges already come grouped that way;
/// `Builder` takes care of it and maps restrictions onto the final ids. `edges(near:)`
/// looks through a uniform grid of about 100 m cells.
public struct InMemoryRoadGraph: RoadGraph {
  private let nodes: [Coordinate]
  private let edgeList: [RoadEdge]
  private let shapes: [[Coordinate]]
  private let firstOutgoing: [Int]
  private let incomingEdges: [[Int]]
  private let restrictionsByNode: [Int: [TurnRestriction]]
  private let grid: [Cell: [Int]]
  private let cellSize: Double
  public let places: [MapPlace]

  private struct Cell: Hashable {
    var x: Int
    var y: Int
  }

  /// A graph of `nodes` and `edges`.
  ///
  /// - Parameters:
  ///   - edges: each with its geometry from its start to its end node; nil geometry is the
  ///     straight line between the nodes. They must be sorted by `from` (ids are their
  ///     positions); `Builder` sorts for you.
  ///   - restrictions: referring to edge ids in `edges`.
  /// - Precondition: edges sorted by `from`, node ids in range.
  public init(
    nodes: [Coordinate], edges: [(edge: RoadEdge, geometry: [Coordinate]?)],
    restrictions: [TurnRestriction] = [], places: [MapPlace] = []
  ) {
    precondition(
      zip(edges, edges.dropFirst()).allSatisfy { $0.edge.from <= $1.edge.from },
      "edges must be sorted by their start node")
    self.nodes = nodes
    edgeList = edges.map(\.edge)
    shapes = edges.map { item in
      item.geometry ?? [nodes[item.edge.from], nodes[item.edge.to]]
    }
    var first = [Int](repeating: edges.count, count: nodes.count + 1)
    for (id, item) in edges.enumerated().reversed() { first[item.edge.from] = id }
    for node in stride(from: nodes.count - 1, through: 0, by: -1)
    where first[node] > first[node + 1] {
      first[node] = first[node + 1]
    }
    firstOutgoing = first
    var incoming = [[Int]](repeating: [], count: nodes.count)
    for (id, item) in edges.enumerated() { incoming[item.edge.to].append(id) }
    incomingEdges = incoming
    restrictionsByNode = Dictionary(grouping: restrictions, by: \.via)
    self.places = places
    let size = 100.0
    cellSize = size
    var grid: [Cell: [Int]] = [:]
    for (id, shape) in shapes.enumerated() {
      var cells = Set<Cell>()
      for (a, b) in zip(shape, shape.dropFirst()) {
        // Sample each segment finely enough that no cell it crosses is missed.
        let steps = max(1, Int(Earth.distance(a, b) / (size / 4)))
        for i in 0...steps {
          let t = Double(i) / Double(steps)
          let c = Coordinate(
            latitude: a.latitude + (b.latitude - a.latitude) * t,
            longitude: a.longitude + (b.longitude - a.longitude) * t)
          cells.insert(Self.cell(of: c, size: size))
        }
      }
      if shape.count == 1 { cells.insert(Self.cell(of: shape[0], size: size)) }
      for cell in cells { grid[cell, default: []].append(id) }
    }
    self.grid = grid
  }

  private static func cell(of c: Coordinate, size: Double) -> Cell {
    let metresPerDegree = Earth.radius * .pi / 180
    return Cell(
      x: Int((c.longitude * metresPerDegree * 0.5 / size).rounded(.down)),
      y: Int((c.latitude * metresPerDegree / size).rounded(.down)))
  }

  public var nodeCount: Int { nodes.count }
  public var edgeCount: Int { edgeList.count }
  public func coordinate(ofNode node: Int) -> Coordinate { nodes[node] }
  public func outgoing(from node: Int) -> Range<Int> {
    firstOutgoing[node]..<firstOutgoing[node + 1]
  }
  public func incoming(to node: Int) -> [Int] { incomingEdges[node] }
  public func edge(_ id: Int) -> RoadEdge { edgeList[id] }
  public func geometry(ofEdge id: Int) -> [Coordinate] { shapes[id] }
  public func restrictions(at node: Int) -> [TurnRestriction] { restrictionsByNode[node] ?? [] }

  /// Edges with a point of their geometry (not only a vertex) within `radius` metres,
  /// nearest first. Cells are 100 m tall and about 100 m wide at 60° N (half a degree's
  /// metres wide at the equator), so the search spans enough cells for any latitude up to
  /// about 80°.
  public func edges(near coordinate: Coordinate, radius: Double) -> [Int] {
    let centre = Self.cell(of: coordinate, size: cellSize)
    let cosLat = max(0.15, cos(coordinate.latitude * .pi / 180))
    let spanY = Int((radius / cellSize).rounded(.up))
    let spanX = Int((radius * 0.5 / cosLat / cellSize).rounded(.up))
    var seen = Set<Int>()
    var found: [(id: Int, distance: Double)] = []
    for dy in -spanY...spanY {
      for dx in -spanX...spanX {
        for id in grid[Cell(x: centre.x + dx, y: centre.y + dy)] ?? []
        where seen.insert(id).inserted {
          let shape = shapes[id]
          let distance =
            shape.count < 2
            ? Earth.distance(coordinate, shape[0])
            : (Polyline(shape).project(coordinate)?.crossTrack ?? .infinity)
          if distance <= radius { found.append((id, distance)) }
        }
      }
    }
    return found.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
      .map(\.id)
  }
}
