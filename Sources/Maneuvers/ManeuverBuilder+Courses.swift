import Geo
import Routing

extension ManeuverBuilder {
  /// How far the courses of two carriageways are followed to tell whether they run beside
  /// each other, metres.
  static var courseLength: Double { 80 }

  /// The course of a road from `node` for up to `metres`: along edge `first` (leaving the
  /// node when `forward`, else arriving at it, traced back against its traffic), then on
  /// through each node by the edge carrying its name that bends least (or the one way on
  /// where none carries it), at most 8 edges.
  func course(edge first: Int, forward: Bool, metres: Double) -> [Coordinate] {
    var edge = graph.edge(first)
    var id = first
    var points = forward ? graph.geometry(ofEdge: first) : graph.geometry(ofEdge: first).reversed()
    var length = Polyline(points).length
    for _ in 0..<8 where length < metres {
      let node = forward ? edge.to : edge.from
      let bearing = EdgeGeometry.finalBearing(points)
      // Every way on but back along the same way.
      let ways = (forward ? Array(graph.outgoing(from: node)) : graph.incoming(to: node))
        .filter { f in
          let e = graph.edge(f)
          return f != id
            && !((forward ? e.to == edge.from : e.from == edge.to) && e.wayID == edge.wayID)
        }
      func shape(_ f: Int) -> [Coordinate] {
        forward ? graph.geometry(ofEdge: f) : graph.geometry(ofEdge: f).reversed()
      }
      // By name; where the name changes, the one way on (a bridge's own name) is the road.
      let named = ways.filter { Intersection.sameRoad(edge, graph.edge($0)) }
      let choices = named.isEmpty && ways.count == 1 ? ways : named
      guard
        let next = choices.min(by: {
          abs(Angle.difference(from: bearing, to: EdgeGeometry.initialBearing(shape($0))))
            < abs(Angle.difference(from: bearing, to: EdgeGeometry.initialBearing(shape($1))))
        })
      else { break }
      let more = shape(next)
      length += Polyline(more).length
      points += more.dropFirst()
      id = next
      edge = graph.edge(next)
    }
    return points
  }

  /// Whether two one-way roads meeting at a node, one leaving it by edge `out` and one
  /// arriving by edge `in`, run beside each other as a divided road's carriageways: they
  /// meet again, or both go on at least 40 m, heading within 30° of each other over their
  /// last two thirds, and end less than 40 m apart.
  func runBeside(out: Int, in inbound: Int) -> Bool {
    let a = course(edge: out, forward: true, metres: Self.courseLength)
    let b = course(edge: inbound, forward: false, metres: Self.courseLength)
    guard let endA = a.last, let endB = b.last else { return false }
    if Earth.distance(endA, endB) < 1 { return true }
    let la = Polyline(a)
    let lb = Polyline(b)
    guard la.length >= 40, lb.length >= 40 else { return false }
    let length = min(la.length, lb.length)
    func heading(_ line: Polyline) -> Double {
      Earth.bearing(from: line.coordinate(at: length / 3), to: line.coordinate(at: length))
    }
    return abs(Angle.difference(from: heading(la), to: heading(lb))) < 30
      && Earth.distance(la.coordinate(at: length), lb.coordinate(at: length)) < 40
  }
}

extension ManeuverBuilder {
  /// The start of a road as a driver sees it from the node, for its direction: edge `first`
  /// (leaving the node when `forward`, else arriving at it, traced back), and after it the
  /// edges it carries on by through nodes where no other road meets, until
  /// `Intersection.lookahead` metres (at most 4 edges).
  func seen(edge first: Int, forward: Bool) -> [Coordinate] {
    var edge = graph.edge(first)
    var points = forward ? graph.geometry(ofEdge: first) : graph.geometry(ofEdge: first).reversed()
    var length = Polyline(points).length
    for _ in 0..<4 where length < Intersection.lookahead {
      let node = forward ? edge.to : edge.from
      guard
        let next = plainContinuation(
          at: node, from: forward ? edge.from : edge.to, forward: forward)
      else { break }
      let more = forward ? graph.geometry(ofEdge: next) : graph.geometry(ofEdge: next).reversed()
      length += Polyline(more).length
      points += more.dropFirst()
      edge = graph.edge(next)
    }
    return points
  }

  /// At a node where only two neighbours meet (`came`, and one other), the edge on to the
  /// other (out of the node when `forward`, else into it); nil at any other node.
  func plainContinuation(at node: Int, from came: Int, forward: Bool) -> Int? {
    var neighbours = Set<Int>()
    for f in graph.outgoing(from: node) { neighbours.insert(graph.edge(f).to) }
    for i in graph.incoming(to: node) { neighbours.insert(graph.edge(i).from) }
    guard neighbours.count == 2, neighbours.contains(came),
      let other = neighbours.first(where: { $0 != came }), other != node
    else { return nil }
    return forward
      ? graph.outgoing(from: node).first { graph.edge($0).to == other }
      : graph.incoming(to: node).first { graph.edge($0).from == other }
  }
}
