import Foundation
import Geo
import MapImport
import Navigation
import Readers
import Testing

@testable import Commands
@testable import HeadUnit

/// `headunit route --avoid` and the classes `route --json` marks on the steps, over a map
/// with a toll motorway and a free road round it.
@Suite("Routes avoiding kinds of road")
struct RouteAvoidCommandTests {
  /// The map of `RouteOptionsCoreTests`, its free road gravel, written to a file.
  static let map: String = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "headunit-toll-or-free-\(ProcessInfo.processInfo.processIdentifier).map")
    try? RouteOptionsCoreTests.builder(detour: "gravel").build().data.write(to: url)
    return url.path
  }()

  func run(_ args: [String]) -> (HeadUnitCommand.Status, Captured) {
    let captured = Captured()
    return (HeadUnitCommand.run(args, console: captured.console), captured)
  }

  static let pair = ["--from", "60,25.005", "--to", "60,25.095"]

  @Test("the JSON marks the toll motorway's step; --avoid tolls takes the unpaved road, marked so")
  func classesOnTheSteps() throws {
    let (status, direct) = run(["route"] + Self.pair + ["--map", Self.map, "--json"])
    #expect(status == .success, "\(direct.err)")
    let json = direct.out.joined()
    #expect(json.contains(#""classes":["toll","motorway"]"#), "\(json)")
    let read = try #require(try OSRMRouteReader.read(Data(json.utf8)).first)
    #expect(read.classes == [.tolls, .motorways])

    let (status2, around) = run(
      ["route"] + Self.pair + ["--map", Self.map, "--json", "--avoid", "tolls"])
    #expect(status2 == .success, "\(around.err)")
    let free = try #require(try OSRMRouteReader.read(Data(around.out.joined().utf8)).first)
    #expect(free.classes == .unpaved)
    #expect(free.distance > read.distance * 1.5)
  }

  @Test("with no route that avoids them all: the one using least of them, and a line saying so")
  func leastOfThem() {
    let (status, captured) = run(
      ["route"] + Self.pair + ["--map", Self.map, "--avoid", "tolls,unpaved"])
    #expect(status == .success, "\(captured.err)")
    let text = captured.out.joined(separator: "\n")
    #expect(text.contains("no route avoids it all: this one uses"), "\(text)")
  }

  @Test("--avoid with a word that is no kind of road is misuse, exit 2")
  func badWord() {
    let (status, captured) = run(["route"] + Self.pair + ["--map", Self.map, "--avoid", "boats"])
    #expect(status == .usage)
    #expect(captured.err.contains("tolls, motorways, ferries, unpaved"))
  }
}
