import Geo
import Navigation
import Routing
import Testing

@Suite struct RouterTests {
  typealias Maps = SyntheticMaps

  /// A 5×5 grid of two-way streets.
  let grid = Maps.grid { builder, id in Maps.addStreets(&builder, size: 5, id: id) }

  @Test func fastestRouteOnAGridIsAsLongAsTheManhattanDistance() throws {
    let router = Router(graph: grid)
    let path = try #require(
      try router.paths(from: Maps.point(0, 0), to: Maps.point(400, 400)).first)
    #expect(abs(path.distance - 800) < 2, "\(path.distance)")
    // Fewest turns wins: one turn.
    let nodes = Maps.nodes(path, in: grid)
    #expect(nodes.first == 0 && nodes.last == 24)
    // Corners where nothing else goes on cost nothing.
    #expect(path.duration > 800 / (40 / 3.6) - 0.1)
  }

  @Test func onewayIsOnlyDrivenItsWay() throws {
    // Row 0 is one way eastwards.
    let graph = Maps.grid { builder, id in
      builder.road((0..<5).map { id($0, 0) }, name: "Row 0", oneway: true)
      Maps.addStreets(&builder, size: 5, id: id, skipRows: [0])
    }
    let router = Router(graph: graph)
    let east = try router.paths(from: Maps.point(0, 0), to: Maps.point(400, 0))[0]
    #expect(abs(east.distance - 400) < 2)
    let west = try router.paths(from: Maps.point(400, 0), to: Maps.point(0, 0))[0]
    #expect(west.distance > 590, "had to leave row 0: \(west.distance) m")
    for e in west.edges {
      let edge = graph.edge(e)
      #expect(!(edge.name == "Row 0"), "drove row 0 westwards")
    }
  }

  @Test func noLeftTurnIsRespected() throws {
    // Coming north on column 2 at row 2, no left turn onto row 2 westwards.
    let graph = Maps.grid { builder, id in
      Maps.addStreets(&builder, size: 5, id: id)
      builder.restrict(.no, from: (id(2, 1), id(2, 2)), to: id(1, 2))
    }
    let router = Router(graph: graph)
    let free = try Router(graph: grid).paths(
      from: Maps.point(200, 150), heading: 0, to: Maps.point(50, 200))[0]
    let freeNodes = Maps.nodes(free, in: grid)
    #expect(freeNodes.starts(with: [7, 12, 11]), "\(freeNodes)")

    let path = try router.paths(from: Maps.point(200, 150), heading: 0, to: Maps.point(50, 200))[0]
    let nodes = Maps.nodes(path, in: graph)
    let turns = zip(nodes, zip(nodes.dropFirst(), nodes.dropFirst(2))).map { [$0, $1.0, $1.1] }
    #expect(!turns.contains([7, 12, 11]), "\(nodes)")
    #expect(path.distance > free.distance)
  }

  @Test func onlyStraightOnIsRespected() throws {
    // Coming north on column 2 at row 2, only straight on.
    let graph = Maps.grid { builder, id in
      Maps.addStreets(&builder, size: 5, id: id)
      builder.restrict(.only, from: (id(2, 1), id(2, 2)), to: id(2, 3))
    }
    let router = Router(graph: graph)
    let path = try router.paths(from: Maps.point(200, 150), heading: 0, to: Maps.point(350, 200))[0]
    let nodes = Maps.nodes(path, in: graph)
    #expect(nodes.prefix(3) == [7, 12, 17], "\(nodes)")
  }

  @Test func uTurnsHappenOnlyAtDeadEnds() throws {
    // A dead-end spur north of (2,4): node 25, and a start on it driving north.
    var builder = InMemoryRoadGraph.Builder()
    for row in 0..<5 {
      for column in 0..<5 {
        builder.node(east: Double(column) * 100, north: Double(row) * 100, from: Maps.origin)
      }
    }
    let spur = builder.node(east: 200, north: 600, from: Maps.origin)
    Maps.addStreets(&builder, size: 5, id: { $1 * 5 + $0 })
    builder.road([22, spur], name: "Umpikuja")
    let graph = builder.build()
    let router = Router(graph: graph)
    // Driving north on the spur, destination just behind: the only way is the dead end.
    let path = try router.paths(
      from: Maps.point(200, 500), heading: 0, to: Maps.point(200, 420))[0]
    let nodes = Maps.nodes(path, in: graph)
    #expect(nodes.starts(with: [22, spur, 22]), "\(nodes)")
    #expect(!path.startsWithUTurn)

    // Driving north on column 2 in the middle of the grid with the destination behind:
    // around the block, never back along the same street.
    let around = try router.paths(
      from: Maps.point(200, 150), heading: 0, to: Maps.point(200, 120))[0]
    let aroundNodes = Maps.nodes(around, in: graph)
    for (a, b) in zip(around.edges, around.edges.dropFirst()) {
      let ea = graph.edge(a)
      let eb = graph.edge(b)
      #expect(!(ea.from == eb.to && ea.to == eb.from), "U-turn in \(aroundNodes)")
    }
    #expect(around.distance > 300, "\(around.distance)")
  }

  @Test func startHeadingPicksTheDirectionOfTravel() throws {
    let router = Router(graph: grid)
    let start = Maps.point(150, 200)
    let destination = Maps.point(400, 400)
    let east = try router.paths(from: start, heading: 90, to: destination)[0]
    let west = try router.paths(from: start, heading: 270, to: destination)[0]
    #expect(grid.edge(east.edges[0]).to == 12)
    #expect(grid.edge(west.edges[0]).to == 11)
    #expect(west.duration > east.duration)
    // Within 60° still counts as driving that way.
    let eastish = try router.paths(from: start, heading: 140, to: destination)[0]
    #expect(grid.edge(eastish.edges[0]).to == 12)
  }

  @Test func endsAreSnappedOntoPartialEdges() throws {
    let router = Router(graph: grid)
    let path = try router.paths(
      from: Maps.point(130, 5), heading: 90, to: Maps.point(370, -8))[0]
    #expect(abs(path.distance - 240) < 1.5, "\(path.distance)")
    #expect(path.edges.count == 3)
    #expect(abs(path.startFraction - 0.3) < 0.01)
    #expect(abs(path.endFraction - 0.7) < 0.01)
    #expect(Earth.distance(path.start, Maps.point(130, 0)) < 0.5)
    #expect(Earth.distance(path.end, Maps.point(370, 0)) < 0.5)

    // Start and end on the same edge.
    let short = try router.paths(from: Maps.point(110, 0), heading: 90, to: Maps.point(180, 0))[0]
    #expect(short.edges.count == 1)
    #expect(abs(short.distance - 70) < 1)
  }

  @Test func alternativesDifferAndAreNotMuchSlower() throws {
    let router = Router(graph: grid)
    let paths = try router.paths(
      from: Maps.point(0, 0), to: Maps.point(400, 400), alternatives: 2)
    #expect(paths.count >= 2, "\(paths.count) routes")
    let fastest = paths[0]
    for (i, path) in paths.enumerated().dropFirst() {
      #expect(path.duration >= paths[i - 1].duration)
      #expect(path.duration <= fastest.duration * 1.3)
      let sharedEdges = Set(path.edges).intersection(fastest.edges)
      let shared = sharedEdges.reduce(0.0) { $0 + grid.edge($1).length }
      #expect(shared < 0.7 * fastest.distance, "route \(i) shares \(shared) m")
    }
  }

  @Test func errorsSayWhatIsWrong() throws {
    let router = Router(graph: grid)
    #expect(throws: RoutingError.self) {
      try router.paths(from: Maps.point(-5000, 0), to: Maps.point(100, 100))
    }
    do {
      _ = try router.paths(from: Maps.point(-5000, 0), to: Maps.point(100, 100))
    } catch {
      #expect(error.code == .noRoadNearStart)
      #expect(error.message == "no road near the start (within 200 m)")
    }
    do {
      _ = try router.paths(from: Maps.point(0, 0), to: Maps.point(100, 5000))
    } catch {
      #expect(error.code == .noRoadNearDestination)
    }
    // Two islands.
    var builder = InMemoryRoadGraph.Builder()
    let a = builder.node(east: 0, north: 0, from: Maps.origin)
    let b = builder.node(east: 100, north: 0, from: Maps.origin)
    let c = builder.node(east: 0, north: 1000, from: Maps.origin)
    let d = builder.node(east: 100, north: 1000, from: Maps.origin)
    builder.road([a, b], name: "Island 1")
    builder.road([c, d], name: "Island 2")
    let islands = Router(graph: builder.build())
    do {
      _ = try islands.paths(from: Maps.point(50, 0), to: Maps.point(50, 1000))
      Issue.record("routed between islands")
    } catch {
      #expect(error.code == .noRoute)
      #expect(error.message.hasPrefix("no route between 60.17"))
    }
  }
}
