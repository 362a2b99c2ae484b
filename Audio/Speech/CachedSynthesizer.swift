import Synchronization

/// A synthesizer that remembers what it said: a phrase synthesized before (or
/// `prepare`d ahead, such as the next maneuver's prompts) is replayed from memory, so its
/// first chunk is immediate.
///
/// Holds at most `capacity` of audio, dropping the least recently used phrases first.
/// Phrases are keyed by text and language exactly as given. A synthesis that was stopped
/// early is not kept.
///
/// Threading: any thread. The cache lock is held only to look up and store, never while
/// the base synthesizer runs, so a miss blocks only its own caller.
public final class CachedSynthesizer: SpeechSynthesizer {
  public let base: any SpeechSynthesizer
  /// Most audio kept, in frames of `format`.
  public let capacityFrames: Int

  private struct Key: Hashable {
    var text: String
    var language: String
  }

  private struct Entry {
    var samples: [Int16]
    var lastUse: UInt64
  }

  private struct Cache {
    var entries: [Key: Entry] = [:]
    var samples = 0
    var clock: UInt64 = 0
    var hits = 0
    var misses = 0
  }

  private let cache = Mutex(Cache())

  /// - Parameter capacity: the most audio to keep (default 2 minutes: about 5 MB at
  ///   22050 Hz, some 50 prompts).
  public init(_ base: any SpeechSynthesizer, capacity: Duration = .seconds(120)) {
    self.base = base
    let seconds =
      Double(capacity.components.seconds) + Double(capacity.components.attoseconds) * 1e-18
    capacityFrames = max(0, Int(seconds * Double(base.format.sampleRate)))
  }

  public var format: AudioFormat { base.format }

  /// Samples per chunk when replaying from memory: 50 ms, as espeak-ng produces them, so
  /// a listener that stops a prompt stops it as promptly as live synthesis would.
  var replayChunk: Int { max(1, base.format.sampleRate / 20) * max(1, base.format.channels) }

  /// Synthesizes the phrases not cached yet, and keeps them. Blocks while it does.
  ///
  /// - Throws: the base synthesizer's error for the first phrase that fails (the ones
  ///   before it stay cached).
  public func prepare(_ texts: [String], language: String) throws(AudioError) {
    for text in texts where !contains(text, language: language) {
      var samples: [Int16] = []
      try base.synthesize(text, language: language) { chunk in
        samples.append(contentsOf: chunk)
        return true
      }
      store(samples, for: Key(text: text, language: language))
    }
  }

  /// Plays `text` from memory when cached, else synthesizes it through the base
  /// synthesizer, passing its chunks on, and keeps the result if it ran to the end.
  public func synthesize(_ text: String, language: String, chunk: ([Int16]) -> Bool)
    throws(AudioError)
  {
    let key = Key(text: text, language: language)
    if let samples = lookUp(key) {
      var start = 0
      while start < samples.count {
        let end = min(samples.count, start + replayChunk)
        guard chunk(Array(samples[start..<end])) else { return }
        start = end
      }
      return
    }
    var samples: [Int16] = []
    var complete = true
    try base.synthesize(text, language: language) { part in
      samples.append(contentsOf: part)
      complete = chunk(part)
      return complete
    }
    if complete { store(samples, for: key) }
  }

  /// Whether `text` in `language` is cached (does not count as a use).
  public func contains(_ text: String, language: String) -> Bool {
    cache.withLock { $0.entries[Key(text: text, language: language)] != nil }
  }

  /// Phrases cached, frames held, and lookups that hit and missed.
  public var usage: (phrases: Int, frames: Int, hits: Int, misses: Int) {
    cache.withLock { cache in
      let channels = max(1, base.format.channels)
      return (cache.entries.count, cache.samples / channels, cache.hits, cache.misses)
    }
  }

  /// Forgets everything.
  public func removeAll() {
    cache.withLock { cache in
      cache.entries = [:]
      cache.samples = 0
    }
  }

  private func lookUp(_ key: Key) -> [Int16]? {
    cache.withLock { cache in
      guard var entry = cache.entries[key] else {
        cache.misses += 1
        return nil
      }
      cache.clock += 1
      entry.lastUse = cache.clock
      cache.entries[key] = entry
      cache.hits += 1
      return entry.samples
    }
  }

  private func store(_ samples: [Int16], for key: Key) {
    let capacity = capacityFrames * max(1, base.format.channels)
    guard samples.count <= capacity else { return }
    cache.withLock { cache in
      cache.clock += 1
      if let old = cache.entries.updateValue(
        Entry(samples: samples, lastUse: cache.clock), forKey: key)
      {
        cache.samples -= old.samples.count
      }
      cache.samples += samples.count
      while cache.samples > capacity,
        let oldest = cache.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        cache.samples -= oldest.value.samples.count
        cache.entries[oldest.key] = nil
      }
    }
  }
}
