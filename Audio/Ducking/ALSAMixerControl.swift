import CALSA
import Synchronization

/// A playback volume of an ALSA simple mixer element, e.g. a `softvol` control named
/// `Music` that the music player's PCM goes through, or a card's `PCM`/`Master`.
///
/// Owns its `snd_mixer_t`, opened and loaded by `init` and closed in `deinit`. Levels are
/// percent of the element's raw range; reading takes the loudest channel, setting sets
/// all channels.
///
/// Threading: any thread; calls are serialized by a lock. Each is a few non-blocking
/// ioctls on the card's control device, so it runs on the caller's thread.
public final class ALSAMixerControl: VolumeControl {
  /// The mixer device (`default`, `hw:0`, `hw:CARD=Headphones`).
  public let card: String
  /// The simple element's name and index.
  public let element: String
  public let index: Int
  /// The element's raw playback range.
  public let range: ClosedRange<Int>
  private let mixer: Mutex<Handle>

  /// The open mixer and its element (a pointer the mixer owns).
  struct Handle: @unchecked Sendable {
    // @unchecked Sendable: alsa-lib's mixer is not thread-safe, but these pointers are
    // only used inside `mixer.withLock` (and in `deinit`), so by one thread at a time.
    var mixer: OpaquePointer
    var element: OpaquePointer
  }

  /// Opens mixer `card` and finds element `element`,`index` with a playback volume.
  ///
  /// The corresponding C functions are `snd_mixer_open`, `snd_mixer_attach`,
  /// `snd_mixer_selem_register`, `snd_mixer_load` and `snd_mixer_find_selem`.
  ///
  /// - Throws: `AudioError` `.unavailable` when there is no such card, no such element
  ///   (the message lists the card's volume elements) or it has no playback volume.
  public init(card: String = "default", element: String = "Music", index: Int = 0)
    throws(AudioError)
  {
    ALSALibrary.quiet()
    self.card = card
    self.element = element
    self.index = index
    var handle: OpaquePointer?
    var result = snd_mixer_open(&handle, 0)
    guard result >= 0, let mixer = handle else {
      throw AudioError(
        .failed, "cannot create an ALSA mixer: \(ALSALibrary.describe(result))",
        underlying: -result)
    }
    // `deinit` does not run when `init` throws, so close by hand until the end.
    var closeMixer = true
    defer { if closeMixer { snd_mixer_close(mixer) } }
    result = snd_mixer_attach(mixer, card)
    if result >= 0 { result = snd_mixer_selem_register(mixer, nil, nil) }
    if result >= 0 { result = snd_mixer_load(mixer) }
    guard result >= 0 else {
      throw AudioError(
        .unavailable,
        "ALSA mixer '\(card)' not available: \(ALSALibrary.describe(result)) — the music "
          + "will not be lowered during prompts",
        underlying: -result)
    }
    var id: OpaquePointer?
    guard snd_mixer_selem_id_malloc(&id) >= 0, let id else {
      throw AudioError(.failed, "cannot allocate an ALSA mixer element id")
    }
    defer { snd_mixer_selem_id_free(id) }
    snd_mixer_selem_id_set_name(id, element)
    snd_mixer_selem_id_set_index(id, UInt32(max(0, index)))
    guard let found = snd_mixer_find_selem(mixer, id),
      snd_mixer_selem_has_playback_volume(found) != 0
    else {
      let names = Self.volumeElements(of: mixer)
      throw AudioError(
        .unavailable,
        "ALSA mixer '\(card)' has no playback volume '\(element)',\(index); it has: "
          + (names.isEmpty ? "none" : names.joined(separator: ", ")))
    }
    var low = 0
    var high = 0
    result = snd_mixer_selem_get_playback_volume_range(found, &low, &high)
    guard result >= 0, high > low else {
      throw AudioError(
        .unavailable, "ALSA mixer '\(card)' element '\(element)' has no usable volume range",
        underlying: result < 0 ? -result : nil)
    }
    range = low...high
    closeMixer = false
    self.mixer = Mutex(Handle(mixer: mixer, element: found))
  }

  deinit {
    mixer.withLock { _ = snd_mixer_close($0.mixer) }
  }

  /// The names of `mixer`'s elements that have a playback volume, as `name,index`.
  private static func volumeElements(of mixer: OpaquePointer) -> [String] {
    var names: [String] = []
    var element = snd_mixer_first_elem(mixer)
    while let current = element {
      if snd_mixer_selem_has_playback_volume(current) != 0,
        let name = snd_mixer_selem_get_name(current)
      {
        names.append("\(String(cString: name)),\(snd_mixer_selem_get_index(current))")
      }
      element = snd_mixer_elem_next(current)
    }
    return names
  }

  /// The loudest channel's level.
  ///
  /// The corresponding C functions are `snd_mixer_handle_events` and
  /// `snd_mixer_selem_get_playback_volume`.
  public func volume() throws(AudioError) -> Int {
    let range = range
    return try mixer.withLock { handle throws(AudioError) in
      // Picks up changes made by others (alsamixer, the music player) since the last call.
      let events = snd_mixer_handle_events(handle.mixer)
      guard events >= 0 else { throw failure("reading", events) }
      var loudest: Int?
      for channel in SND_MIXER_SCHN_FRONT_LEFT.rawValue...SND_MIXER_SCHN_LAST.rawValue {
        let channel = snd_mixer_selem_channel_id_t(channel)
        guard snd_mixer_selem_has_playback_channel(handle.element, channel) != 0 else {
          continue
        }
        var value = 0
        let result = snd_mixer_selem_get_playback_volume(handle.element, channel, &value)
        guard result >= 0 else { throw failure("reading", result) }
        loudest = max(loudest ?? value, value)
      }
      guard let loudest else { throw failure("reading", -ENOENT) }
      let span = Double(range.upperBound - range.lowerBound)
      return Int((Double(loudest - range.lowerBound) * 100 / span).rounded())
    }
  }

  /// Sets all channels to `percent` of the range.
  ///
  /// The corresponding C function is `snd_mixer_selem_set_playback_volume_all`.
  public func setVolume(_ percent: Int) throws(AudioError) {
    let percent = min(100, max(0, percent))
    let span = Double(range.upperBound - range.lowerBound)
    let value = range.lowerBound + Int((Double(percent) * span / 100).rounded())
    try mixer.withLock { handle throws(AudioError) in
      let result = snd_mixer_selem_set_playback_volume_all(handle.element, value)
      guard result >= 0 else { throw failure("setting", result) }
    }
  }

  private func failure(_ doing: String, _ result: Int32) -> AudioError {
    AudioError(
      .failed,
      "\(doing) ALSA mixer '\(card)' element '\(element)' failed: "
        + ALSALibrary.describe(result),
      underlying: -result)
  }
}
