import Foundation
import Rigs
import Testing

@testable import HeadUnit

/// The unit's own music in `headunit run`, against a real mpd: browsed and played with the
/// knob, skipped with it, lowered through MPD's volume while prompts play, paused by
/// parking and played on by the wake, unavailable while mpd is gone (guidance going on)
/// and picked up when it is back.
@Suite("built-in music in headunit run (process)")
struct MusicDaemonTests {
  @Test func browsesPlaysDucksParksAndSurvivesMPD() async throws {
    let mpd = try MPDServer.start()
    _ = try mpd.command("setvol 80")
    // The rig resumes a trip along helsinki-1: the unit is guiding.
    let rig = try DaemonProcessTests.Rig(
      sections: #", "music": { "enabled": true, "port": \#(mpd.port), "duckPercent": 30 }"#)
    try #require(
      await rig.daemon.waitForLine { $0.contains("first frame") } != nil,
      "\(rig.daemon.err.joined(separator: "\n"))")
    #expect(rig.log("music: MPD at 127.0.0.1:\(mpd.port)"))

    // Presses only: the knob on the map's controls (Music comes first), Music, Artists
    // (once listed), the first artist (Aurora Lane; once their albums are listed), Play all.
    let albums = #"albums(artist: "Aurora Lane")"#
    for (step, listed) in [nil, nil, "artists", albums, nil].enumerated() {
      try await press(rig)
      if let listed {
        let line = await rig.daemon.waitForLine {
          $0.contains("music: listed") && $0.hasSuffix("for \(listed)")
        }
        try #require(line != nil, "step \(step): nothing listed for \(listed)")
      }
      try await Task.sleep(for: .milliseconds(500))
    }
    let playing = try await waitForMPD(mpd) { $0.contains("state: play") }
    #expect(playing != nil, "mpd does not play: \(rig.daemon.err.suffix(30))")
    #expect(try mpd.command("currentsong").contains("Title: First Light"))
    #expect(try mpd.command("status").contains("playlistlength: 3"))

    // Now Playing, the knob on play/pause: one detent on to Next, a press skips.
    try await detent(rig)
    try await Task.sleep(for: .milliseconds(300))
    try await press(rig)
    #expect(
      try await waitForMPD(mpd) { _ in
        (try? mpd.command("currentsong"))?.contains("Title: Coastline") == true
      }
        != nil, "the knob did not skip to the next song")

    // Prompts while guiding: the music goes down by 30 points, and back after.
    var lowest = 100
    let drive = Task { try await rig.drive(60) }
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: .seconds(20))
    while clock.now < end, lowest > 50 {
      lowest = min(lowest, volume(try mpd.command("status")) ?? 100)
      try await Task.sleep(for: .milliseconds(40))
    }
    try await drive.value
    #expect(lowest == 50, "the music was never lowered for a prompt: lowest \(lowest) %")
    let restored = try await waitForMPD(mpd) { volume($0) == 80 }
    #expect(restored != nil, "the music did not come back to 80 %")

    // mpd killed: the unit says so and goes on; back: picked up again.
    mpd.stop()
    #expect(await rig.daemon.waitForLine { $0.contains("music unavailable") } != nil)
    try await rig.drive(5, from: 60)
    #expect(!rig.log("guidance: idle"), "guidance stopped with the music")
    try mpd.restart()
    #expect(await rig.daemon.waitForLine { $0.contains("music available again") } != nil)
    // SIGKILLed, mpd did not keep its queue: someone plays an album again.
    _ = try mpd.command(#"add "Basalt/Night Drive""#)
    _ = try mpd.command("play")
    #expect(try await waitForMPD(mpd) { $0.contains("state: play") } != nil)
    try await Task.sleep(for: .milliseconds(1500))  // the unit hears that it plays

    // Ignition off: parked, the music paused; on: it plays on.
    try rig.setLine(5, 0)
    #expect(await rig.daemon.waitForLine(timeout: .seconds(10)) { $0.contains("parked:") } != nil)
    #expect(try await waitForMPD(mpd) { $0.contains("state: pause") } != nil)
    try rig.setLine(5, 1)
    #expect(try await waitForMPD(mpd) { $0.contains("state: play") } != nil)
    rig.daemon.signal(SIGTERM)
    #expect(await rig.daemon.exitStatus() == 0)
  }

  /// One clockwise detent of the encoder on GPIO17 (A) and GPIO27 (B): 11 → 01 → 00 → 10 → 11.
  private func detent(_ rig: DaemonProcessTests.Rig) async throws {
    for (line, level) in [(17, 0), (27, 0), (17, 1), (27, 1)] {
      try rig.setLine(line, level)
      try await Task.sleep(for: .milliseconds(30))
    }
  }

  private func press(_ rig: DaemonProcessTests.Rig) async throws {
    try rig.setLine(22, 0)
    try await Task.sleep(for: .milliseconds(150))
    try rig.setLine(22, 1)
  }

  /// MPD's `status` once `matches` holds, nil after 10 s.
  private func waitForMPD(_ mpd: MPDServer, _ matches: (String) -> Bool) async throws -> String? {
    for _ in 0..<200 {
      let status = try mpd.command("status")
      if matches(status) { return status }
      try await Task.sleep(for: .milliseconds(50))
    }
    return nil
  }

  private func volume(_ status: String) -> Int? {
    status.split(separator: "\n").first { $0.hasPrefix("volume: ") }
      .flatMap { Int($0.dropFirst("volume: ".count)) }
  }
}
