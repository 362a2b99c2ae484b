import Foundation
import Geo
import Maneuvers
import MapFile
import MapImport
import Navigation
import OSMPBF
import Routing

/// Runs junction scenarios the way a map of the real world runs: the drawing is written as
/// an OSM extract, imported by `MapImporter` (routing hierarchy included), opened as a
/// `RoadMap` and routed by `Router`, whose routes carry `ManeuverBuilder`'s steps.
public enum JunctionCheck {
  /// One route of a scenario, checked.
  public struct Result: Sendable {
    public var scenario: String
    public var file: String
    public var line: Int
    public var from: Character
    public var to: Character
    public var expected: [ExpectedManeuver]
    /// The route's steps; empty when there is no route (`problem` says why).
    public var got: [ExpectedManeuver]
    public var problem: String?

    /// Whether every step is as expected, in order, and nothing more.
    public var passed: Bool {
      problem == nil && expected.count == got.count
        && zip(expected, got).allSatisfy { $0.matches($1) }
    }

    /// `file:line: title, a -> c`.
    public var label: String { "\(file):\(line): \(scenario), \(from) -> \(to)" }
  }

  /// Checks every route of `scenario`.
  public static func run(_ scenario: JunctionScenario) -> [Result] {
    func result(_ c: JunctionScenario.Case, _ got: [ExpectedManeuver], _ problem: String?)
      -> Result
    {
      Result(
        scenario: scenario.title, file: scenario.file, line: c.line, from: c.from, to: c.to,
        expected: c.expected, got: got, problem: problem)
    }
    let map: RoadMap
    do {
      let pbf = try PBFFile(data: scenario.extract().data(), name: scenario.title)
      let output = try MapImporter(addresses: false, decodingThreads: 1).importPBF(pbf)
      map = try RoadMap(data: output.data, name: scenario.title)
    } catch {
      return scenario.cases.map { result($0, [], "import: \(error)") }
    }
    let router = Router(graph: map)
    return scenario.cases.map { c in
      let from = scenario.coordinate(of: c.from)!
      let to = scenario.coordinate(of: c.to)!
      do {
        let route = try router.routes(from: from, to: to)[0]
        return result(c, route.steps.map(ExpectedManeuver.init), nil)
      } catch {
        return result(c, [], "no route: \(error)")
      }
    }
  }
}
