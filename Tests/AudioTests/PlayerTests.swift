import Audio
import Foundation
import Navigation
import Testing

/// `PromptPlayer` against a test synthesizer and a recording output: timing, dropping,
/// mute, volume, earcon and failures, with real threads but no audio device.
@Suite("PromptPlayer", .serialized)
struct PlayerTests {
  typealias Announce = TestAnnouncements

  /// A player with the test doubles; the caller closes it.
  static func make(
    _ configuration: PromptPlayer.Configuration = .init(language: "en"),
    synthesizer: TonePromptSynthesizer = TonePromptSynthesizer()
  ) -> (PromptPlayer, RecordingPromptOutput, PromptEventLog) {
    let output = RecordingPromptOutput()
    let log = PromptEventLog()
    let player = PromptPlayer(
      synthesizer: synthesizer, output: output, configuration: configuration,
      onEvent: log.record)
    return (player, output, log)
  }

  /// Writes containing `character`'s level (at gain `volume`) after `instant`.
  static func writes(
    of character: Character, in output: RecordingPromptOutput,
    after instant: ContinuousClock.Instant = .now - .seconds(3600), volume: Double = 1
  ) -> [RecordingPromptOutput.Record] {
    let level = Int16((Double(TonePromptSynthesizer.level(character)) * volume).rounded())
    return output.records.filter { record in
      guard record.at >= instant, case .write(let samples) = record.call else { return false }
      return samples.first == level
    }
  }

  @Test func playsPromptsInOrderAndReportsThem() {
    let (player, output, log) = Self.make()
    defer { player.close() }
    let a = player.enqueue(Announce.early(1, length: 5, letter: "a"))
    let b = player.enqueue(Announce.early(2, length: 5, letter: "b"))
    #expect(log.wait(for: .finished(b)))
    #expect(log.events == [.started(a), .finished(a), .started(b), .finished(b)])
    let levels = output.samples.filter { $0 > 0 }
    #expect(Set(levels) == [TonePromptSynthesizer.level("a"), TonePromptSynthesizer.level("b")])
    #expect(levels.first == TonePromptSynthesizer.level("a"))
    #expect(levels.last == TonePromptSynthesizer.level("b"))
    #expect(output.records.filter { $0.call == .drain }.count == 2)
  }

  @Test func firstChunkIsWrittenBeforeTheSentenceIsSynthesized() {
    let (player, output, log) = Self.make()
    defer { player.close() }
    let due = ContinuousClock.now
    let id = player.enqueue(Announce.early(1, length: 100))
    #expect(log.wait(for: .finished(id)))
    let first = output.records.first(where: { $0.call != .drain })
    // One 10 ms chunk of synthesis, not the whole second of it.
    #expect(first != nil)
    #expect(promptMilliseconds(due.duration(to: first?.at ?? .now)) < 30)
  }

  @Test func finalPromptInterruptsALongEarlyPromptWithin50Milliseconds() {
    let (player, output, log) = Self.make()
    defer { player.close() }
    let early = player.enqueue(Announce.early(3, length: 150, letter: "e"))
    #expect(log.wait(for: .started(early)))
    Thread.sleep(forTimeInterval: 0.3)
    let due = ContinuousClock.now
    let final = player.enqueue(Announce.final(2, letter: "F"))
    #expect(log.wait(for: .finished(final)))

    #expect(log.events.contains(.interrupted(early, by: final)))
    #expect(!log.events.contains(.finished(early)))
    let discard = output.records.first(where: { $0.call == .discard && $0.at >= due })
    let firstFinal = Self.writes(of: "F", in: output).first
    let toDiscard = promptMilliseconds(due.duration(to: discard?.at ?? .now))
    let toFinal = promptMilliseconds(due.duration(to: firstFinal?.at ?? .now))
    #expect(discard != nil)
    #expect(toDiscard < 50, "enqueue → discard \(toDiscard) ms")
    #expect(toFinal < 50, "enqueue → first write of the final \(toFinal) ms")
    // Nothing of the early prompt after the discard.
    let earlyAfterDiscard = Self.writes(of: "e", in: output, after: discard?.at ?? due)
    #expect(earlyAfterDiscard.isEmpty)
  }

  @Test func promptForAPassedManeuverIsDropped() {
    let (player, output, log) = Self.make()
    defer { player.close() }
    let a = player.enqueue(Announce.early(1, length: 40, letter: "a"))
    let b = player.enqueue(Announce.early(2, length: 10, letter: "b"))
    player.maneuverChanged(next: 3)
    #expect(log.wait(for: .finished(a)))
    #expect(log.wait(for: .dropped(b, .passed)))
    Thread.sleep(forTimeInterval: 0.05)
    #expect(!log.events.contains(.started(b)))
    #expect(Self.writes(of: "b", in: output).isEmpty)
    // Passed afterwards is dropped on arrival.
    let c = player.enqueue(Announce.final(2))
    #expect(log.wait(for: .dropped(c, .passed)))
  }

  @Test func supersededEarlyPromptIsDropped() {
    let (player, output, log) = Self.make()
    defer { player.close() }
    let a = player.enqueue(Announce.final(1, length: 30, letter: "a"))
    #expect(log.wait(for: .started(a)))
    let early = player.enqueue(Announce.early(2, length: 10, letter: "b"))
    let final = player.enqueue(Announce.final(2, letter: "F"))
    #expect(log.wait(for: .finished(final)))
    #expect(
      log.events == [
        .started(a), .dropped(early, .superseded(by: final)), .finished(a), .started(final),
        .finished(final),
      ])
    #expect(Self.writes(of: "b", in: output).isEmpty)
  }

  @Test func muteStopsThePromptAndDropsEverythingUntilUnmuted() {
    let (player, output, log) = Self.make()
    defer { player.close() }
    let a = player.enqueue(Announce.early(1, length: 100, letter: "a"))
    #expect(log.wait(for: .started(a)))
    Thread.sleep(forTimeInterval: 0.1)
    player.setMuted(true)
    #expect(log.wait(for: .dropped(a, .muted)))
    let muted = ContinuousClock.now
    let b = player.enqueue(Announce.final(2, letter: "F"))
    #expect(log.wait(for: .dropped(b, .muted)))
    Thread.sleep(forTimeInterval: 0.1)
    #expect(output.records.contains { $0.call == .discard })
    #expect(output.records.filter { $0.at >= muted }.isEmpty)
    #expect(!log.events.contains(.started(b)))

    player.setMuted(false)
    let c = player.enqueue(Announce.final(3, letter: "G"))
    #expect(log.wait(for: .finished(c)))
    #expect(Self.writes(of: "G", in: output).count == 4)
  }

  @Test func startsMutedWhenConfigured() {
    let (player, output, log) = Self.make(.init(language: "en", muted: true))
    let a = player.enqueue(Announce.final(1))
    #expect(log.wait(for: .dropped(a, .muted)))
    player.close()
    #expect(output.records.map(\.call) == [.close])
  }

  @Test func volumeScalesSamples() {
    let (player, output, log) = Self.make(.init(language: "en", volume: 0.5))
    defer { player.close() }
    let a = player.enqueue(Announce.final(1, letter: "F"))
    #expect(log.wait(for: .finished(a)))
    #expect(Self.writes(of: "F", in: output, volume: 0.5).count == 4)
    #expect(Self.writes(of: "F", in: output).isEmpty)

    // Above 1 the gain goes through the limiter: the same samples, later by its look-ahead,
    // the last of them written when the prompt ends; this tone is far below its knee.
    player.setVolume(1.5)
    let b = player.enqueue(Announce.final(2, letter: "G"))
    #expect(log.wait(for: .finished(b)))
    let written = Self.writes(of: "G", in: output, volume: 1.5).map { record in
      if case .write(let samples) = record.call { samples.count } else { 0 }
    }
    #expect(written.reduce(0, +) == 4 * 160)
    #expect(written.first == 160 - 48)
    let peak = output.samples.map { abs(Int($0)) }.max() ?? 0
    #expect(peak == Int((Double(TonePromptSynthesizer.level("G")) * 1.5).rounded()))
  }

  @Test func aLoudPromptAtFullGainIsLimitedNotClipped() {
    var synthesizer = TonePromptSynthesizer()
    synthesizer.fixedLevel = 30_000
    let (player, output, log) = Self.make(
      .init(language: "en", volume: 2), synthesizer: synthesizer)
    defer { player.close() }
    let a = player.enqueue(Announce.final(1, letter: "F"))
    #expect(log.wait(for: .finished(a)))
    let samples = output.samples
    #expect(samples.count == 4 * 160)
    #expect(!samples.contains(.max) && !samples.contains(.min) && !samples.contains(-32_767))
    let peak = samples.map { abs(Int($0)) }.max() ?? 0
    #expect(peak <= 29_205 && peak > 20_000, "peak \(peak)")
  }

  @Test func earconPlaysBeforeEachPrompt() {
    let format = TonePromptSynthesizer().format
    let chime = Earcon.chime.samples(format: format)
    let (player, output, log) = Self.make(.init(language: "en", earcon: .chime))
    defer { player.close() }
    let a = player.enqueue(Announce.final(1, letter: "F"))
    let b = player.enqueue(Announce.final(2, letter: "G"))
    #expect(log.wait(for: .finished(b)))
    let samples = output.samples
    #expect(Array(samples.prefix(chime.count)) == chime)
    let first = chime.count + 4 * 160
    #expect(Array(samples[first..<first + chime.count]) == chime)
    #expect(samples.count == 2 * (chime.count + 4 * 160))
    _ = a
  }

  @Test func outputFailureIsReportedOnceAndPromptsAreDropped() {
    let (player, output, log) = Self.make()
    defer { player.close() }
    let error = AudioError(.unavailable, "no such PCM 'hw:9'")
    output.fail(with: error)
    let a = player.enqueue(Announce.final(1))
    let b = player.enqueue(Announce.final(2))
    #expect(log.wait(for: .dropped(b, .failed(error))))
    #expect(log.events.contains(.dropped(a, .failed(error))))
    #expect(log.events.filter { $0 == .outputFailed(error) }.count == 1)

    // The device comes back: the next prompt plays, and a new failure is reported again.
    output.fail(with: nil)
    let c = player.enqueue(Announce.final(3, letter: "G"))
    #expect(log.wait(for: .finished(c)))
    output.fail(with: error)
    let d = player.enqueue(Announce.final(4))
    #expect(log.wait(for: .dropped(d, .failed(error))))
    #expect(log.events.filter { $0 == .outputFailed(error) }.count == 2)
  }

  @Test func aMissingALSADeviceIsReportedOnceAndGuidanceGoesOn() throws {
    #expect(ALSATestEnvironment.configured)
    let log = PromptEventLog()
    let player = PromptPlayer(
      synthesizer: TonePromptSynthesizer(), output: try ALSAOutput(device: "hw:97"),
      configuration: .init(language: "en", realTime: false), onEvent: log.record)
    defer { player.close() }
    var ids: [PromptID] = []
    let clock = ContinuousClock()
    let enqueueing = clock.measure {
      ids = (1...3).map { player.enqueue(Announce.final($0)) }
    }
    // Commands never wait for audio.
    #expect(promptMilliseconds(enqueueing) < 5)
    #expect(log.wait(for: .finished(ids[2])) || log.wait(for: .dropped(ids[2], .passed)))
    let failures = log.events.filter { if case .outputFailed = $0 { true } else { false } }
    #expect(failures.count == 1)
    #expect(log.events.contains { if case .dropped(ids[0], .failed) = $0 { true } else { false } })
  }

  @Test func synthesisFailureDropsThePromptOnly() {
    let (player, _, log) = Self.make(.init(language: "xx"))
    defer { player.close() }
    let a = player.enqueue(Announce.final(1))
    #expect(log.wait(for: .dropped(a, .failed(AudioError(.invalid, "no voice for xx")))))
    #expect(!log.events.contains { if case .outputFailed = $0 { true } else { false } })
  }

  @Test func closeStopsThePlayingPromptAndClosesTheOutput() {
    let (player, output, log) = Self.make()
    let a = player.enqueue(Announce.early(1, length: 100))
    let b = player.enqueue(Announce.early(2, length: 10))
    #expect(log.wait(for: .started(a)))
    player.close()
    #expect(log.events.contains(.dropped(a, .shutdown)))
    #expect(log.events.contains(.dropped(b, .shutdown)))
    #expect(output.records.last?.call == .close)
    let c = player.enqueue(Announce.final(3))
    Thread.sleep(forTimeInterval: 0.05)
    #expect(!log.events.contains(.started(c)))
    player.close()
  }

  @Test func eventsStreamCarriesTheSameEvents() async {
    let (player, _, log) = Self.make()
    let a = player.enqueue(Announce.final(1))
    #expect(log.wait(for: .finished(a)))
    player.close()
    var streamed: [PromptPlayer.Event] = []
    for await event in player.events { streamed.append(event) }
    #expect(streamed == log.events)
  }
}
