import Audio
import Foundation
import Navigation
import Testing

/// `PromptPlayer` with a `Ducker` on a fake music volume: lowered while prompts play,
/// restored on every way out.
@Suite("PromptPlayer ducking", .serialized)
struct PlayerDuckingTests {
  typealias Announce = TestAnnouncements

  static func make() -> (PromptPlayer, RecordingPromptOutput, PromptEventLog, PlayerMusicVolume) {
    let music = PlayerMusicVolume()
    let configuration = PromptPlayer.Configuration(
      language: "en", ducker: Ducker(control: music, reduction: 30))
    let output = RecordingPromptOutput()
    let log = PromptEventLog()
    let player = PromptPlayer(
      synthesizer: TonePromptSynthesizer(), output: output, configuration: configuration,
      onEvent: log.record)
    return (player, output, log, music)
  }

  @Test func lowersTheMusicWhileAPromptPlaysAndRestoresItAfter() {
    let (player, output, log, music) = Self.make()
    defer { player.close() }
    let a = player.enqueue(Announce.final(1, length: 10))
    #expect(log.wait(for: .finished(a)))
    #expect(music.wait(for: 80))
    #expect(music.levelsSet == [50, 80])
    let writes = output.records.filter { if case .write = $0.call { true } else { false } }
    let lowered = music.sets.first?.at
    let restored = music.sets.last?.at
    #expect(lowered != nil && writes.first.map { lowered! <= $0.at } == true)
    #expect(restored != nil && writes.last.map { restored! >= $0.at } == true)
  }

  @Test func staysLoweredThroughAQueueOfPromptsThenRestores() {
    let (player, _, log, music) = Self.make()
    defer { player.close() }
    let a = player.enqueue(Announce.final(1, length: 5))
    let b = player.enqueue(Announce.final(2, length: 5))
    #expect(log.wait(for: .finished(b)))
    #expect(music.wait(for: 80))
    #expect(music.levelsSet == [50, 80])
    _ = a
  }

  @Test func restoresAfterAnInterruption() {
    let (player, _, log, music) = Self.make()
    defer { player.close() }
    let early = player.enqueue(Announce.early(3, length: 150))
    #expect(log.wait(for: .started(early)))
    #expect(music.level == 50)
    let final = player.enqueue(Announce.final(2))
    #expect(log.wait(for: .interrupted(early, by: final)))
    #expect(log.wait(for: .finished(final)))
    #expect(music.wait(for: 80))
    // No swell between the cut-off prompt and the one that cut it off.
    #expect(music.levelsSet == [50, 80])
  }

  @Test func restoresAfterAnOutputError() {
    let (player, output, log, music) = Self.make()
    defer { player.close() }
    let error = AudioError(.failed, "device went away")
    output.fail(with: error)
    let a = player.enqueue(Announce.final(1))
    #expect(log.wait(for: .dropped(a, .failed(error))))
    #expect(music.wait(for: 80))
    #expect(music.levelsSet == [50, 80])
  }

  @Test func restoresWhenMutedAndWhenClosed() {
    let (player, _, log, music) = Self.make()
    let a = player.enqueue(Announce.early(1, length: 150))
    #expect(log.wait(for: .started(a)))
    player.setMuted(true)
    #expect(log.wait(for: .dropped(a, .muted)))
    #expect(music.wait(for: 80))
    player.setMuted(false)
    let b = player.enqueue(Announce.early(2, length: 150))
    #expect(log.wait(for: .started(b)))
    #expect(music.wait(for: 50))
    player.close()
    #expect(music.level == 80)
  }

  @Test func aFailingMixerIsReportedOnceAndPromptsStillPlay() {
    let (player, output, log, music) = Self.make()
    defer { player.close() }
    let error = AudioError(.unavailable, "no mixer control 'Master'")
    music.fail(with: error)
    let a = player.enqueue(Announce.final(1, letter: "F"))
    #expect(log.wait(for: .finished(a)))
    let b = player.enqueue(Announce.final(2, letter: "G"))
    #expect(log.wait(for: .finished(b)))
    #expect(log.events.filter { $0 == .duckingFailed(error) }.count == 1)
    #expect(PlayerTests.writes(of: "G", in: output).count == 4)
  }
}
