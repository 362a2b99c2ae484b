import Foundation
import Geo

extension InMemoryRoadGraph {
  /// Builds an `InMemoryRoadGraph` way by way, the way an importer would: nodes, then
  /// roads through them (split into one edge per pair of consecutive nodes, both ways
  /// unless oneway), then restrictions named by their nodes.
  ///
  /// Edge ids are assigned by `build()`; `edge(from:to:)` on the built graph finds them.
  public struct Builder: Sendable {
    private var nodes: [Coordinate] = []
    private var edges: [RoadEdge] = []
    private var restrictions:
      [(from: (Int, Int), via: Int, to: (Int, Int), kind: TurnRestriction.Kind)] = []
    private var places: [MapPlace] = []
    private var nextWay: Int64 = 1

    public init() {}

    /// Adds a node and returns its id.
    @discardableResult
    public mutating func node(_ latitude: Double, _ longitude: Double) -> Int {
      nodes.append(Coordinate(latitude: latitude, longitude: longitude))
      return nodes.count - 1
    }

    /// Adds a node `east` and `north` metres from `origin` and returns its id.
    @discardableResult
    public mutating func node(east: Double, north: Double, from origin: Coordinate) -> Int {
      let projection = LocalProjection(origin: origin)
      nodes.append(projection.unproject(PlanePoint(x: east, y: north)))
      return nodes.count - 1
    }

    /// Adds a road through `path` (node ids, at least two): one edge per consecutive pair,
    /// in the path's direction, and the reverse ones unless `oneway`. Returns its way id.
    ///
    /// - Parameters:
    ///   - speed: m/s; nil picks a default for the class (50 km/h for main roads, 40 for
    ///     residential, 20 for service roads and living streets).
    ///   - destinationOnly: no through traffic (`RoadEdge.isDestinationOnly`).
    @discardableResult
    public mutating func road(
      _ path: [Int], name: String = "", ref: String? = nil, roadClass: RoadClass = .residential,
      speed: Double? = nil, oneway: Bool = false, roundabout: Bool = false,
      destinationOnly: Bool = false, turnLanes: String? = nil, backwardTurnLanes: String? = nil
    ) -> Int64 {
      precondition(path.count >= 2, "a road needs two nodes")
      let way = nextWay
      nextWay += 1
      let speed = speed ?? Self.defaultSpeed(roadClass)
      for (a, b) in zip(path, path.dropFirst()) {
        let length = Earth.distance(nodes[a], nodes[b])
        edges.append(
          RoadEdge(
            from: a, to: b, length: length, speed: speed, roadClass: roadClass, name: name,
            ref: ref, isRoundabout: roundabout, isDestinationOnly: destinationOnly,
            turnLanes: turnLanes, wayID: way))
        if !oneway {
          edges.append(
            RoadEdge(
              from: b, to: a, length: length, speed: speed, roadClass: roadClass, name: name,
              ref: ref, isRoundabout: roundabout, isDestinationOnly: destinationOnly,
              turnLanes: backwardTurnLanes, wayID: way))
        }
      }
      return way
    }

    /// Forbids (`.no`) or prescribes (`.only`) the move from the edge `from.0 → from.1`
    /// over `from.1` onto the edge `from.1 → to`.
    public mutating func restrict(
      _ kind: TurnRestriction.Kind, from: (Int, Int), to: Int
    ) {
      restrictions.append((from, from.1, (from.1, to), kind))
    }

    public mutating func place(_ place: MapPlace) { places.append(place) }

    /// The graph. Edges keep their insertion order among those leaving the same node.
    ///
    /// - Precondition: every restriction names edges that exist.
    public func build() -> InMemoryRoadGraph {
      let order = edges.indices.sorted {
        edges[$0].from != edges[$1].from ? edges[$0].from < edges[$1].from : $0 < $1
      }
      let sorted = order.map { edges[$0] }
      var id: [Pair: Int] = [:]
      for (i, edge) in sorted.enumerated() where id[Pair(edge.from, edge.to)] == nil {
        id[Pair(edge.from, edge.to)] = i
      }
      let resolved = restrictions.map { r -> TurnRestriction in
        guard let from = id[Pair(r.from.0, r.from.1)], let to = id[Pair(r.to.0, r.to.1)] else {
          preconditionFailure("restriction over an edge that does not exist")
        }
        return TurnRestriction(from: from, via: r.via, to: to, kind: r.kind)
      }
      return InMemoryRoadGraph(
        nodes: nodes, edges: sorted.map { ($0, nil) }, restrictions: resolved, places: places)
    }

    private struct Pair: Hashable {
      var a: Int
      var b: Int
      init(_ a: Int, _ b: Int) {
        self.a = a
        self.b = b
      }
    }

    static func defaultSpeed(_ roadClass: RoadClass) -> Double {
      switch roadClass {
      case .motorway: 100 / 3.6
      case .trunk, .motorwayLink: 80 / 3.6
      case .primary, .secondary, .tertiary, .trunkLink, .primaryLink, .secondaryLink,
        .tertiaryLink, .unclassified:
        50 / 3.6
      case .residential: 40 / 3.6
      case .livingStreet, .service: 20 / 3.6
      }
    }
  }
}

extension RoadGraph {
  /// The first edge from node `a` to node `b`, nil when there is none. O(out-degree of a).
  public func edge(from a: Int, to b: Int) -> Int? {
    outgoing(from: a).first { edge($0).to == b }
  }
}
