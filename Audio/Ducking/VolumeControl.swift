/// A playback volume the head unit lowers while a prompt plays: the music's mixer
/// control. Levels are percent of the control's own range, 0 (its minimum) to 100.
///
/// Implementations: ``ALSAMixerControl`` (an ALSA simple mixer element) and, in the
/// tests, a recording fake. Every call may fail (the card went away).
public protocol VolumeControl: Sendable {
  /// The current level, 0...100. Reads the device each time (someone else may have
  /// changed it). Blocks only briefly.
  func volume() throws(AudioError) -> Int

  /// Sets every channel to `percent`, clamped to 0...100. Blocks only briefly.
  func setVolume(_ percent: Int) throws(AudioError)
}
