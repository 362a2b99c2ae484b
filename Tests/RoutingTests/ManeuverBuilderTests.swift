import Geo
import Maneuvers
import Navigation
import Routing
import Testing

@Suite struct ManeuverBuilderTests {
  typealias Maps = SyntheticMaps

  @Test(arguments: [
    (0.0, Maneuver.Modifier.straight), (19, .straight), (-19, .straight),
    (20, .slightRight), (-30, .slightLeft), (39, .slightRight),
    (40, .right), (-90, .left), (119, .right), (-119, .left),
    (120, .sharpRight), (-160, .sharpLeft), (169, .sharpRight),
    (170, .uTurn), (-175, .uTurn), (180, .uTurn),
  ])
  func anglesBecomeModifiers(angle: Double, modifier: Maneuver.Modifier) {
    #expect(TurnClassifier.modifier(angle: angle) == modifier)
  }

  func steps(
    _ graph: InMemoryRoadGraph, from: Coordinate, heading: Double? = nil, to: Coordinate
  ) throws -> [RouteStep] {
    try Router(graph: graph).routes(from: from, heading: heading, to: to)[0].steps
  }

  func summary(_ steps: [RouteStep]) -> [String] {
    steps.map { step in
      let m = step.maneuver
      return [m.kind.rawValue, m.modifier?.rawValue, m.exit.map { "exit \($0)" }, step.name]
        .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }
  }

  /// A crossing of Main street (west–east) and Cross street (south–north) at (0, 0), with
  /// arms 200 m long.
  var crossing: InMemoryRoadGraph {
    var b = InMemoryRoadGraph.Builder()
    let centre = b.node(east: 0, north: 0, from: Maps.origin)
    let west = b.node(east: -200, north: 0, from: Maps.origin)
    let east = b.node(east: 200, north: 0, from: Maps.origin)
    let south = b.node(east: 0, north: -200, from: Maps.origin)
    let north = b.node(east: 0, north: 200, from: Maps.origin)
    b.road([west, centre, east], name: "Main street")
    b.road([south, centre], name: "Cross street", turnLanes: "left|through;right")
    b.road([centre, north], name: "North street")
    return b.build()
  }

  @Test func turnsAtACrossing() throws {
    let left = try steps(crossing, from: Maps.point(0, -150), heading: 0, to: Maps.point(-150, 0))
    #expect(
      summary(left) == ["depart Cross street", "turn left Main street", "arrive Main street"])
    #expect(left[1].instructionVariants == ["Turn left onto Main street.", "Turn left."])
    #expect(left[0].instructionVariants[0] == "Drive north on Cross street.")
    #expect(left[2].instructionVariants == ["You have arrived at your destination."])
    #expect(left[1].lanes.map(\.valid) == [true, false])
    #expect(left[1].lanes.map(\.indications) == [["left"], ["straight", "right"]])
    #expect(abs(left[0].distance - 150) < 1 && abs(left[1].distance - 150) < 1)
    #expect(
      abs(left[1].maneuver.bearingBefore - 0) < 1 || abs(left[1].maneuver.bearingBefore - 360) < 1)
    #expect(abs(left[1].maneuver.bearingAfter - 270) < 1)

    let right = try steps(crossing, from: Maps.point(0, -150), heading: 0, to: Maps.point(150, 0))
    #expect(
      summary(right) == ["depart Cross street", "turn right Main street", "arrive Main street"])

    let straight = try steps(
      crossing, from: Maps.point(0, -150), heading: 0, to: Maps.point(0, 150))
    #expect(
      summary(straight) == [
        "depart Cross street", "new name straight North street", "arrive North street",
      ])
    #expect(straight[1].instructionVariants == ["Continue onto North street.", "Continue."])

    let along = try steps(crossing, from: Maps.point(-150, 0), heading: 90, to: Maps.point(150, 0))
    #expect(summary(along) == ["depart Main street", "arrive Main street"])
  }

  @Test func endOfTheRoad() throws {
    var b = InMemoryRoadGraph.Builder()
    let t = b.node(east: 0, north: 0, from: Maps.origin)
    let west = b.node(east: -200, north: 0, from: Maps.origin)
    let east = b.node(east: 200, north: 0, from: Maps.origin)
    let south = b.node(east: 0, north: -200, from: Maps.origin)
    b.road([west, t, east], name: "Top road")
    b.road([south, t], name: "Stem road")
    let s = try steps(b.build(), from: Maps.point(0, -150), heading: 0, to: Maps.point(150, 0))
    #expect(summary(s) == ["depart Stem road", "end of road right Top road", "arrive Top road"])
    #expect(s[1].instructionVariants[0] == "Turn right onto Top road.")
  }

  @Test func forkWithTwoSimilarBranches() throws {
    var b = InMemoryRoadGraph.Builder()
    let split = b.node(east: 0, north: 0, from: Maps.origin)
    let south = b.node(east: 0, north: -200, from: Maps.origin)
    let leftEnd = b.node(east: -100, north: 200, from: Maps.origin)
    let rightEnd = b.node(east: 100, north: 200, from: Maps.origin)
    b.road([south, split], name: "Trunk road", roadClass: .secondary)
    b.road([split, leftEnd], name: "Left branch", roadClass: .secondary)
    b.road([split, rightEnd], name: "Right branch", roadClass: .secondary)
    let graph = b.build()
    let left = try steps(graph, from: Maps.point(0, -150), heading: 0, to: Maps.point(-90, 180))
    #expect(
      summary(left) == ["depart Trunk road", "fork slight left Left branch", "arrive Left branch"])
    #expect(left[1].instructionVariants[0] == "Keep left at the fork onto Left branch.")
    let right = try steps(graph, from: Maps.point(0, -150), heading: 0, to: Maps.point(90, 180))
    #expect(summary(right)[1] == "fork slight right Right branch")
  }

  @Test func nameChangeWithoutAJunction() throws {
    var b = InMemoryRoadGraph.Builder()
    let a = b.node(east: 0, north: 0, from: Maps.origin)
    let m = b.node(east: 200, north: 0, from: Maps.origin)
    let c = b.node(east: 400, north: 0, from: Maps.origin)
    let d = b.node(east: 400, north: 200, from: Maps.origin)
    b.road([a, m], name: "Old name")
    b.road([m, c], name: "New name")
    b.road([c, d], name: "New name")
    let s = try steps(b.build(), from: Maps.point(50, 0), heading: 90, to: Maps.point(400, 100))
    // The bend at c stays on the same road and has no choice: no step.
    #expect(summary(s) == ["depart Old name", "new name straight New name", "arrive New name"])
    #expect(abs(s[1].distance - 300) < 1)
  }

  /// A roundabout of radius 30 m without a name of its own (a named one that size is a
  /// rotary), driven counter-clockwise (right-hand traffic), with arms to the south, east,
  /// north and west.
  var roundabout: InMemoryRoadGraph {
    var b = InMemoryRoadGraph.Builder()
    let r = 30.0
    let s = b.node(east: 0, north: -r, from: Maps.origin)
    let e = b.node(east: r, north: 0, from: Maps.origin)
    let n = b.node(east: 0, north: r, from: Maps.origin)
    let w = b.node(east: -r, north: 0, from: Maps.origin)
    b.road([s, e, n, w, s], name: "", oneway: true, roundabout: true)
    let southArm = b.node(east: 0, north: -300, from: Maps.origin)
    let eastArm = b.node(east: 300, north: 0, from: Maps.origin)
    let northArm = b.node(east: 0, north: 300, from: Maps.origin)
    let westArm = b.node(east: -300, north: 0, from: Maps.origin)
    b.road([southArm, s], name: "South road")
    b.road([e, eastArm], name: "East road")
    b.road([n, northArm], name: "North road")
    b.road([w, westArm], name: "West road")
    return b.build()
  }

  @Test func roundaboutExitsAreCounted() throws {
    let graph = roundabout
    let west = try steps(graph, from: Maps.point(0, -200), heading: 0, to: Maps.point(-200, 0))
    #expect(
      summary(west) == [
        "depart South road", "roundabout left exit 3 West road", "exit roundabout right West road",
        "arrive West road",
      ])
    #expect(
      west[1].instructionVariants[0] == "Enter the roundabout and take the 3rd exit onto West road."
    )
    #expect(west[2].instructionVariants[0] == "Exit the roundabout onto West road.")
    #expect(west[1].maneuver.type == .roundaboutExit3)

    let east = try steps(graph, from: Maps.point(0, -200), heading: 0, to: Maps.point(200, 0))
    #expect(summary(east)[1] == "roundabout right exit 1 East road")
    let north = try steps(graph, from: Maps.point(0, -200), heading: 0, to: Maps.point(0, 200))
    #expect(summary(north)[1] == "roundabout straight exit 2 North road")
  }

  @Test func uTurnAtADeadEndAndArrivalSide() throws {
    var b = InMemoryRoadGraph.Builder()
    let a = b.node(east: 0, north: 0, from: Maps.origin)
    let end = b.node(east: 0, north: 200, from: Maps.origin)
    let c = b.node(east: 0, north: -200, from: Maps.origin)
    let d = b.node(east: 200, north: -200, from: Maps.origin)
    b.road([c, a, end], name: "Cul-de-sac")
    b.road([c, d], name: "Cross")
    // Destination 10 m west of the road, just behind the car.
    let s = try steps(b.build(), from: Maps.point(0, 100), heading: 0, to: Maps.point(-10, 60))
    #expect(
      summary(s) == ["depart Cul-de-sac", "continue uturn Cul-de-sac", "arrive right Cul-de-sac"])
    #expect(s[1].instructionVariants[0] == "Make a left U-turn to stay on Cul-de-sac.")
    #expect(s[2].instructionVariants[0] == "Your destination is on the right.")
    #expect(s[2].maneuver.arrivalSide == .right)
  }

  @Test func rampsFromLinkClasses() throws {
    var b = InMemoryRoadGraph.Builder()
    let a = b.node(east: 0, north: 0, from: Maps.origin)
    let m = b.node(east: 500, north: 0, from: Maps.origin)
    let c = b.node(east: 1000, north: 0, from: Maps.origin)
    let rampEnd = b.node(east: 800, north: -150, from: Maps.origin)
    let local = b.node(east: 800, north: -500, from: Maps.origin)
    b.road([a, m, c], ref: "E 12", roadClass: .motorway, oneway: true)
    b.road([m, rampEnd], roadClass: .motorwayLink, oneway: true)
    b.road([rampEnd, local], name: "Local road", roadClass: .secondary)
    let s = try steps(b.build(), from: Maps.point(100, 0), heading: 90, to: Maps.point(800, -400))
    #expect(summary(s).prefix(2) == ["depart", "off ramp slight right"])
    #expect(s[0].instructionVariants[0] == "Drive east on E12.")
    #expect(s[1].instructionVariants[0] == "Take the exit on the right.")
  }

  @Test func routeTotalsAndGeometryAddUp() throws {
    let graph = Maps.grid { builder, id in Maps.addStreets(&builder, size: 5, id: id) }
    let route = try Router(graph: graph).routes(from: Maps.point(30, 0), to: Maps.point(400, 370))[
      0]
    let steps = route.steps
    #expect(abs(route.distance - steps.reduce(0) { $0 + $1.distance }) < 0.01)
    #expect(abs(route.distance - (370 + 370)) < 2)
    for (step, next) in zip(steps, steps.dropFirst()) {
      #expect(Earth.distance(step.geometry.last!, next.maneuver.location) < 0.5)
      #expect(Earth.distance(step.geometry.first!, step.maneuver.location) < 0.5)
    }
    #expect(steps.first?.maneuver.kind == .depart && steps.last?.maneuver.kind == .arrive)
    #expect(steps.allSatisfy { $0.drivingSide == .right })
  }
}
