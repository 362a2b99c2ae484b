import Audio
import Foundation
import Testing

@Suite("Speech cache")
struct SpeechCacheTests {
  typealias Support = SpeechTestSupport

  @Test("a cached phrase replays the very samples the synthesizer made")
  func identical() throws {
    let espeak = try Support.espeak()
    let cache = CachedSynthesizer(espeak)
    let text = "Turn left onto Töölönlahdenkatu"
    let first = try Support.speak(cache, text, language: "en")
    #expect(cache.contains(text, language: "en"))
    let second = try Support.speak(cache, text, language: "en")
    // Compared outside #expect: a failure would print every sample.
    let identical = first.samples == second.samples
    #expect(identical, "\(first.samples.count) samples, then \(second.samples.count)")
    #expect(first.samples.count > 22_050)
    #expect(second.chunks > 1)
    #expect(cache.usage.hits == 1)
    #expect(cache.usage.misses == 1)
    #expect(cache.format == espeak.format)
    // A deterministic synthesizer shows the cache adds and loses nothing.
    let tone = ToneSynthesizer()
    let toneCache = CachedSynthesizer(tone)
    _ = try Support.speak(toneCache, text, language: "en")
    let replayed =
      try Support.speak(toneCache, text, language: "en").samples == tone.samples(for: text)
    #expect(replayed)
    #expect(tone.calls == 1)
  }

  @Test("a prepared phrase's first chunk comes sooner than espeak-ng's")
  func fasterFirstChunk() throws {
    let espeak = try Support.espeak()
    let cache = CachedSynthesizer(espeak)
    let text = "Enter the roundabout and take the second exit onto Mannerheimintie"
    var live: [Double] = []
    var cached: [Double] = []
    for _ in 0..<5 {
      cache.removeAll()
      live.append(try Support.timeToFirstChunk(cache, text, language: "en"))
      try cache.prepare([text], language: "en")
      cached.append(try Support.timeToFirstChunk(cache, text, language: "en"))
    }
    #expect(cached.min()! < live.min()!, "cached \(cached), live \(live)")
  }

  @Test("with a slow synthesizer, prepare moves the wait ahead of the prompt")
  func prepareAhead() throws {
    let slow = ToneSynthesizer(delay: .milliseconds(100))
    let cache = CachedSynthesizer(slow)
    try cache.prepare(["Turn left", "Turn right", "Turn left"], language: "en")
    #expect(slow.calls == 2)
    let wait = try Support.timeToFirstChunk(cache, "Turn right", language: "en")
    #expect(wait < 0.05)
    #expect(slow.calls == 2)
    #expect(
      try Support.speak(cache, "Turn left", language: "en").samples
        == slow.samples(for: "Turn left"))
  }

  @Test("the same text in another language is another phrase")
  func keyedByLanguage() throws {
    let tone = ToneSynthesizer()
    let cache = CachedSynthesizer(tone)
    _ = try Support.speak(cache, "Mannerheimintie", language: "en")
    _ = try Support.speak(cache, "Mannerheimintie", language: "de")
    #expect(tone.calls == 2)
    #expect(cache.usage.phrases == 2)
  }

  @Test("bounded: the least recently used phrase goes first")
  func leastRecentlyUsed() throws {
    let tone = ToneSynthesizer()
    // 10 characters = 100 ms each; room for three.
    let cache = CachedSynthesizer(tone, capacity: .milliseconds(350))
    let a = "aaaaaaaaaa"
    let b = "bbbbbbbbbb"
    let c = "cccccccccc"
    let d = "dddddddddd"
    try cache.prepare([a, b, c], language: "en")
    _ = try Support.speak(cache, a, language: "en")  // a is now the most recent
    try cache.prepare([d], language: "en")  // evicts b
    #expect(cache.contains(a, language: "en"))
    #expect(!cache.contains(b, language: "en"))
    #expect(cache.contains(c, language: "en"))
    #expect(cache.contains(d, language: "en"))
    #expect(cache.usage.frames <= cache.capacityFrames)
    #expect(cache.usage.frames == 2400)
    // Longer than the whole cache: spoken, never kept.
    _ = try Support.speak(cache, String(repeating: "e", count: 40), language: "en")
    #expect(cache.usage.phrases == 3)
  }

  @Test("a phrase cut off by its listener is not kept; stopping works on a replay too")
  func stoppedNotKept() throws {
    let tone = ToneSynthesizer()
    let cache = CachedSynthesizer(tone)
    var chunks = 0
    try cache.synthesize("Make a U-turn", language: "en") { _ in
      chunks += 1
      return false
    }
    #expect(chunks == 1)
    #expect(!cache.contains("Make a U-turn", language: "en"))
    try cache.prepare(["Make a U-turn"], language: "en")
    chunks = 0
    try cache.synthesize("Make a U-turn", language: "en") { _ in
      chunks += 1
      return chunks < 2
    }
    #expect(chunks == 2)
  }

  @Test("errors pass through and nothing is kept")
  func errors() {
    let cache = CachedSynthesizer(ToneSynthesizer())
    #expect(throws: AudioError.self) {
      try cache.prepare(["hello"], language: "xx")
    }
    #expect(cache.usage.phrases == 0)
  }
}
