import Foundation
import Geo
import Maneuvers
import MapFile
import Navigation
import Readers
import Routing
import Testing

@testable import Bench
@testable import Commands
@testable import HeadUnit

/// `headunit route`, rerouting in `headunit replay --map`, and `bench routing --pairs`.
@Suite("Offline routing commands")
struct RoutingCommandTests {
  func run(_ args: [String]) -> (HeadUnitCommand.Status, Captured) {
    let captured = Captured()
    let status = HeadUnitCommand.run(
      args, console: captured.console, commands: ["bench": BenchCommand.run])
    return (status, captured)
  }

  static let map = Paths.helsinki.appendingPathComponent("helsinki.map").path

  @Test func routeJSONReadsBackIntoTheSameRoute() throws {
    let from = Coordinate(latitude: 60.166784, longitude: 24.949561)
    let to = Coordinate(latitude: 60.174563, longitude: 24.938414)
    let (status, captured) = run([
      "route", "--from", "60.166784,24.949561", "--to", "60.174563,24.938414", "--map",
      Self.map, "--json", "--alternatives",
    ])
    #expect(status == .success, "\(captured.err)")
    let json = captured.out.joined(separator: "\n")
    #expect(json.hasPrefix("{\"code\":\"Ok\",\"routes\":[{") && json.contains("\"waypoints\":["))
    let read = try OSRMRouteReader.read(Data(json.utf8))
    let router = Router(graph: try RoadMap(contentsOf: URL(fileURLWithPath: Self.map)))
    let computed = try router.routes(from: from, to: to, alternatives: 2)
    #expect(read.count == computed.count)
    for (a, b) in zip(read, computed) {
      #expect(abs(a.distance - b.distance) < 0.1)
      #expect(a.steps.count == b.steps.count)
      for (x, y) in zip(a.steps, b.steps) {
        #expect(x.maneuver.kind == y.maneuver.kind)
        #expect(x.maneuver.modifier == y.maneuver.modifier)
        #expect(x.maneuver.exit == y.maneuver.exit)
        #expect(x.name == y.name && x.ref == y.ref)
        #expect(abs(x.distance - y.distance) < 0.1)
        #expect(x.lanes == y.lanes)
        #expect(x.instructionVariants.first == y.instructionVariants.first)
        #expect(Earth.distance(x.maneuver.location, y.maneuver.location) < 0.2)
        #expect(x.geometry.count == y.geometry.count)
      }
    }
  }

  @Test func routeTextListsStepsAndTotal() {
    let (status, captured) = run([
      "route", "--from", "60.166784,24.949561", "--to", "60.174563,24.938414", "--map", Self.map,
    ])
    #expect(status == .success, "\(captured.err)")
    #expect(captured.out.first?.hasPrefix("route") == true)
    #expect(captured.out.contains { $0.contains("Drive north on Fabianinkatu.") })
    #expect(captured.out.last?.hasPrefix("  total: ") == true)
  }

  @Test(arguments: [
    (["route", "--to", "60.17,24.94"], "missing --from"),
    (["route", "--from", "60.17", "--to", "60.17,24.94"], "--from must be LAT,LON"),
    (["route", "--from", "95,24.94", "--to", "60.17,24.94"], "--from must be LAT,LON"),
    (["route", "--from", "60.17,24.94", "--to", "60.17,24.94", "--heading", "north"], "--heading"),
    (
      ["route", "--from", "61.5,25.5", "--to", "60.17,24.94"],
      "no road near the start (within 200 m)"
    ),
    (
      ["route", "--from", "60.17,24.94", "--to", "60.17,24.94", "--map", "/nonexistent.map"],
      "/nonexistent.map"
    ),
  ])
  func routeMisuseExitsWithTwo(_ args: [String], reason: String) {
    let (status, captured) = run(args)
    #expect(status == .usage)
    #expect(captured.err.contains(reason), "\(captured.err)")
  }

  @Test(arguments: ["helsinki-1-wrongturn", "helsinki-2-wrongturn"])
  func wrongTurnIsReroutedAndArrives(_ drive: String) throws {
    let route = try ReplayCommand.loadRoute(
      URL(fileURLWithPath: Paths.route(Int(String(drive.split(separator: "-")[1]))!)))
    let track = try TrackReader.read(contentsOf: URL(fileURLWithPath: Paths.drive(drive)))
    let router = Router(graph: try RoadMap(contentsOf: URL(fileURLWithPath: Self.map)))
    let replay = Replay(
      route: route, fixes: track.fixes, phrases: try Phrasebook(language: "en"),
      router: { Rerouting.answer($0, using: router) })
    #expect(replay.configuration.session.hasRouter)
    let timeline = replay.run()
    for entry in timeline { print(entry.text) }
    let offRoute = try #require(timeline.firstIndex { $0.kind == .offRoute })
    let reroute = try #require(timeline.firstIndex { $0.type == "reroute" })
    let arrived = try #require(timeline.firstIndex { $0.kind == .arrived })
    #expect(offRoute < reroute && reroute < arrived)
    #expect(!timeline.contains { $0.type == "rerouteFailed" })
    // Guidance goes on along the new route: prompts between the reroute and arrival.
    let prompts = timeline[reroute..<arrived].filter { $0.type == "announce" }
    #expect(prompts.count >= 2, "\(prompts.map(\.text))")
    #expect(timeline[reroute..<arrived].contains { $0.kind == .state(.navigating) })
    if case .summary(let summary)? = timeline.last?.kind {
      #expect(summary.arrived)
    } else {
      Issue.record("no summary line")
    }
    let line = timeline[reroute].json.serialized
    #expect(line.contains("\"type\":\"reroute\"") && line.contains("\"distance_m\":"))
  }

  @Test func replayWithAMapReroutesOnTheCommandLine() {
    let (status, captured) = run([
      "replay", "--route", Paths.route(1), "--track", Paths.drive("helsinki-1-wrongturn"),
      "--map", Self.map, "--json",
    ])
    #expect(status == .success, "\(captured.err)")
    #expect(captured.out.contains { $0.contains("\"type\":\"reroute\"") })
    #expect(captured.out.last?.contains("\"arrived\":true") == true)
  }

  @Test func benchPairsAreFixed() {
    let (status, captured) = run(["bench", "routing", "--pairs", "--map", Self.map])
    #expect(status == .success, "\(captured.err)")
    #expect(captured.out.count == 100)
    let again = run(["bench", "routing", "--pairs", "--map", Self.map]).1.out
    #expect(captured.out == again)
    #expect(captured.out.allSatisfy { $0.split(separator: " ").count == 2 })
  }
}
