import Foundation
import Geo
import Navigation
import Routing

/// Turns a `RoutePath` into a `Navigation.Route`: steps with maneuvers, names, lanes,
/// instructions, distances, durations and geometry, the way OSRM and Valhalla describe
/// routes (see `Maneuver.Kind` for the types).
///
/// A new step starts at every junction where the driver has something to do or the road
/// changes name or ref, judged on the junction as the driver sees it (`Intersection`):
/// - `depart` at the start (`uturn` when it starts against the car's heading) and `arrive`
///   at the end (with the side of the road the destination is on, when it is more than 3 m
///   off the road);
/// - nothing along the obvious way on (`Intersection.obviousRoad`), `new name` where that
///   way changes name or ref (shown, not spoken where it goes on straight);
/// - `roundabout`, `rotary` or `roundabout turn` on entering a ring, with the exit counted
///   over the roads a car may leave by (`ManeuverBuilder+Roundabouts`), then its exit step;
/// - `off ramp` by the side a motorway or trunk link leaves the carriageway, `on ramp`
///   onto one from another road, `merge` towards the carriageway joined;
/// - `continue` + `uturn` back along the road (`turn` + `uturn` when the name changes);
/// - `fork` where two or three ways of a kind go on within 60° of straight, none obvious;
/// - `end of road` where nothing goes on within 45° of straight and roads leave either side;
/// - `enter ferry` and `exit ferry` wherever the route boards or leaves a ferry;
/// - `turn` (or `continue` when staying on the same road) for any other move off the
///   obvious way, with the modifier from `TurnClassifier` (slight towards its side when it
///   leaves the obvious road at a small angle).
///
/// Ramps and forks carry the signpost of the road they lead onto (`RoadGraph.signpost`):
/// the first sign on the edges from the maneuver on while they are ramps (a ramp's sign
/// often stands a little way along it), for an exit also its number.
///
/// Two maneuvers in quick succession through a junction (under 12 m apart, or under 40 m
/// over an unnamed connector, such as the two halves of a turn across a dual
/// carriageway) become one, with the combined angle, and none where they come out
/// straight on (a staggered crossing); so do two name changes straight on less than 100 m
/// apart (a bridge with a name of its own).
public struct ManeuverBuilder<Graph: RoadGraph>: Sendable {
  public let graph: Graph
  public let options: RouterOptions

  /// - Parameter options: the router's; nil for the defaults for the map's driving side.
  public init(graph: Graph, options: RouterOptions? = nil) {
    self.graph = graph
    self.options = options ?? RouterOptions(drivingSide: graph.drivingSide)
  }

  /// One road the route could take at a junction, other than the one it takes.
  struct Option {
    var edge: RoadEdge
    var angle: Double
  }

  /// What the route meets where one edge of the path hands over to the next.
  struct Junction {
    var location: Coordinate
    var bearingIn: Double
    var bearingOut: Double
    /// Signed turn, positive right.
    var angle: Double
    /// Back along the same road between the same nodes.
    var isReversal: Bool
    /// The other allowed ways on (no U-turn back).
    var exits: [Option]
    /// Seconds the router charged for the turn.
    var cost: Double
    /// The roads at the junction as the driver sees them.
    var intersection: Intersection
    /// The index in `intersection.roads` of the road taken; nil for a reversal.
    var taken: Int?
  }

  /// A step being assembled.
  struct Draft {
    var maneuver: Maneuver
    var name: String
    var ref: String?
    var geometry: [Coordinate]
    var distance = 0.0
    var duration = 0.0
    var lanes: [Lane] = []
    var signpost: Signpost?
    /// The kinds of road to avoid the step drives on.
    var classes: AvoidableRoads = []

    mutating func append(_ piece: [Coordinate]) {
      for (i, c) in piece.enumerated() where !(i == 0 && geometry.last == c) {
        geometry.append(c)
      }
    }
  }

  /// The route for `path`.
  public func route(_ path: RoutePath) -> Route {
    let edges = path.edges.map(graph.edge)
    let shapes = path.edges.map { graph.geometry(ofEdge: $0) }
    var pieces: [[Coordinate]] = []
    for (i, shape) in shapes.enumerated() {
      let span = path.span(ofEdgeAt: i)
      let length = Polyline(shape).length
      pieces.append(EdgeGeometry.slice(shape, from: span.from * length, to: span.to * length))
    }

    let firstPiece = pieces[0]
    var current = Draft(
      maneuver: Maneuver(
        kind: .depart, modifier: path.startsWithUTurn ? .uTurn : nil, location: path.start,
        bearingBefore: 0,
        bearingAfter: Self.rounded(EdgeGeometry.initialBearing(Self.distinct(firstPiece)))),
      name: edges[0].name, ref: edges[0].ref, geometry: [])
    var drafts: [Draft] = []
    var roundabout: RoundaboutProgress?
    /// The road arrived by as the driver sees it: the edge's shape, and before it the
    /// shapes of the edges it carries on from through nodes with no other road.
    var approach = shapes[0]

    for i in path.edges.indices {
      let span = path.span(ofEdgeAt: i)
      current.append(pieces[i])
      current.distance += (span.to - span.from) * edges[i].length
      current.duration += (span.to - span.from) * edges[i].duration
      if span.to > span.from { current.classes.formUnion(edges[i].avoidable) }
      guard i + 1 < path.edges.count else { break }
      let from = edges[i]
      let to = edges[i + 1]
      let junction = self.junction(
        from: path.edges[i], fromEdge: from, shape: shapes[i], approach: approach,
        to: path.edges[i + 1], toEdge: to, toShape: shapes[i + 1])
      current.duration += junction.cost
      // Through a node with no other road the driver sees one road: the way in goes on.
      approach =
        junction.intersection.roads.count == 1 && junction.taken != nil
        ? Self.tail(approach + shapes[i + 1].dropFirst(), metres: 2 * Intersection.lookahead)
        : shapes[i + 1]

      var maneuver: Maneuver?
      if to.isRoundabout && !from.isRoundabout {
        drafts.append(current)
        let ring = self.ring(startingWith: path.edges[i + 1])
        let kind = ring.kind
        current = Draft(
          maneuver: Maneuver(
            kind: kind, location: junction.location,
            bearingBefore: Self.rounded(junction.bearingIn),
            bearingAfter: Self.rounded(junction.bearingOut)),
          name: to.name, ref: to.ref, geometry: [])
        roundabout = RoundaboutProgress(
          exits: exitsPassedEntering(junction, ring: ring),
          bearingIn: junction.bearingIn, kind: kind)
        continue
      } else if from.isRoundabout && to.isRoundabout {
        if hasExit(junction) { roundabout?.exits += 1 }
        continue
      } else if from.isRoundabout && !to.isRoundabout {
        let local = TurnClassifier.modifier(angle: junction.angle)
        // Setting out on the ring, its kind is the ring's own.
        let entered = roundabout != nil
        let kind = roundabout?.kind ?? ring(startingWith: path.edges[i]).kind
        if let entry = roundabout {
          let total = Angle.difference(from: entry.bearingIn, to: junction.bearingOut)
          current.maneuver.exit = entry.exits + 1
          current.maneuver.modifier = TurnClassifier.modifier(angle: total)
          current.name = to.name
          current.ref = to.ref
        }
        roundabout = nil
        // A small roundabout read as a crossing is one step; a ring's exit is its own, and
        // so is the way off a ring set out on.
        if kind == .roundaboutTurn && entered { continue }
        maneuver = Maneuver(
          kind: kind == .rotary ? .exitRotary : .exitRoundabout, modifier: local,
          location: junction.location, bearingBefore: Self.rounded(junction.bearingIn),
          bearingAfter: Self.rounded(junction.bearingOut))
      } else {
        maneuver = decide(junction, from: from, to: to)
      }
      guard let maneuver else { continue }
      drafts.append(current)
      var lanes: [Lane] = []
      if let tag = from.turnLanes, let modifier = maneuver.modifier,
        ![.exitRoundabout, .exitRotary].contains(maneuver.kind)
      {
        lanes = TurnLanes.lanes(tag, for: modifier)
      }
      current = Draft(
        maneuver: maneuver, name: to.name, ref: to.ref, geometry: [], lanes: lanes,
        signpost: signpost(for: maneuver.kind, along: path.edges[(i + 1)...]))
    }
    // Arriving on the ring there is no way off it to read as a crossing's turn.
    if roundabout != nil && current.maneuver.kind == .roundaboutTurn {
      current.maneuver.kind = .roundabout
    }
    drafts.append(current)

    let lastPiece = Self.distinct(pieces[pieces.count - 1])
    let arrival = Maneuver(
      kind: .arrive, modifier: arrivalSide(path, lastPiece: lastPiece), location: path.end,
      bearingBefore: Self.rounded(EdgeGeometry.finalBearing(lastPiece)), bearingAfter: 0)
    drafts.append(
      Draft(
        maneuver: arrival, name: edges[edges.count - 1].name, ref: edges[edges.count - 1].ref,
        geometry: [path.end, path.end]))
    return assemble(collapse(drafts), path: path)
  }

  /// The route from the drafts: instructions, totals, the leg summary.
  private func assemble(_ drafts: [Draft], path: RoutePath) -> Route {
    let steps = drafts.map { draft in
      var geometry = draft.geometry
      if geometry.count < 2 { geometry = [draft.maneuver.location, draft.maneuver.location] }
      return RouteStep(
        maneuver: draft.maneuver, name: draft.name, ref: draft.ref, distance: draft.distance,
        duration: draft.duration, geometry: geometry, lanes: draft.lanes,
        instructionVariants: InstructionWriter.variants(
          for: draft.maneuver, name: draft.name, ref: draft.ref, signpost: draft.signpost,
          drivingSide: options.drivingSide),
        drivingSide: options.drivingSide, signpost: draft.signpost, classes: draft.classes)
    }
    let distance = steps.reduce(0) { $0 + $1.distance }
    let duration = steps.reduce(0) { $0 + $1.duration }
    var byName: [String: Double] = [:]
    for step in steps where !step.name.isEmpty { byName[step.name, default: 0] += step.distance }
    let summary = byName.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .prefix(2).map(\.key).joined(separator: ", ")
    return Route(
      legs: [RouteLeg(steps: steps, summary: summary, distance: distance, duration: duration)],
      distance: distance, duration: duration, locale: "en")
  }

  /// The sign for a maneuver of `kind` onto the first of `edges`: for ramps and forks, the
  /// first signpost on the edges from there while they are ramps (at most 8), nil for
  /// other maneuvers.
  func signpost(for kind: Maneuver.Kind, along edges: ArraySlice<Int>) -> Signpost? {
    guard [.offRamp, .onRamp, .fork].contains(kind) else { return nil }
    for (n, id) in edges.prefix(8).enumerated() {
      if n > 0 && !graph.edge(id).roadClass.isLink { break }
      if let sign = graph.signpost(ofEdge: id) { return sign }
    }
    return nil
  }

  /// The end of `shape`: its last points spanning at least `metres` (all of it when
  /// shorter).
  static func tail(_ shape: [Coordinate], metres: Double) -> [Coordinate] {
    var length = 0.0
    var start = shape.count - 1
    while start > 0 && length < metres {
      length += Earth.distance(shape[start - 1], shape[start])
      start -= 1
    }
    return Array(shape[max(start, 0)...])
  }

  /// `shape` without consecutive repeated points (a zero-length slice has no direction).
  static func distinct(_ shape: [Coordinate]) -> [Coordinate] {
    var out: [Coordinate] = []
    for c in shape where out.last != c { out.append(c) }
    return out.count >= 2 ? out : shape
  }

  static func rounded(_ bearing: Double) -> Double {
    let r = bearing.rounded()
    return r >= 360 ? r - 360 : r
  }
}
