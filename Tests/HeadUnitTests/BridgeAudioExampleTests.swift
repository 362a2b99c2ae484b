import Foundation
import Rigs
import TestSupport
import Testing

@testable import HeadUnit

/// The example audio app against `headunit run`: its library browsed with the knob, the
/// song played on the shared Now Playing screen, which the knob pauses, scrubs and skips.
@Suite("Bridge audio example with headunit run (process)")
struct BridgeAudioExampleTests {
  static let example = PreloadLibrary.root.appendingPathComponent("Examples/audio-client.py")
    .path

  @Test func browsePlayPauseScrubAndSkip() async throws {
    let rig = try BridgeProcessTests.Rig()
    try #require(await rig.daemon.waitForLine { $0.contains("bridge: listening") } != nil)
    let client = try ChildProcess(
      "/usr/bin/env", ["python3", Self.example, "--socket", rig.socket, "--once"])
    func said(_ text: String, after step: () throws -> Void) async throws -> Bool {
      try step()
      return await client.waitForLine(inOutput: true, timeout: .seconds(5)) { $0 == text } != nil
    }
    func chose(_ id: String) async throws {
      try rig.select()
      let line = await client.waitForLine(inOutput: true, timeout: .seconds(5)) {
        $0.contains("\"itemSelected\"") && $0.contains(id)
      }
      try #require(line != nil, "\(id): \(client.out + client.err)")
      try await Task.sleep(for: .milliseconds(300))  // the next list is on screen
    }
    try #require(
      await client.waitForLine(inOutput: true) { $0 == "library on screen" } != nil,
      "\(client.out + client.err)")
    try await chose("artist:Aurora Lane")
    try await chose("album:Aurora Lane:Northern Roads")
    #expect(try await said("now playing First Light") { try rig.select() }, "\(client.out)")
    try await Task.sleep(for: .milliseconds(300))
    // The knob starts on play/pause.
    #expect(try await said("paused") { try rig.select() }, "\(client.out)")
    #expect(try await said("playing") { try rig.select() }, "\(client.out)")
    // Round to the progress bar (next, shuffle, repeat, the bar), a press to scrub, a detent.
    for _ in 0..<4 {
      try rig.turn(1)
      try await Task.sleep(for: .milliseconds(200))
    }
    try rig.select()
    try await Task.sleep(for: .milliseconds(300))
    try rig.turn(1)
    let seek = await client.waitForLine(inOutput: true, timeout: .seconds(5)) {
      $0.hasPrefix("seek ")
    }
    let seconds = try #require(seek.flatMap { Double($0.dropFirst(5)) }, "\(client.out)")
    #expect((10...25).contains(seconds), "10 s on from the few seconds played: \(seconds)")
    // Scrubbing off, then on round to next: the app skips, and (--once) says goodbye.
    try rig.select()
    try await Task.sleep(for: .milliseconds(300))
    for _ in 0..<3 {
      try rig.turn(1)
      try await Task.sleep(for: .milliseconds(200))
    }
    #expect(try await said("now playing Coastline") { try rig.select() }, "\(client.out)")
    #expect(await client.exitStatus(timeout: .seconds(10)) == 0, "\(client.err)")
    #expect(rig.log("\"audio-client.py\" (audio)"), "the unit knows it as an audio app")
  }
}
