import Foundation
import Synchronization
import Testing

@testable import Bench
@testable import Commands
@testable import HeadUnit

/// What a command wrote, line by line.
final class Captured: Sendable {
  private let lines = Mutex<(out: [String], err: [String])>(([], []))

  var console: Console {
    Console(
      out: { line in self.lines.withLock { $0.out.append(line) } },
      err: { line in self.lines.withLock { $0.err.append(line) } })
  }
  var out: [String] {
    lines.withLock { $0.out.flatMap { $0.split(separator: "\n").map(String.init) } }
  }
  var err: String { lines.withLock { $0.err.joined(separator: "\n") } }
}

enum Paths {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let helsinki = root.appendingPathComponent("Sources/HeadUnit/Resources/Helsinki")
  static func route(_ n: Int) -> String {
    helsinki.appendingPathComponent("helsinki-\(n).json").path
  }
  static func drive(_ name: String) -> String {
    helsinki.appendingPathComponent("\(name).nmea").path
  }
  static let fixtures = root.appendingPathComponent("Tests/Fixtures")
}

@Suite("Command line")
struct CommandTests {
  func run(_ args: [String]) -> (HeadUnitCommand.Status, Captured) {
    let captured = Captured()
    let status = HeadUnitCommand.run(
      args, console: captured.console, commands: ["bench": BenchCommand.run])
    return (status, captured)
  }

  @Test(
    "misuse exits 2 with a reason a person can act on",
    arguments: [
      ([], "usage: headunit"),
      (["fly"], "unknown command 'fly'"),
      (["replay"], "missing --route"),
      (["replay", "--route", Paths.route(1)], "missing --track"),
      (
        [
          "replay", "--route", Paths.route(1), "--track", Paths.drive("helsinki-1-clean"),
          "--speed", "2",
        ],
        "unknown option --speed"
      ),
      (["replay", "--route"], "--route needs a value"),
      (
        ["replay", "--route", Paths.route(1), "--route", Paths.route(2), "--track", "t.nmea"],
        "--route is given twice; give it once"
      ),
      (
        [
          "replay", "--route", Paths.route(1), "--track", Paths.drive("helsinki-1-clean"), "--lang",
          "xx",
        ],
        "unknown language 'xx' (expected one of: de, en, es, it, ru, zh)"
      ),
      (
        [
          "replay", "--route", Paths.route(1), "--track", Paths.drive("helsinki-1-clean"),
          "--units", "furlongs",
        ],
        "--units must be metric or imperial, not 'furlongs'"
      ),
      (
        [
          "replay", "--route", "/nonexistent/route.json", "--track",
          Paths.drive("helsinki-1-clean"),
        ],
        "/nonexistent/route.json"
      ),
      (
        [
          "replay", "--route",
          Paths.fixtures.appendingPathComponent("malformed/truncated-route.json").path,
          "--track", Paths.drive("helsinki-1-clean"),
        ], "truncated-route.json"
      ),
      (
        [
          "replay", "--route", Paths.route(1), "--track",
          Paths.fixtures.appendingPathComponent("malformed/empty.nmea").path,
        ],
        "empty.nmea"
      ),
      (["demo", "--drive", "nowhere"], "no embedded drive 'nowhere'"),
      (["bench"], "which benchmark"),
      (["bench", "teleport"], "unknown benchmark 'teleport'"),
      (["bench", "guidance", "--fixes", "ten"], "--fixes must be a whole number"),
    ])
  func misuse(args: [String], message: String) {
    let (status, captured) = run(args)
    #expect(status == .usage)
    #expect(captured.err.contains(message), "stderr was: \(captured.err)")
  }

  @Test("replay --json: one object per line with t and type, a summary last")
  func replayJSON() throws {
    let (status, captured) = run([
      "replay", "--route", Paths.route(1), "--track", Paths.drive("helsinki-1-outage"), "--json",
    ])
    #expect(status == .success)
    let objects = try captured.out.map { line in
      try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(objects.count > 10)
    for object in objects {
      #expect(object["t"] is Double || object["t"] is Int)
      #expect(object["type"] is String)
    }
    let types = Set(objects.compactMap { $0["type"] as? String })
    #expect(
      types.isSuperset(of: [
        "state", "maneuver", "announce", "gpsLost", "gpsRestored", "arrived", "summary",
      ]))
    let announce = try #require(
      objects.first { $0["type"] as? String == "announce" && $0["stage"] as? String == "final" })
    #expect(announce["maneuvers"] is [Any])
    #expect(announce["text"] is String)
    #expect(announce["distance_m"] is Double || announce["distance_m"] is Int)
    let maneuver = try #require(objects.first { $0["type"] as? String == "maneuver" })
    #expect(maneuver["index"] as? Int == 1)
    #expect(maneuver["kind"] as? String == "turn")
    #expect(maneuver["modifier"] as? String == "left")
    let summary = try #require(objects.last)
    #expect(summary["type"] as? String == "summary")
    #expect(summary["fixes"] as? Int == 292)
    #expect(summary["offRoute"] as? Int == 0)
    #expect(summary["arrived"] as? Bool == true)
    let paused = objects.first {
      $0["type"] as? String == "state" && $0["state"] as? String == "paused"
    }
    #expect(paused?["reason"] as? String == "locating")
  }

  @Test("replay reads gpsd JSON logs and GPX tracks too")
  func otherTrackFormats() {
    for track in ["gpsd/helsinki-1-head.json", "gpx/helsinki-1-head.gpx"] {
      let (status, captured) = run([
        "replay", "--route", Paths.route(1), "--track",
        Paths.fixtures.appendingPathComponent(track).path,
      ])
      #expect(status == .success, "\(track): \(captured.err)")
      #expect(captured.out.contains { $0.contains("Head north on Fabianinkatu") }, "\(track)")
    }
  }

  @Test("replay in imperial units speaks feet and miles")
  func imperial() {
    let (status, captured) = run([
      "replay", "--route", Paths.route(3), "--track", Paths.drive("helsinki-3-clean"), "--units",
      "imperial",
    ])
    #expect(status == .success)
    #expect(
      captured.out.contains { $0.contains("In ") && ($0.contains(" feet") || $0.contains(" mile")) }
    )
    #expect(!captured.out.contains { $0.contains("metres") })
    let (deStatus, de) = run([
      "replay", "--route", Paths.route(3), "--track", Paths.drive("helsinki-3-clean"), "--units",
      "imperial", "--lang", "de",
    ])
    #expect(deStatus == .success, "\(de.err)")
    #expect(de.out.contains { $0.contains("In ") && ($0.contains(" Fuß") || $0.contains("eile")) })
    #expect(!de.out.contains { $0.contains("Meter") })
  }

  @Test("demo prints a readable timeline and writes the JSON one")
  func demo() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let (status, captured) = run(["demo", "--out", dir.path])
    #expect(status == .success, "\(captured.err)")
    #expect(captured.out.contains { $0.contains("Head north on Fabianinkatu") })
    #expect(captured.out.contains { $0.contains("arrived") })
    let written = try String(
      contentsOf: dir.appendingPathComponent("timeline.jsonl"), encoding: .utf8)
    #expect(
      written.split(separator: "\n").count
        == captured.out.count {
          $0.range(of: #"^\s*\d+\.\ds  "#, options: .regularExpression) != nil
        })
  }

  @Test("bench guidance prints its figures")
  func bench() {
    let (status, captured) = run([
      "bench", "guidance", "--points", "500", "--fixes", "300", "--runs", "1",
    ])
    #expect(status == .success)
    #expect(captured.out.contains { $0.contains("µs per fix") })
    #expect(captured.out.contains { $0.contains("peak RSS") })
    #expect(captured.out.contains { $0.contains("arrived true") })
  }

  @Test("the executable exits 2 on misuse and 0 on success")
  func processExitCodes() throws {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("headunit")
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path), "no executable at \(binary.path)")
    func exitCode(_ args: [String]) throws -> Int32 {
      let process = Process()
      process.executableURL = binary
      process.arguments = args
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
    #expect(try exitCode(["replay", "--track", "x"]) == 2)
    #expect(try exitCode(["help"]) == 0)
    #expect(
      try exitCode([
        "replay", "--route", Paths.route(2), "--track", Paths.drive("helsinki-2-noisy"),
      ]) == 0)
  }
}
