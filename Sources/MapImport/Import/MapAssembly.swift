import Foundation
import Geo
import MapFile
import Navigation
import RoadCosts
import Routing

/// The graph-building steps of `RoadMapBuilder`: ways → runs of known nodes → junctions →
/// directed edges sorted by their start node → restrictions tied to edges → places, all
/// into a `MapContent` with its string table.
///
/// Deterministic: every step walks sorted input, never a dictionary's order.
struct MapAssembly {
  private(set) var content = MapContent()
  var summary = RoadMapBuilder.Summary()
  let profile: CarProfile
  private var stringIDs: [String: UInt32] = ["": 0]
  /// The OSM ids of the graph's nodes: a node's index in the file is its id's place here.
  private var graphNodes = SortedIDs([])
  /// The final ids of each way's edges (`WayEdges`).
  private var wayEdges = WayEdges()
  /// The graph nodes a car cannot pass, ascending.
  private(set) var barrierNodes: [UInt32] = []

  /// A place's words, before they are interned in the string table.
  struct PlaceText: Equatable, Sendable {
    var name: String
    var category: String?
  }

  /// - Parameters:
  ///   - junctions: The signs of `highway=motorway_junction` nodes, by node id.
  ///   - delays: The seconds route choice adds for passing a node (`NodeObstacle.delay`),
  ///     by node id.
  ///   - barriers: Nodes a car cannot pass (`NodeObstacle.closed`): each becomes a graph
  ///     node where the only move is back (`addRestrictions`). Gates become graph nodes too.
  ///   - tollBooths: `barrier=toll_booth` nodes: the edges through them or ending at them
  ///     are tolled.
  init(
    country: String?, coordinates: NodeCoordinates,
    roads: consuming RoadTable, junctions: [Int64: SignpostTags.Junction] = [:],
    delays: [Int64: Float] = [:], barriers: SortedIDs = SortedIDs([]),
    tollBooths: SortedIDs = SortedIDs([]), builtUp: BuiltUpAreas = BuiltUpAreas()
  ) {
    profile = CarProfile(limits: SpeedLimits(country: country))
    content.country = profile.limits.country
    summary.country = profile.limits.country

    var runs = RoadRuns()
    var attributes: [CarProfile.Way] = []
    // The table index of each kept way, and its id.
    var roadIndices: [Int] = []
    var wayIDs: [Int64] = []
    var current: [Int64] = []
    for r in roads.order() {
      let road = roads.way(at: r)
      guard let way = profile.way(tags: road.tags) else { continue }
      let index = attributes.count
      attributes.append(way)
      roadIndices.append(r)
      wayIDs.append(road.id)
      current.removeAll(keepingCapacity: true)
      var parts = 0
      var missing = 0
      func flush() {
        if current.count >= 2 {
          runs.append(way: index, nodes: current)
          parts += 1
        }
        current.removeAll(keepingCapacity: true)
      }
      for ref in road.nodes {
        if coordinates[ref] == nil {
          missing += 1
          flush()
        } else if current.last != ref {
          current.append(ref)
        }
      }
      flush()
      summary.missingNodeReferences += missing
      if parts == 0 {
        summary.waysDropped += 1
      } else {
        summary.waysKept += 1
        if way.usesDefaultLimit { summary.waysWithDefaultSpeed += 1 }
        if missing > 0 { summary.waysSplitAtGaps += 1 }
      }
    }

    // The runs hold what is used of the roads' nodes from here on.
    roads.forgetNodes()
    content.wholeMap.overview = OverviewBuilder.lines(
      runs: runs.lazy.map { (roadClass: attributes[$0.way].roadClass, nodes: $0.nodes) },
      coordinates: coordinates)

    // Junctions: used twice or more (by two ways or one way twice), and run ends.
    // Barriers and gates become graph nodes: what they cost is charged on passing them.
    let gates = delays.filter { $0.value >= 10 }.map(\.key)
    graphNodes = Self.junctions(of: runs, barriers: SortedIDs(barriers.ids + gates))
    barrierNodes = barriers.ids.compactMap { graphNodes.index(of: $0).map(UInt32.init) }
    let graphNodeIDs = graphNodes.ids
    content.nodes.reserveCapacity(graphNodeIDs.count)
    for id in graphNodeIDs { content.nodes.append(coordinates[id]!) }

    // Segments between graph nodes: one edge per allowed direction, made in way order and
    // sorted by start node below. What is made of the tags, by edge: made here, with the
    // way's tags at hand, rather than once an edge from the tags of millions.
    var records: [MapContent.EdgeAttributes] = []
    var signs: [Int: Signpost] = [:]
    // Room for exactly what is made: grown by doubling, the arrays of millions would for a
    // moment take their old and new memory at once.
    var (edgeCount, pointCount) = (0, 0)
    for run in runs {
      let way = attributes[run.way]
      let segments = run.nodes.dropFirst().reduce(0) { $0 + (graphNodes.contains($1) ? 1 : 0) }
      edgeCount += segments * ((way.forward ? 1 : 0) + (way.backward ? 1 : 0))
      pointCount += run.nodes.count - 1 - segments
    }
    content.edges.reserveCapacity(edgeCount)
    records.reserveCapacity(edgeCount)
    content.geometry.reserveCapacity(pointCount)
    var runTags: (way: Int, tags: [String: String]) = (-1, [:])
    for run in runs {
      var way = attributes[run.way]
      if let seconds = way.ferrySeconds {
        way.fixedKmh = Self.ferryKmh(run.nodes, seconds: seconds, coordinates: coordinates)
      }
      if runTags.way != run.way { runTags = (run.way, roads.way(at: roadIndices[run.way]).tags) }
      let tags = runTags.tags
      func describe(_ p: Pending) {
        if let sign = SignpostTags.signpost(
          tags: tags, forward: p.forward, oneway: !(way.forward && way.backward),
          isLink: way.roadClass.isLink, junction: junctions[graphNodes.ids[Int(p.from)]])
        {
          signs[content.edges.count] = sign
        }
        records.append(
          EdgeAttributes.record(
            tags: tags, way: way, profile: profile, forward: p.forward, presence: p.presence))
        content.edges.append(edge(p, of: way, id: wayIDs[Int(p.way)]))
      }
      var start = run.nodes.startIndex
      for i in run.nodes.indices.dropFirst() where graphNodes.contains(run.nodes[i]) {
        let segment = run.nodes[start...i]
        let geometryStart = content.geometry.count
        for ref in segment.dropFirst().dropLast() { content.geometry.append(coordinates[ref]!) }
        var length = 0.0
        var previous = Self.coordinate(coordinates[segment.first!]!)
        for ref in segment.dropFirst() {
          let next = Self.coordinate(coordinates[ref]!)
          length += Earth.distance(previous, next)
          previous = next
        }
        let a = UInt32(graphNodes.index(of: segment.first!)!)
        let b = UInt32(graphNodes.index(of: segment.last!)!)
        let count = UInt32(segment.count - 2)
        let presence = Self.presence(of: segment, in: builtUp, coordinates: coordinates)
        let delay =
          delays.isEmpty ? 0 : segment.dropFirst().dropLast().reduce(0) { $0 + (delays[$1] ?? 0) }
        let (startDelay, endDelay) = (delays[segment.first!] ?? 0, delays[segment.last!] ?? 0)
        let tollBooth = !tollBooths.isEmpty && segment.contains { tollBooths.contains($0) }
        if way.forward {
          describe(
            Pending(
              length: length, from: a, to: b, way: UInt32(run.way),
              geometryStart: UInt32(geometryStart), geometryCount: count, forward: true,
              presence: presence, delay: delay, endDelay: endDelay, tollBooth: tollBooth))
        }
        if way.backward {
          describe(
            Pending(
              length: length, from: b, to: a, way: UInt32(run.way),
              geometryStart: UInt32(geometryStart), geometryCount: count, forward: false,
              presence: presence, delay: delay, endDelay: startDelay, tollBooth: tollBooth))
        }
        summary.roadLength += length
        start = i
      }
    }
    // What made the edges goes before they are sorted.
    runs = RoadRuns()
    roads = RoadTable()

    // Edges sorted by start node (stable: way id order, then along the way), in place.
    let order = content.edges.indices.sorted {
      (content.edges[$0].from, $0) < (content.edges[$1].from, $1)
    }
    content.edges.permute(by: order)
    records.permute(by: order)
    swap(&content.wholeMap.edgeAttributes, &records)
    // The words, interned in the sorted edges' order: a way's name, ref and lanes, after
    // the edge's signs.
    for (e, i) in order.enumerated() {
      let way = attributes[Int(content.edges[e].name)]
      let forward = content.edges[e].flags & MapFileLayout.EdgeFlag.geometryReversed == 0
      wayEdges.append(way: content.edges[e].wayID, edge: e)
      if let sign = signs[i] {
        content.signposts.append(
          MapContent.Sign(
            edge: UInt32(e), exits: intern(sign.exits),
            refs: intern(sign.refs), destinations: intern(sign.destinations)))
      }
      content.edges[e].name = intern(way.name)
      content.edges[e].ref = way.ref.map { intern($0) } ?? MapFileLayout.noString
      content.edges[e].turnLanes =
        (forward ? way.forwardLanes : way.backwardLanes).map { intern($0) }
        ?? MapFileLayout.noString
    }
    wayEdges.sort()
    summary.nodes = content.nodes.count
    summary.edges = content.edges.count
    summary.signposts = content.signposts.count
  }

  /// The graph's nodes of `runs`: both ends of every run, every node that runs use twice or
  /// more, and the `barriers` (and gates) on them. Sorts all the runs' references once, rather than
  /// counting them in a dictionary.
  static func junctions(of runs: RoadRuns, barriers: SortedIDs = SortedIDs([])) -> SortedIDs {
    var refs = runs.allNodes
    refs.sort()
    var nodes: [Int64] = []
    for run in runs {
      nodes.append(run.nodes.first!)
      nodes.append(run.nodes.last!)
    }
    var i = 0
    while i < refs.count {
      var j = i + 1
      while j < refs.count, refs[j] == refs[i] { j += 1 }
      if j - i >= 2 || barriers.contains(refs[i]) { nodes.append(refs[i]) }
      i = j
    }
    refs = []
    return SortedIDs(nodes)
  }

  /// The content and summary made, the rest of the assembly let go.
  consuming func finish() -> (MapContent, RoadMapBuilder.Summary) { (content, summary) }

  /// Where a segment's middle (between its middle nodes) is relative to the built-up areas.
  static func presence(
    of segment: ArraySlice<Int64>, in builtUp: BuiltUpAreas,
    coordinates: NodeCoordinates
  ) -> BuiltUpAreas.Presence {
    let a = coordinates[segment[segment.startIndex + (segment.count - 1) / 2]]!
    let b = coordinates[segment[segment.startIndex + segment.count / 2]]!
    return builtUp.presence(
      latitude: (Double(a.latitude) + Double(b.latitude)) / 2e7,
      longitude: (Double(a.longitude) + Double(b.longitude)) / 2e7)
  }

  static func coordinate(_ e7: (latitude: Int32, longitude: Int32)) -> Coordinate {
    Coordinate(latitude: Double(e7.latitude) / 1e7, longitude: Double(e7.longitude) / 1e7)
  }

  /// A `;`-separated list in the string table; `noString` when it is empty.
  private mutating func intern(_ list: [String]) -> UInt32 {
    list.isEmpty ? MapFileLayout.noString : intern(list.joined(separator: ";"))
  }

  private mutating func intern(_ text: String) -> UInt32 {
    if let id = stringIDs[text] { return id }
    let id = UInt32(content.strings.count)
    content.strings.append(text)
    stringIDs[text] = id
    return id
  }

  /// Ties restriction rules (sorted by relation id) to edges: `from` is the from-way's edge
  /// entering the via node, `to` the to-way's edge leaving it.
  ///
  /// A from- or to-way that passes through the via node (rather than ending there) has two
  /// such edges; the move the restriction names picks the pair: the sharpest left for
  /// `*_left_turn`, the sharpest right for `*_right_turn`, the straightest for
  /// `*_straight_on`, the nearest to a reversal for `*_u_turn`. Other moves, or a tie, leave
  /// it ambiguous and skipped.
  mutating func addRestrictions(_ rules: [RestrictionRule]) {
    var kept = Set<MapContent.Restriction>()
    for rule in rules {
      guard let via = graphNodes.index(of: rule.viaNodes[0]) else {
        skip(.incomplete)
        continue
      }
      var pairs: [(from: Int, to: Int)] = []
      var reason: RestrictionRule.Skip?
      for fromWay in rule.fromWays {
        for toWay in rule.toWays {
          let froms = wayEdges.edges(of: fromWay).filter { Int(content.edges[$0].to) == via }
          let tos = wayEdges.edges(of: toWay).filter { Int(content.edges[$0].from) == via }
          if froms.isEmpty || tos.isEmpty {
            reason = reason ?? .incomplete
          } else if froms.count == 1 && tos.count == 1 {
            pairs.append((froms[0], tos[0]))
          } else if let pair = choose(froms, tos, move: rule.move) {
            pairs.append(pair)
          } else {
            reason = reason ?? .ambiguous
          }
        }
      }
      if let reason {
        skip(reason)
        continue
      }
      summary.restrictionsKept += 1
      for (from, to) in pairs {
        kept.insert(
          MapContent.Restriction(
            from: UInt32(from), via: UInt32(via), to: UInt32(to), only: rule.kind == .only))
      }
    }
    kept.formUnion(barrierRestrictions())
    kept.formUnion(ringCrossingRestrictions())
    content.restrictions = kept.sorted()
  }

  /// The (from, to) pair whose turn best matches `move`, or nil when the move says no
  /// direction or two pairs match about equally (within 10°).
  private func choose(_ froms: [Int], _ tos: [Int], move: String) -> (from: Int, to: Int)? {
    let score: (Double) -> Double
    switch move {
    case "left_turn": score = { $0 }  // most negative: sharpest left
    case "right_turn": score = { -$0 }
    case "straight_on": score = { abs($0) }
    case "u_turn": score = { -abs($0) }
    default: return nil
    }
    var scored: [(score: Double, from: Int, to: Int)] = []
    for from in froms {
      for to in tos where from != to {
        let turn = Angle.difference(from: bearing(into: from), to: bearing(outOf: to))
        scored.append((score(turn), from, to))
      }
    }
    scored.sort { ($0.score, $0.from, $0.to) < ($1.score, $1.from, $1.to) }
    guard let best = scored.first else { return nil }
    if scored.count > 1 && scored[1].score - best.score < 10 { return nil }
    return (best.from, best.to)
  }

  /// The points of an edge in its direction.
  private func points(of id: Int) -> [Coordinate] {
    let edge = content.edges[id]
    let start = Int(edge.geometryStart)
    var interior = content.geometry[start..<start + Int(edge.geometryCount)].map(Self.coordinate)
    if edge.flags & MapFileLayout.EdgeFlag.geometryReversed != 0 { interior.reverse() }
    return [Self.coordinate(content.nodes[Int(edge.from)])] + interior
      + [Self.coordinate(content.nodes[Int(edge.to)])]
  }

  /// Bearing of an edge's last segment, arriving at its end node.
  func bearing(into id: Int) -> Double {
    let p = points(of: id)
    return Earth.bearing(from: p[p.count - 2], to: p[p.count - 1])
  }

  /// Bearing of an edge's first segment, leaving its start node.
  func bearing(outOf id: Int) -> Double {
    let p = points(of: id)
    return Earth.bearing(from: p[0], to: p[1])
  }

  private mutating func skip(_ reason: RestrictionRule.Skip) {
    summary.restrictionsSkipped[reason.rawValue, default: 0] += 1
  }

  /// Adds places, sorted by name, position and category, without exact duplicates.
  mutating func addPlaces(
    _ places: [(latitude: Int32, longitude: Int32, text: PlaceText)]
  ) {
    let sorted = places.sorted {
      ($0.text.name, $0.latitude, $0.longitude, $0.text.category ?? "")
        < ($1.text.name, $1.latitude, $1.longitude, $1.text.category ?? "")
    }
    var previous: (Int32, Int32, PlaceText)?
    for place in sorted {
      if let p = previous, p.0 == place.latitude, p.1 == place.longitude, p.2 == place.text {
        continue
      }
      previous = (place.latitude, place.longitude, place.text)
      content.places.append(
        MapContent.Place(
          latitudeE7: place.latitude, longitudeE7: place.longitude, name: intern(place.text.name),
          category: place.text.category.map { intern($0) } ?? MapFileLayout.noString))
    }
    summary.places = content.places.count
  }
}
