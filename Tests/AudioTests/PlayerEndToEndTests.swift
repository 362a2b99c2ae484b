import Audio
import Foundation
import Navigation
import Testing

/// `PromptPlayer` with the real parts: espeak-ng in process, into a WAV file and through
/// ALSA (the test `file` PCM, no sound card). Skipped where espeak-ng is missing.
@Suite(
  "PromptPlayer end to end", .serialized,
  .enabled(if: (try? EspeakSynthesizer()) != nil, "espeak-ng is not usable here"))
struct PlayerEndToEndTests {
  static func announcement(
    _ text: String, _ stage: Announcement.Stage, maneuver: Int
  ) -> Announcement {
    Announcement(
      maneuvers: [maneuver], stage: stage, text: text, distance: 100,
      priority: stage == .final ? .high : .normal)
  }

  @Test func speaksPromptsIntoAWAVFile() throws {
    let directory = try ALSATestEnvironment.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("prompts.wav")
    let espeak = try EspeakSynthesizer()
    let log = PromptEventLog()
    let player = PromptPlayer(
      synthesizer: espeak, output: WAVFileOutput(url: url),
      configuration: .init(language: "en", earcon: .chime, realTime: false), onEvent: log.record)
    let a = player.enqueue(
      Self.announcement("In 200 metres, turn right onto Mannerheimintie", .early, maneuver: 2))
    let b = player.enqueue(
      Self.announcement("Turn right onto Mannerheimintie", .final, maneuver: 2))
    #expect(log.wait(for: .finished(b)))
    player.close()
    #expect(log.events.contains(.finished(a)) || log.events.contains(.interrupted(a, by: b)))

    let wav = try WAVFile(contentsOf: url)
    #expect(wav.format == espeak.format)
    let statistics = AudioStatistics(wav.samples, format: wav.format)
    // The chime and at least a second of speech; speech is louder than the chime.
    #expect(statistics.duration > 1.15)
    #expect(statistics.duration < 10)
    #expect(statistics.peakDBFS > -12)
    #expect(statistics.clippedSamples == 0)
    let chime = Earcon.chime.samples(format: wav.format)
    #expect(Array(wav.samples.prefix(chime.count)) == chime)
  }

  @Test func finalPromptCutsOffAnEarlyOneThroughALSA() throws {
    #expect(ALSATestEnvironment.configured)
    let directory = try ALSATestEnvironment.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("alsa.wav")
    let output = try ALSAOutput(device: ALSATestEnvironment.wavDevice(file))
    let log = PromptEventLog()
    // realTime: the null PCM takes samples at once, so the player waits out the audio
    // itself — and must hear the final prompt while it does.
    let player = PromptPlayer(
      synthesizer: try EspeakSynthesizer(), output: output,
      configuration: .init(language: "en"), onEvent: log.record)
    defer { player.close() }
    let early = player.enqueue(
      Self.announcement(
        "In 800 metres, at the end of the road, turn left onto Töölönlahdenkatu", .early,
        maneuver: 9))
    #expect(log.wait(for: .started(early)))
    Thread.sleep(forTimeInterval: 0.5)
    let due = ContinuousClock.now
    let final = player.enqueue(Self.announcement("Turn left now", .final, maneuver: 8))
    #expect(log.wait(for: .finished(final)))
    let interrupted = log.time(of: .interrupted(early, by: final))
    #expect(interrupted != nil)
    let delay = promptMilliseconds(due.duration(to: interrupted ?? .now))
    #expect(delay < 50, "enqueue → interrupted \(delay) ms")
  }
}
