import Audio
import Foundation
import Navigation
import Testing

/// `EspeakSynthesizer` on the real espeak-ng library and its installed data.
@Suite("Speech synthesis (espeak-ng, in process)")
struct SpeechSynthesisTests {
  typealias Support = SpeechTestSupport

  @Test("espeak-ng reports its own rate, 22050 Hz mono")
  func format() throws {
    #expect(try Support.espeak().format == AudioFormat(sampleRate: 22_050, channels: 1))
  }

  @Test("'Turn left onto Mannerheimintie' is 1–4 s of audible, unclipped English")
  func english() throws {
    let synthesizer = try Support.espeak()
    let (samples, _) = try Support.speak(
      synthesizer, "Turn left onto Mannerheimintie", language: "en")
    let stats = AudioStatistics(samples, format: synthesizer.format)
    #expect((1...4).contains(stats.duration), "\(stats.duration) s")
    #expect(stats.rmsDBFS > -35)
    #expect(stats.clippedSamples == 0)
  }

  @Test(
    "every phrasebook language speaks its 'turn left onto …' at a plausible length",
    arguments: Phrasebook.supportedLanguages)
  func everyLanguage(language: String) throws {
    let synthesizer = try Support.espeak()
    let phrases = try Phrasebook(language: language)
    let step = RouteStep(
      maneuver: Maneuver(
        kind: .turn, modifier: .left, location: .init(latitude: 60.17, longitude: 24.94)),
      name: "Mannerheimintie", distance: 100, duration: 10, geometry: [])
    let text = phrases.instruction(for: step)
    let (samples, _) = try Support.speak(synthesizer, text, language: language)
    let stats = AudioStatistics(samples, format: synthesizer.format)
    #expect((0.8...4).contains(stats.duration), "\(language) '\(text)': \(stats.duration) s")
    #expect(stats.rmsDBFS > -35, "\(language): RMS \(stats.rmsDBFS) dBFS")
    #expect(stats.clippedSamples == 0)
  }

  @Test("each language has a voice; zh uses Mandarin with pinyin, en-US the US voice")
  func voices() throws {
    let synthesizer = try Support.espeak()
    #expect(try synthesizer.voice(for: "zh").name == "cmn-latn-pinyin")
    #expect(try synthesizer.voice(for: "cmn").name == "cmn-latn-pinyin")
    #expect(try synthesizer.voice(for: "en").name == "en")
    #expect(try synthesizer.voice(for: "en-US").name == "en-us")
    #expect(try synthesizer.voice(for: "de_DE").name == "de")
    for language in Phrasebook.supportedLanguages {
      #expect(try synthesizer.voice(for: language).rate == EspeakSynthesizer.defaultRates[language])
    }
    let fixed = try Support.espeak(.init(rate: 160))
    #expect(try fixed.voice(for: "ru").rate == 160)
  }

  @Test("samples come in small chunks as they are made, the first long before the last")
  func chunking() throws {
    let synthesizer = try Support.espeak()
    let text =
      "Continue for twelve kilometres on Mannerheimintie, then keep left at the fork, and at "
      + "the end of the road turn right onto Pohjoisesplanadi."
    let clock = ContinuousClock()
    var times: [ContinuousClock.Instant] = []
    var sizes: [Int] = []
    try synthesizer.synthesize(text, language: "en") { chunk in
      times.append(clock.now)
      sizes.append(chunk.count)
      return true
    }
    // About 50 ms each (espeak-ng's buffer for the 40 ms asked: 1081 samples at 22050 Hz),
    // a shorter one at the end of each clause.
    #expect(sizes.count > 50)
    #expect(sizes.max() ?? 0 <= 1200)
    #expect((500...1200).contains(sizes.sorted()[sizes.count / 2]))
    #expect(sizes.first ?? 0 > 0)
    let first = try #require(times.first)
    let last = try #require(times.last)
    #expect(first < last)
  }

  @Test("chunk returning false stops synthesis at once; the next synthesis is whole")
  func stopping() throws {
    let synthesizer = try Support.espeak()
    let text = "At the roundabout, take the third exit onto Töölönlahdenkatu, then turn left."
    let (whole, _) = try Support.speak(synthesizer, text, language: "en")
    var received = 0
    var calls = 0
    try synthesizer.synthesize(text, language: "en") { chunk in
      received += chunk.count
      calls += 1
      return false
    }
    #expect(calls == 1)
    #expect(received < whole.count / 10)
    // espeak-ng carries some state from one utterance to the next (the same text varies
    // by some milliseconds), so "whole" means about as long.
    let (again, _) = try Support.speak(synthesizer, text, language: "en")
    #expect(abs(again.count - whole.count) < whole.count / 20, "\(again.count) vs \(whole.count)")
  }

  @Test("text is UTF-8: non-ASCII road names, Cyrillic and Chinese speak at their length")
  func utf8() throws {
    let synthesizer = try Support.espeak()
    func duration(_ text: String, _ language: String) throws -> Double {
      let (samples, _) = try Support.speak(synthesizer, text, language: language)
      let stats = AudioStatistics(samples, format: synthesizer.format)
      #expect(stats.rmsDBFS > -35, "'\(text)' in \(language) is silent")
      return stats.duration
    }
    // Read as Latin-1, "ö" would be two letters each ("Ã¶"): a much longer word.
    let umlauts = try duration("Töölönlahdenkatu", "de")
    let plain = try duration("Toolonlahdenkatu", "de")
    #expect(abs(umlauts - plain) < 0.35 * plain, "\(umlauts) s vs \(plain) s")
    // Two characters, two syllables; six Latin-1 bytes would take far longer.
    #expect((0.2...1.5).contains(try duration("左转", "zh")))
    #expect((0.3...2).contains(try duration("Поверните налево", "ru")))
  }

  @Test("a faster rate speaks the same text in less time")
  func rate() throws {
    let slow = try Support.espeak(.init(rate: 140))
    let fast = try Support.espeak(.init(rate: 280))
    let text = "Turn sharp right onto Pohjoisesplanadi"
    let slowCount = try Support.speak(slow, text, language: "en").samples.count
    let fastCount = try Support.speak(fast, text, language: "en").samples.count
    #expect(Double(fastCount) < 0.75 * Double(slowCount))
  }

  @Test("an unknown language is invalid and lists the languages")
  func unknownLanguage() throws {
    let synthesizer = try Support.espeak()
    #expect {
      try synthesizer.synthesize("hello", language: "xx") { _ in true }
    } throws: { error in
      let error = error as? AudioError
      return error?.code == .invalid
        && error?.message.contains("expected one of: de, en, es, it, ru, zh") == true
    }
  }

  @Test(
    "settings out of range are invalid",
    arguments: [
      EspeakSynthesizer.Settings(rate: 50), .init(rate: 500), .init(pitch: 101),
      .init(amplitude: -1), .init(rates: ["en": 79]), .init(rates: ["fr": 200]),
    ])
  func badSettings(settings: EspeakSynthesizer.Settings) {
    #expect {
      try EspeakSynthesizer(settings: settings)
    } throws: { error in
      (error as? AudioError)?.code == .invalid
    }
  }

  @Test("a data directory without espeak-ng data is unavailable, saying where it looked")
  func missingData() {
    #expect {
      try EspeakSynthesizer(dataPath: "/nonexistent/espeak")
    } throws: { error in
      let error = error as? AudioError
      return error?.code == .unavailable
        && error?.message.contains("espeak-ng data not found in /nonexistent/espeak") == true
    }
  }

  @Test("concurrent callers are serialized and each gets its own whole utterance")
  func concurrent() async throws {
    let synthesizer = try Support.espeak()
    let texts = ["Turn left", "Gire a la derecha", "Links abbiegen", "Поверните налево"]
    let languages = ["en", "es", "de", "ru"]
    let alone = try zip(texts, languages).map {
      try Support.speak(synthesizer, $0, language: $1).samples
    }
    let together = try await withThrowingTaskGroup(of: (Int, [Int16]).self) { group in
      for i in 0..<8 {
        group.addTask {
          let n = i % 4
          return (n, try Support.speak(synthesizer, texts[n], language: languages[n]).samples)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    // Interleaved utterances would come out longer, cut ones shorter; the same text varies
    // by some milliseconds with what espeak-ng said before.
    for (n, samples) in together {
      let tolerance = alone[n].count / 20 + 2205  // 5 % and 100 ms
      #expect(abs(samples.count - alone[n].count) < tolerance, "\(texts[n])")
    }
  }
}
