import Foundation
import MapFile
import Routing
import Testing

@testable import Commands
@testable import HeadUnit

@Suite("headunit maps")
struct MapsCommandTests {
  func run(_ args: [String]) -> (HeadUnitCommand.Status, Captured) {
    let captured = Captured()
    return (HeadUnitCommand.run(args, console: captured.console), captured)
  }

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "maps-command-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func importWritesTheMapNextToTheInputAndPrintsASummary() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("helsinki.osm.pbf")
    try FileManager.default.copyItem(at: try #require(EmbeddedData.pbfURL), to: input)
    let (status, captured) = run(["maps", "import", input.path])
    #expect(status == .success)
    // Progress lines only (a loaded machine may take over a second), nothing else.
    #expect(
      captured.err.split(separator: "\n").allSatisfy { $0.hasPrefix("maps import: ") },
      "\(captured.err)")
    let output = directory.appendingPathComponent("helsinki.map")
    #expect(try Data(contentsOf: output) == Data(contentsOf: try #require(EmbeddedData.mapURL)))
    let text = captured.out.joined(separator: "\n")
    for word in ["nodes", "edges", "km", "restrictions kept", "places", "split at gaps", "MB"] {
      #expect(text.contains(word), "summary lacks \(word): \(text)")
    }
    let map = try RoadMap(contentsOf: output)
    #expect(map.edgeCount > 1000)
  }

  @Test func outOption() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("city.map")
    let (status, _) = run([
      "maps", "import", try #require(EmbeddedData.pbfURL).path, "--out", output.path,
      "--country", "DE",
    ])
    #expect(status == .success)
    #expect(try RoadMap(contentsOf: output).country == "DE")
  }

  @Test func noHierarchyWritesAMapWithoutOne() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("plain.map")
    let (status, captured) = run([
      "maps", "import", try #require(EmbeddedData.pbfURL).path, "--out", output.path,
      "--no-hierarchy",
    ])
    #expect(status == .success)
    let map = try RoadMap(contentsOf: output)
    #expect(map.hierarchy == nil)
    #expect(captured.out.contains("  routing hierarchy: none (--no-hierarchy)"))
    let size = try #require(
      FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int)
    #expect(captured.out.contains(String(format: "  file %.2f MB", Double(size) / 1_048_576)))
  }

  @Test(
    "misuse exits 2",
    arguments: [
      (["maps"], "what to do"), (["maps", "export"], "unknown subcommand"),
      (["maps", "import"], "which file"), (["maps", "import", "a", "b"], "one input file"),
      (["maps", "verify"], "which map file"),
      (["maps", "import", "a.pbf", "--country", "Finland"], "two-letter"),
      (["maps", "import", "a.pbf", "--format", "x"], "unknown option --format"),
    ])
  func misuse(args: [String], message: String) {
    let (status, captured) = run(args)
    #expect(status == .usage)
    #expect(captured.err.contains(message), "\(captured.err)")
  }

  @Test func verifySaysWhatAMapHoldsAndExits1WhenItIsDamaged() throws {
    let map = try #require(EmbeddedData.mapURL)
    let (status, captured) = run(["maps", "verify", map.path])
    #expect(status == .success)
    let text = captured.out.joined(separator: "\n")
    #expect(text.contains(": ok, version 3"), "\(text)")
    #expect(text.contains("a routing hierarchy of"), "\(text)")
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let damaged = directory.appendingPathComponent("damaged.map")
    var data = try Data(contentsOf: map)
    data[data.count - 5] ^= 0xFF
    try data.write(to: damaged)
    let (bad, badOutput) = run(["maps", "verify", damaged.path])
    #expect(bad == .failure)
    #expect(badOutput.err.contains("damaged.map"), "\(badOutput.err)")
    #expect(badOutput.err.contains("checksum"), "\(badOutput.err)")
  }

  @Test func aBadFileExits2NamingTheFileAndBlob() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("cut.osm.pbf")
    let data = try Data(contentsOf: try #require(EmbeddedData.pbfURL))
    try data.prefix(data.count / 2).write(to: input)
    let (status, captured) = run(["maps", "import", input.path])
    #expect(status == .usage)
    #expect(captured.err.contains("cut.osm.pbf: blob "))
    #expect(captured.err.contains("ends inside"))
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("cut.map").path))
    let (missing, missingOutput) = run([
      "maps", "import", directory.appendingPathComponent("none.pbf").path,
    ])
    #expect(missing == .usage)
    #expect(missingOutput.err.contains("none.pbf: cannot open"))
  }

  @Test func defaultOutputName() {
    #expect(MapsCommand.defaultOutput(for: "/a/finland.osm.pbf") == "/a/finland.map")
    #expect(MapsCommand.defaultOutput(for: "x.pbf") == "x.map")
    #expect(MapsCommand.defaultOutput(for: "x.data") == "x.data.map")
  }

  @Test func embeddedMapOpens() throws {
    let map = try RoadMap(contentsOf: try #require(EmbeddedData.mapURL))
    try map.verify()
    #expect(map.country == "FI")
  }
}
