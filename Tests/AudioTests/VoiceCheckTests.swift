import Audio
import Foundation
import Navigation
import Testing

@Suite("Voice check: prompt inventory and verdicts")
struct VoiceCheckTests {
  static let format = AudioFormat(sampleRate: 22_050)

  @Test(
    "every language: unique file-safe names, every stage, the listed variations",
    arguments: Phrasebook.supportedLanguages)
  func inventory(language: String) throws {
    let prompts = VoicePromptInventory.prompts(try Phrasebook(language: language))
    let names = prompts.map(\.name)
    #expect(Set(names).count == names.count)
    for name in names {
      #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-.".contains($0)) })
    }
    #expect(Set(prompts.map(\.stage)) == Set(Announcement.Stage.allCases))
    #expect(prompts.allSatisfy { !$0.text.isEmpty })
    let all = Set(names)
    for expected in [
      "turn-left", "turn-left-road", "turn-right-number", "turn-uturn", "roundabout-exit-3-road",
      "fork-left", "end-of-road-right-road", "enter-ferry-road", "arrive", "arrive-left",
      "arrive-right", "early-50m-turn-left-road", "early-1.5km-arrive-left", "depart-north",
      "depart-southwest-road", "then-turn-left-road-turn-right-road",
      "then-turn-left-turn-right-arrive", "continue-12.5km", "off-ramp-right-exit",
      "off-ramp-right-exit-towards", "fork-left-towards",
      "early-1.5km-off-ramp-right-exit-towards",
    ] {
      #expect(all.contains(expected), "\(language) has no \(expected)")
    }
    #expect(names.filter { $0.hasPrefix("depart-") && !$0.contains("then") }.count == 16)
    // Four prompts at four distances, and a signposted exit at the longest.
    #expect(names.filter { $0.hasPrefix("early-") }.count == 17)
    #expect(prompts.contains { $0.stage == .early && $0.text.contains("Pasila") })
    // Road names with non-ASCII letters reach the synthesizer.
    #expect(prompts.contains { $0.text.contains("Töölönlahdenkatu") })
    #expect(prompts.contains { $0.text.contains("Pohjoisesplanadi") })
    #expect(prompts.contains { $0.text.contains("Mannerheimintie") })
  }

  @Test("maneuvers the phrasebook words alike are one prompt, under the first kind's name")
  func deduplicated() throws {
    let prompts = VoicePromptInventory.prompts(try Phrasebook(language: "en"))
    let finals = prompts.filter { $0.stage == .final && $0.maneuvers == 1 }
    #expect(Set(finals.map(\.text)).count == finals.count)
    // A new name to the left is worded as a continue left, which comes first.
    #expect(finals.contains { $0.name == "continue-left" })
    #expect(!finals.contains { $0.name == "new-name-left" })
    #expect(finals.contains { $0.name == "merge-right" && $0.text == "Merge right" })
    #expect(!finals.contains { $0.name == "merge-sharp-right" })
    // Every modifier of a turn is its own phrase; no modifier reads as straight.
    #expect(!finals.contains { $0.name == "turn-straight" })
    #expect(finals.contains { $0.name == "turn" && $0.text == "Go straight ahead" })
    for modifier in Maneuver.Modifier.allCases where modifier != .straight {
      let name = "turn-" + modifier.rawValue.split(separator: " ").joined(separator: "-")
      #expect(finals.contains { $0.name == name }, "\(name)")
    }
  }

  @Test("limits: final 3.5 s per maneuver announced; early, depart, continue unlimited")
  func limits() {
    #expect(VoicePrompt(name: "x", stage: .final, text: "x").maximumDuration == 3.5)
    #expect(VoicePrompt(name: "x", stage: .final, maneuvers: 3, text: "x").maximumDuration == 10.5)
    for stage in [Announcement.Stage.early, .depart, .continue] {
      #expect(VoicePrompt(name: "x", stage: stage, text: "x").maximumDuration == nil)
    }
  }

  func statistics(_ samples: [Int16]) -> AudioStatistics {
    AudioStatistics(samples, format: Self.format)
  }

  /// `seconds` of a 440 Hz tone at `amplitude`.
  func tone(_ seconds: Double, amplitude: Double = 8000) -> [Int16] {
    (0..<Int(seconds * 22_050)).map { Int16(amplitude * sin(2 * .pi * 440 * Double($0) / 22_050)) }
  }

  @Test("verdicts: silent, clipped, too long — and a good prompt passes")
  func verdicts() {
    let final = VoicePrompt(name: "turn-left", stage: .final, text: "Turn left")
    let early = VoicePrompt(name: "early", stage: .early, text: "In 400 metres, turn left")
    #expect(VoiceCheck.problems(final, statistics(tone(2))).isEmpty)
    #expect(VoiceCheck.problems(early, statistics(tone(6))).isEmpty)
    #expect(
      VoiceCheck.problems(final, statistics(tone(3.6))) == [.tooLong(seconds: 3.6, limit: 3.5)])
    #expect(
      VoiceCheck.problems(final, statistics([Int16](repeating: 0, count: 22_050)))
        == [.silent(rmsDBFS: -.infinity)])
    // −60 dBFS: not digital silence, still too quiet to hear in a car.
    let quiet = VoiceCheck.problems(final, statistics(tone(1, amplitude: 46)))
    #expect(quiet.count == 1)
    if case .silent(let rms)? = quiet.first { #expect(rms < -50) } else { Issue.record("\(quiet)") }
    var clipped = tone(1)
    clipped[100] = .max
    clipped[200] = .min
    #expect(VoiceCheck.problems(final, statistics(clipped)) == [.clipped(samples: 2)])
    let chain = VoicePrompt(name: "then", stage: .final, maneuvers: 2, text: "a, then b")
    #expect(VoiceCheck.problems(chain, statistics(tone(5))).isEmpty)
  }

  @Test("a run measures the synthesizer's output and times its first chunk")
  func run() throws {
    let check = VoiceCheck(synthesizer: ToneSynthesizer())
    let result = try check.run(
      VoicePrompt(name: "turn-left", stage: .final, text: "Turn left"), language: "en")
    #expect(result.samples.count == 9 * 80)
    #expect(result.statistics.duration == 0.09)
    #expect(result.problems.isEmpty)
    let first = try #require(result.firstSampleTime)
    #expect(first <= result.synthesisTime)
  }

  @Test(
    "the longest finals by their words include the one that runs longest, at rates too slow",
    arguments: Phrasebook.supportedLanguages)
  func longestFinalsCoverTheLongest(language: String) throws {
    let phrases = try Phrasebook(language: language)
    let finals = VoicePromptInventory.prompts(phrases).filter { $0.stage == .final }
    let picked = VoiceCheck.longestFinals(phrases)
    #expect(picked.count == VoiceCheck.longestFinalCount)
    let tuned = try #require(EspeakSynthesizer.defaultRates[language])
    for rate in [tuned - 20, tuned - 50] {
      let check = VoiceCheck(synthesizer: try SpeechTestSupport.espeak(.init(rate: rate)))
      let results = try finals.map { try check.run($0, language: language) }
      func share(_ r: VoiceCheck.Result) -> Double {
        r.statistics.duration / (r.prompt.maximumDuration ?? VoicePrompt.finalLimit)
      }
      let worst = try #require(results.max { share($0) < share($1) })
      // espeak-ng's timing varies by some tens of milliseconds with what it said before
      // (and with the tests speaking beside this one): a picked prompt within 60 ms of the
      // longest covers it.
      let pickedNames = Set(picked.map(\.name))
      #expect(
        results.contains {
          pickedNames.contains($0.prompt.name)
            && worst.statistics.duration - $0.statistics.duration <= 0.06
        },
        "\(language) at \(rate) wpm: \(worst.prompt.name) runs longest, not among \(picked.map(\.name))"
      )
      // 50 wpm below its own rate every language has a final that runs over (20 below,
      // Russian still fits); the picked ones find it.
      if rate == tuned - 50 { #expect(share(worst) > 1, "\(language) at \(rate) wpm: all fit") }
      // espeak-ng's timing varies by some tens of milliseconds with what it said before.
      let found = try check.firstTooLong(picked, language: language)
      if share(worst) > 1.03 { #expect(found != nil) }
      if share(worst) < 0.97 { #expect(found == nil) }
    }
  }

  @Test("English, for real: every prompt passes on espeak-ng at the default rate")
  func english() throws {
    let synthesizer = try SpeechTestSupport.espeak()
    let check = VoiceCheck(synthesizer: synthesizer)
    let prompts = VoicePromptInventory.prompts(try Phrasebook(language: "en"))
    for prompt in prompts {
      let result = try check.run(prompt, language: "en")
      #expect(result.problems.isEmpty, "\(prompt.name): \(result.problems) — \(prompt.text)")
    }
  }
}
