import Audio
import Foundation
import Synchronization

/// Helpers for the speech tests.
enum SpeechTestSupport {
  /// The in-process espeak-ng voice with default settings.
  static func espeak(_ settings: EspeakSynthesizer.Settings = .init()) throws -> EspeakSynthesizer {
    try EspeakSynthesizer(settings: settings)
  }

  /// All the samples of `text`, and the chunks they came in.
  static func speak(
    _ synthesizer: any SpeechSynthesizer, _ text: String, language: String
  ) throws -> (samples: [Int16], chunks: Int) {
    var samples: [Int16] = []
    var chunks = 0
    try synthesizer.synthesize(text, language: language) { chunk in
      samples.append(contentsOf: chunk)
      chunks += 1
      return true
    }
    return (samples, chunks)
  }

  /// Seconds from the call to the first chunk.
  static func timeToFirstChunk(
    _ synthesizer: any SpeechSynthesizer, _ text: String, language: String
  ) throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    var first: ContinuousClock.Instant?
    try synthesizer.synthesize(text, language: language) { _ in
      if first == nil { first = clock.now }
      return true
    }
    return seconds(start.duration(to: first ?? clock.now))
  }

  static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  }
}

/// A test double: "speaks" each character of the text as 10 ms of a square wave,
/// in 40 ms chunks (320 samples), after an optional delay before the first one; counts its calls.
final class ToneSynthesizer: SpeechSynthesizer {
  let format = AudioFormat(sampleRate: 8000)
  let delay: Duration
  private let counter = Mutex(0)

  init(delay: Duration = .zero) { self.delay = delay }

  /// Calls to `synthesize` so far.
  var calls: Int { counter.withLock { $0 } }

  func samples(for text: String) -> [Int16] {
    var out: [Int16] = []
    for (i, scalar) in text.unicodeScalars.enumerated() {
      let level = Int16(truncatingIfNeeded: 1000 + Int(scalar.value % 5000) + i)
      for n in 0..<80 { out.append(n % 16 < 8 ? level : -level) }
    }
    return out
  }

  func synthesize(_ text: String, language: String, chunk: ([Int16]) -> Bool) throws(AudioError) {
    counter.withLock { $0 += 1 }
    guard language != "xx" else { throw AudioError(.invalid, "unknown language 'xx'") }
    if delay > .zero { Thread.sleep(forTimeInterval: SpeechTestSupport.seconds(delay)) }
    let all = samples(for: text)
    var start = 0
    while start < all.count {
      let end = min(all.count, start + 320)
      guard chunk(Array(all[start..<end])) else { return }
      start = end
    }
  }
}
