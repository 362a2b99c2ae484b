import Audio
import Foundation
import Navigation
import Testing

/// The speed warning's chime through `PromptPlayer`: played when nothing is spoken, never
/// over a prompt, never while muted.
@Suite("PromptPlayer chime", .serialized)
struct PlayerChimeTests {
  /// The output's samples once `count` of them have come, or after `timeout` seconds.
  static func samples(
    _ output: RecordingPromptOutput, atLeast count: Int, timeout: Double = 3
  ) -> [Int16] {
    let end = Date().addingTimeInterval(timeout)
    while output.samples.count < count, Date() < end { Thread.sleep(forTimeInterval: 0.02) }
    return output.samples
  }

  @Test func idleChimePlaysTheEarconOnce() {
    let (player, output, log) = PlayerTests.make()
    defer { player.close() }
    player.chime()
    let expected = Earcon.chime.samples(format: TonePromptSynthesizer().format)
    let played = Self.samples(output, atLeast: expected.count)
    #expect(played.count == expected.count)
    #expect(played.contains { $0 != 0 })
    #expect(log.events.isEmpty, "a chime is no prompt: \(log.events)")
  }

  @Test func chimeDuringAPromptIsDroppedNotQueued() {
    let (player, output, log) = PlayerTests.make()
    defer { player.close() }
    let id = player.enqueue(TestAnnouncements.early(1, length: 40, letter: "e"))
    #expect(log.wait(for: .started(id)))
    player.chime()
    #expect(log.wait(for: .finished(id)))
    Thread.sleep(forTimeInterval: 0.3)
    let level = TonePromptSynthesizer.level("e")
    #expect(output.samples.allSatisfy { $0 == level || $0 == -level || $0 == 0 })
  }

  @Test func mutedPlayerDoesNotChime() {
    var configuration = PromptPlayer.Configuration(language: "en")
    configuration.muted = true
    let (player, output, _) = PlayerTests.make(configuration)
    defer { player.close() }
    player.chime()
    Thread.sleep(forTimeInterval: 0.3)
    #expect(output.samples.isEmpty)
  }
}
