import Foundation
import Rigs
import Testing

@testable import Core
@testable import HeadUnit

/// Power cuts during saves, played by SIGKILL: `headunit bench saves --trace` saves the
/// trip as the daemon does, as fast as it can, and is killed at a random moment after it
/// has started saving. Every time, the next start must find a whole trip — the last one
/// reported durable or the one being written — and resume it.
@Suite("Crash consistency of the saved trip")
struct CrashConsistencyTests {
  static let headunit = URL(fileURLWithPath: CommandLine.arguments[0])
    .deletingLastPathComponent().appendingPathComponent("headunit").path

  /// The highest `saved N` among `lines`.
  static func lastSaved(_ text: String) -> Int? {
    text.split(separator: "\n").compactMap { line -> Int? in
      guard line.hasPrefix("saved ") else { return nil }
      return Int(line.dropFirst(6))
    }.max()
  }

  @Test("SIGKILL at 200 random moments during saves: always the previous or the new trip")
  func killedWhileSaving() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("crash-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var generator = SystemRandomNumberGenerator()
    var durable = 0
    var killedMidWrite = 0
    for round in 0..<200 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Self.headunit)
      process.arguments = [
        "bench", "saves", "--dir", directory.path, "--count", "100000000", "--trace",
      ]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Wait until it is saving, then let it run a random while (a save takes ~2 ms).
      var text = ""
      while Self.lastSaved(text) == nil {
        let data = output.fileHandleForReading.availableBytes()
        if data.isEmpty { break }
        text += String(decoding: data, as: UTF8.self)
      }
      usleep(UInt32.random(in: 0..<15_000, using: &generator))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      text += String(decoding: output.fileHandleForReading.bytesToEnd(), as: UTF8.self)
      #expect(process.terminationReason == .uncaughtSignal, "round \(round) ended by itself")
      let reported = try #require(Self.lastSaved(text), "round \(round): no save reported")

      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      if leftovers.contains(where: { $0.contains(".tmp-") }) { killedMidWrite += 1 }
      let (loaded, warning) = TripStore(directory: directory).load()
      #expect(warning == nil, "round \(round): \(warning ?? "")")
      let snapshot = try #require(loaded, "round \(round): no trip after the kill")
      #expect(
        snapshot.sequence == reported || snapshot.sequence == reported + 1,
        "round \(round): found #\(snapshot.sequence), last reported durable #\(reported)")
      #expect(snapshot.sequence >= durable)
      durable = snapshot.sequence
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["trip.json"])

      // The next start resumes it.
      var core = HeadUnitCore(provider: DriveFixtures.provider, phrases: DriveFixtures.phrases)
      _ = core.handle(
        .start(places: PlaceLists(), trip: snapshot), at: snapshot.savedAt.addingTimeInterval(5))
      #expect(core.app.phase == .navigating(snapshot.place), "round \(round)")
    }
    // The kills must really land inside writes, or the test proves nothing.
    #expect(killedMidWrite >= 20, "only \(killedMidWrite) of 200 kills left a half-written file")
  }
}
