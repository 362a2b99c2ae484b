import Foundation
import Junctions
import Navigation
import Testing

/// The junction scenarios of `Tests/Fixtures/junctions`: every route through the real
/// importer, router and maneuver builder gets the maneuvers and names its file expects.
@Suite struct JunctionScenarioTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/junctions")

  static var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".junctions") }.sorted()
  }

  @Test("every route of a junction file gets the expected maneuvers", arguments: files)
  func file(_ name: String) throws {
    let scenarios = try JunctionFile.read(path: Self.folder.appendingPathComponent(name).path)
    #expect(!scenarios.isEmpty)
    for scenario in scenarios {
      for result in JunctionCheck.run(scenario) {
        #expect(
          result.passed,
          """
          \(result.label)
            expected: \(result.expected.map(\.description).joined(separator: ", "))
            got:      \(result.problem ?? result.got.map(\.description).joined(separator: ", "))
          """)
      }
    }
  }

  @Test("the suite covers every junction kind, both driving sides, with 250 routes or more")
  func coverage() throws {
    var routes = 0
    var kinds = Set<Maneuver.Kind>()
    var sides = Set<Maneuver.Side>()
    for name in Self.files {
      for scenario in try JunctionFile.read(path: Self.folder.appendingPathComponent(name).path) {
        routes += scenario.cases.count
        sides.insert(scenario.drivingSide)
        for c in scenario.cases { kinds.formUnion(c.expected.map(\.kind)) }
      }
    }
    #expect(routes >= 250)
    #expect(sides == [.left, .right])
    let needed: Set<Maneuver.Kind> = [
      .turn, .continue, .newName, .fork, .endOfRoad, .onRamp, .offRamp, .merge, .roundabout,
      .rotary, .roundaboutTurn, .exitRoundabout,
    ]
    #expect(needed.isSubset(of: kinds), "missing: \(needed.subtracting(kinds))")
  }
}
