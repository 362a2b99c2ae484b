import Junctions
import Navigation
import Testing

/// Reading junction files: what a person writes, and errors naming the line.
@Suite struct JunctionFileTests {
  let fork = """
    # a comment
    scenario fork
    grid 10
    map
              c
      a   b
              d
    ways
      ab name="Main Street" highway=secondary
      bc
      bd name=
    nodes
      b highway=traffic_signals
    relations
      type=restriction restriction=no_right_turn from:ab via:b to:bd
    routes
      a -> c: depart Main Street, fork slight left bc, arrive
      a -> d: depart, roundabout turn left exit 2 "", exit roundabout "exit 1", arrive left
    """

  @Test func aScenarioReadsWithItsDrawingWaysNodesRelationsAndRoutes() throws {
    let scenarios = try JunctionFile.parse(fork, file: "fork.junctions")
    #expect(scenarios.count == 1)
    let s = scenarios[0]
    #expect(s.title == "fork" && s.line == 2 && s.gridSize == 10 && s.drivingSide == .right)
    #expect(s.points["a"] == .init(column: 0, row: 1))
    #expect(s.points["c"] == .init(column: 8, row: 0))
    #expect(s.ways.map(\.nodes) == ["ab", "bc", "bd"])
    #expect(s.ways[0].tags == ["name": "Main Street", "highway": "secondary"])
    #expect(s.ways[1].tags == ["name": "bc", "highway": "primary"])
    #expect(s.ways[2].tags == ["highway": "primary"])
    #expect(s.nodeTags["b"] == ["highway": "traffic_signals"])
    #expect(s.relations[0].members.map(\.role) == ["from", "via", "to"])
    #expect(s.relations[0].members[1].member == .node("b"))
    #expect(s.cases.count == 2)
    #expect(
      s.cases[0].expected == [
        ExpectedManeuver(kind: .depart, name: "Main Street"),
        ExpectedManeuver(kind: .fork, modifier: .slightLeft, name: "bc"),
        ExpectedManeuver(kind: .arrive),
      ])
    #expect(
      s.cases[1].expected == [
        ExpectedManeuver(kind: .depart),
        ExpectedManeuver(kind: .roundaboutTurn, modifier: .left, exit: 2, name: ""),
        ExpectedManeuver(kind: .exitRoundabout, name: "exit 1"),
        ExpectedManeuver(kind: .arrive, modifier: .left),
      ])
  }

  @Test func stepsPrintAsTheyAreWritten() {
    let steps = [
      ExpectedManeuver(kind: .fork, modifier: .slightLeft, name: "Main Street"),
      ExpectedManeuver(kind: .roundabout, exit: 2, name: ""),
      ExpectedManeuver(kind: .turn, modifier: .left, name: "left"),
    ]
    #expect(
      steps.map(\.description) == [
        "fork slight left Main Street", "roundabout exit 2 \"\"", "turn left \"left\"",
      ])
  }

  @Test func anUnsidedArrivalOrRoundaboutMatchesAnySide() {
    let arrive = ExpectedManeuver(kind: .arrive)
    #expect(arrive.matches(ExpectedManeuver(kind: .arrive, modifier: .right, name: "x")))
    let ring = ExpectedManeuver(kind: .roundabout, exit: 2)
    #expect(ring.matches(ExpectedManeuver(kind: .roundabout, modifier: .left, exit: 2)))
    #expect(!ring.matches(ExpectedManeuver(kind: .roundabout, modifier: .left, exit: 3)))
    let turn = ExpectedManeuver(kind: .turn)
    #expect(!turn.matches(ExpectedManeuver(kind: .turn, modifier: .left)))
  }

  @Test(arguments: [
    ("map\n  a\n", "x:1: expected 'scenario TITLE' before 'map'"),
    (
      "scenario s\nmap\n  a b\nways\n  ax\nroutes\n  a -> b: depart, arrive\n",
      "x:5: node 'x' of way ax is not on the map"
    ),
    (
      "scenario s\nmap\n  a b\nways\n  ab\nroutes\n  a -> b: depart, wiggle, arrive\n",
      "x:7: 'wiggle' does not start with a maneuver type (depart, turn, fork, …)"
    ),
    ("scenario s\nmap\n  a a\n", "x:3: 'a' is drawn twice"),
    ("scenario s\ngrid -4\n", "x:2: grid needs a size in metres from 0 to 10000, not '-4'"),
    ("scenario s\ndriving middle\n", "x:2: driving needs 'left' or 'right', not 'middle'"),
    ("scenario s\nmap\n  a b\nways\n  ab name=\"open\n", "x:5: a quote is not closed"),
    ("scenario s\nmap\n  a b\nways\n  ab\n", "x:1: scenario 's' has no routes"),
    (
      "scenario s\nmap\n  a b\nways\n  ab\nroutes\n  a -> z: depart, arrive\n",
      "x:7: route point 'z' is not on the map"
    ),
    (
      "scenario s\nbogus\n",
      "x:2: unknown keyword 'bogus' (expected scenario, grid, driving, origin, map, ways, nodes, relations or routes)"
    ),
  ])
  func mistakesNameTheLine(text: String, message: String) {
    #expect(throws: JunctionError.self) { try JunctionFile.parse(text, file: "x") }
    do {
      _ = try JunctionFile.parse(text, file: "x")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func differencesAreNamedAsADriverFeelsThem() {
    func steps(_ words: String...) -> [ExpectedManeuver] {
      words.compactMap(ExpectedManeuver.parse)
    }
    let left = steps("depart", "turn left", "arrive")
    #expect(ManeuverDifference(expected: left, got: left).isExact)
    let wrong = ManeuverDifference(expected: left, got: steps("depart", "turn right", "arrive"))
    #expect(wrong.wrongSide == 1 && !wrong.vocabularyOnly)
    let words = ManeuverDifference(
      expected: left, got: steps("depart", "turn slight left", "new name", "arrive"))
    #expect(words.vocabularyOnly)
    let missing = ManeuverDifference(expected: left, got: steps("depart", "arrive"))
    #expect(missing.missing == 1)
    let needless = ManeuverDifference(
      expected: left, got: steps("depart", "turn slight right", "turn left", "arrive"))
    #expect(needless.needless == 1 && needless.wrongSide == 0)
    let ring = ManeuverDifference(
      expected: steps("depart", "roundabout exit 2", "arrive"),
      got: steps("depart", "roundabout exit 3", "arrive"))
    #expect(ring.roundaboutExit == 1)
    // OSRM's notification of a mode change straight on, or a turn, is boarding or leaving
    // a ferry the same way.
    let ferry = ManeuverDifference(
      expected: steps("depart", "notification straight", "turn right", "turn left", "arrive"),
      got: steps("depart", "enter ferry straight", "exit ferry right", "turn left", "arrive"))
    #expect(ferry.vocabularyOnly)
    let ferryWrong = ManeuverDifference(
      expected: steps("depart", "turn left", "notification straight", "arrive"),
      got: steps("depart", "enter ferry right", "exit ferry straight", "arrive"))
    #expect(ferryWrong.wrongSide == 1)
  }
}
