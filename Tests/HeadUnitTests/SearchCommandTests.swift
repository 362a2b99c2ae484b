import Foundation
import JSON
import Testing

@testable import Bench
@testable import Commands

/// `headunit search` and `headunit bench search` on the embedded Helsinki map.
@Suite struct SearchCommandTests {
  func run(_ args: [String]) -> (HeadUnitCommand.Status, Captured) {
    let captured = Captured()
    let status = HeadUnitCommand.run(
      args, console: captured.console, commands: ["bench": BenchCommand.run])
    return (status, captured)
  }

  @Test func anAddressIsFoundWithItsRoadPointAndSide() throws {
    let (status, captured) = run(["search", "Fabianinkatu", "17", "--limit", "1"])
    #expect(status == .success, "\(captured.err)")
    let line = try #require(captured.out.first)
    #expect(line.hasPrefix("address  Fabianinkatu 17, 00130 Helsinki  "))
    #expect(line.contains(" road ") && (line.contains(" left ") || line.contains(" right ")))
  }

  @Test func jsonHasKindLabelPositionAndRoadPoint() throws {
    let (status, captured) = run([
      "search", "00100", "--json", "--near", "60.1699,24.9384", "--limit", "3",
    ])
    #expect(status == .success, "\(captured.err)")
    let first = try JSONNode(parsing: Data(try #require(captured.out.first).utf8))
    #expect(try first.required("kind").string() == "postcode")
    #expect(try first.required("label").string() == "00100 Helsinki")
    #expect(try first.required("lat").number() > 60)
    #expect(try first.required("road").required("lon").number() > 24)
    #expect(captured.out.count <= 3)
  }

  @Test(arguments: [
    ["search"], ["search", "x", "--limit", "0"], ["search", "x", "--near", "91,0"],
    ["search", "x", "--map", "/nonexistent.map"], ["search", "x", "--bogus"],
    ["search", "x", "--limit", "1", "--limit", "2"], ["search", ""], ["search", " , "],
  ])
  func usageErrorsExitTwo(_ args: [String]) {
    let (status, captured) = run(args)
    #expect(status == .usage)
    #expect(captured.err.hasPrefix("headunit: "), "\(captured.err)")
  }

  @Test func helpListsSearch() {
    let (status, captured) = run(["help"])
    #expect(status == .success)
    #expect(captured.out.contains { $0.contains("search QUERY") })
    #expect(run(["search", "--help"]).1.out.first?.hasPrefix("usage: headunit search") == true)
  }

  @Test func benchSearchFindsTheExactAddressesFirst() throws {
    let (status, captured) = run(["bench", "search", "--queries", "40"])
    #expect(status == .success, "\(captured.err)")
    let exact = captured.out.filter {
      $0.contains("street + number") || $0.contains("number + street")
    }
    #expect(exact.count == 2)
    #expect(exact.allSatisfy { $0.contains("first 3 100.0 %") })
  }
}
