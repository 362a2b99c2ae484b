/// Somewhere prompts are played: an ALSA PCM, or a WAV file.
///
/// Used from one thread at a time (the prompt player's); implementations are `Sendable`
/// so that thread can own them.
public protocol AudioOutput: AnyObject, Sendable {
  /// Writes interleaved samples in `format`, opening the device first if needed. Blocks
  /// while the device buffer is full; returns once the samples are queued.
  func write(_ samples: [Int16], format: AudioFormat) throws(AudioError)
  /// Waits until everything written has been played.
  func drain() throws(AudioError)
  /// Discards what is queued but not yet played (a prompt was cut off).
  func discard()
  /// Releases the device (an idle output closes itself; this closes now).
  func close()
}
