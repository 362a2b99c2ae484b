import Foundation
import TestSupport
import Testing

@testable import Bench
@testable import Commands
@testable import HeadUnit

/// What commands refuse to write over or read from, and what a failed write leaves.
@Suite("Outputs and inputs of the commands")
struct OutputSafetyTests {
  func run(_ args: [String]) -> (HeadUnitCommand.Status, Captured) {
    CommandTests().run(args)
  }

  func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("outputs-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  var extract: String { Paths.fixtures.appendingPathComponent("osm/helsinki.osm.pbf").path }

  @Test(
    "a device, a folder or an input as the output is refused before any work (exit 2)",
    arguments: [
      (["maps", "import", "PBF", "--out", "/dev/full"], "/dev/full is a character device"),
      (["maps", "import", "PBF", "--out", "DIR"], "is a folder, not a file to write to"),
      (["say", "hello", "--wav", "/dev/null"], "/dev/null is a character device"),
      (
        ["snapshot", "--route", "ROUTE", "--track", "TRACK", "--at", "5", "--out", "ROUTE"],
        "is the input"
      ),
      (["maps", "import", "COPY", "--out", "COPY"], "is the input"),
      (["maps", "import", "PBF", "--out", "DIR/missing/x.map"], "does not exist"),
    ])
  func refusedOutputs(args: [String], message: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = directory.appendingPathComponent("copy.osm.pbf").path
    try FileManager.default.copyItem(atPath: extract, toPath: copy)
    let before = try Data(contentsOf: URL(fileURLWithPath: copy))
    let words = args.map { word in
      switch word {
      case "PBF": extract
      case "COPY": copy
      case "ROUTE": Paths.route(1)
      case "TRACK": Paths.drive("helsinki-1-clean")
      default: word.replacingOccurrences(of: "DIR", with: directory.path)
      }
    }
    let (status, captured) = run(words)
    #expect(status == .usage, "\(captured.err)")
    #expect(captured.err.contains(message), "\(captured.err)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before, "the input is intact")
    var info = stat()
    #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
  }

  @Test("a FIFO or a folder as an input is refused at once, naming what it is")
  func refusedInputs() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("fifo").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let cases: [([String], String)] = [
      (
        ["maps", "import", fifo, "--out", directory.path + "/x.map"], "this is a FIFO; give a file"
      ),
      (["maps", "import", directory.path, "--out", directory.path + "/x.map"], "this is a folder"),
      (
        ["replay", "--route", directory.path, "--track", Paths.drive("helsinki-1-clean")],
        "this is a folder"
      ),
      (["replay", "--route", Paths.route(1), "--track", fifo], "a FIFO?"),
      (
        ["replay", "--route", "/dev/zero", "--track", Paths.drive("helsinki-1-clean")],
        "this is a device"
      ),
    ]
    for (words, message) in cases {
      let (status, captured) = run(words)
      #expect(status == .usage, "\(words): \(captured.err)")
      #expect(captured.err.contains(message), "\(words): \(captured.err)")
    }
  }

  @Test("corrupt input to maps import exits 2 with what is wrong")
  func corruptExtract() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = directory.appendingPathComponent("bad.osm.pbf").path
    try Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(
      to: URL(fileURLWithPath: bad))
    let (status, captured) = run(["maps", "import", bad, "--out", directory.path + "/x.map"])
    #expect(status == .usage)
    #expect(captured.err.contains("bad.osm.pbf: blob 0"), "\(captured.err)")
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/x.map"))
  }

  @Test("say with nothing speakable, or a whole book, is refused")
  func unspeakable() {
    let (status, captured) = run(["say", "\u{FFFD}\u{FFFD}", "--wav", "/tmp/never.wav"])
    #expect(status == .usage)
    #expect(captured.err.contains("no letters or digits"))
    let (long, said) = run(["say", String(repeating: "word ", count: 20_000)])
    #expect(long == .usage)
    #expect(said.err.contains("at most 2000 are spoken at once"), "\(said.err)")
  }

  @Test("a snapshot that cannot be written whole leaves no file, not a 0-byte PNG")
  func fullDisk() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("s.png").path
    // A file-size limit of 8 KB stands in for a full disk: writes past it fail (EFBIG).
    let command =
      "trap '' XFSZ; ulimit -f 8; exec '\(CrashConsistencyTests.headunit)' snapshot"
      + " --route '\(Paths.route(1))' --track '\(Paths.drive("helsinki-1-clean"))' --at 10"
      + " --out '\(png)'"
    let child = try ChildProcess("/bin/sh", ["-c", command])
    let status = await child.exitStatus(timeout: .seconds(60))
    #expect(status == 1, "\(child.err)")
    #expect(child.err.contains { $0.contains("cannot write \(png)") }, "\(child.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }
}
