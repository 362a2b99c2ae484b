/// Turns text into speech samples.
public protocol SpeechSynthesizer: Sendable {
  /// The format of the samples `synthesize` produces.
  var format: AudioFormat { get }

  /// Synthesizes `text` in `language` (a phrasebook code: de, en, es, it, ru, zh), passing
  /// the samples to `chunk` as they are produced, the first ones as early as possible.
  /// `chunk` returns false to stop synthesis early (the prompt was cut off).
  ///
  /// Blocks the calling thread until done or stopped.
  func synthesize(_ text: String, language: String, chunk: ([Int16]) -> Bool)
    throws(AudioError)
}
