import CALSA
import Glibc

/// An open ALSA playback PCM (`snd_pcm_t *`) in non-blocking mode, set up for interleaved
/// S16_LE in one format; closed in `deinit`.
///
/// Threading: not for concurrent use. ``ALSAOutput``'s writer thread creates, uses and
/// releases it; it never leaves that thread (so it is not `Sendable`).
final class PCMHandle {
  /// What the device agreed to.
  let setup: ALSAOutput.Setup
  private let pcm: OpaquePointer

  /// Opens `device` and sets it up for `format` with periods of about `periodTime`,
  /// `periods` of them in the buffer; playback starts once one period is queued.
  ///
  /// Resampling is allowed, so a `plug` (or `default`) device converts any rate; a bare
  /// `hw:` device must support `format` itself. The corresponding C functions are
  /// `snd_pcm_open`, `snd_pcm_hw_params` and `snd_pcm_sw_params`.
  ///
  /// - Throws: `AudioError` `.unavailable` when the PCM cannot be opened (unknown name,
  ///   no such card, busy), `.invalid` when it cannot play `format`.
  init(
    device: String, format: AudioFormat, periodTime: Duration, periods: Int
  ) throws(AudioError) {
    let clock = ContinuousClock()
    let start = clock.now
    var handle: OpaquePointer?
    let opened = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
    guard opened >= 0, let handle else {
      throw AudioError(
        .unavailable,
        "ALSA device '\(device)' not available: \(ALSALibrary.describe(opened))",
        underlying: -opened)
    }
    // From here `deinit` does not run if `init` throws, so close by hand.
    do throws(AudioError) {
      let sizes = try Self.configure(
        handle, device: device, format: format, periodTime: periodTime, periods: periods)
      pcm = handle
      setup = ALSAOutput.Setup(
        device: device, format: format, periodFrames: sizes.period, bufferFrames: sizes.buffer,
        openDuration: start.duration(to: clock.now))
    } catch {
      snd_pcm_close(handle)
      throw error
    }
  }

  deinit {
    // snd_pcm_close drops what is still queued; a file PCM writes out its buffer and
    // patches its WAV header here.
    snd_pcm_close(pcm)
  }

  private static func configure(
    _ pcm: OpaquePointer, device: String, format: AudioFormat, periodTime: Duration,
    periods: Int
  ) throws(AudioError) -> (period: Int, buffer: Int) {
    func check(_ result: Int32, _ step: String) throws(AudioError) {
      guard result < 0 else { return }
      throw AudioError(
        .invalid,
        "ALSA device '\(device)' cannot play \(format.sampleRate) Hz, \(format.channels) "
          + "channel S16_LE: \(ALSALibrary.describe(result)) (\(step))",
        underlying: -result)
    }
    guard format.sampleRate > 0, format.channels > 0 else {
      throw AudioError(
        .invalid, "cannot play \(format.sampleRate) Hz with \(format.channels) channels")
    }

    var hw: OpaquePointer?
    try check(snd_pcm_hw_params_malloc(&hw), "snd_pcm_hw_params_malloc")
    defer { snd_pcm_hw_params_free(hw) }
    try check(snd_pcm_hw_params_any(pcm, hw), "snd_pcm_hw_params_any")
    try check(snd_pcm_hw_params_set_rate_resample(pcm, hw, 1), "rate_resample")
    try check(
      snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "set_access")
    try check(snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE), "set_format")
    try check(snd_pcm_hw_params_set_channels(pcm, hw, UInt32(format.channels)), "set_channels")
    var rate = UInt32(format.sampleRate)
    try check(snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, nil), "set_rate_near")
    guard rate == UInt32(format.sampleRate) else {
      throw AudioError(
        .invalid,
        "ALSA device '\(device)' plays at \(rate) Hz, not \(format.sampleRate) Hz; "
          + "use a device that converts (plughw:, default)")
    }
    var periodMicroseconds = UInt32(max(1, periodTime / .microseconds(1)))
    var direction: Int32 = 0
    try check(
      snd_pcm_hw_params_set_period_time_near(pcm, hw, &periodMicroseconds, &direction),
      "set_period_time_near")
    var bufferMicroseconds = periodMicroseconds * UInt32(max(2, periods))
    try check(
      snd_pcm_hw_params_set_buffer_time_near(pcm, hw, &bufferMicroseconds, &direction),
      "set_buffer_time_near")
    try check(snd_pcm_hw_params(pcm, hw), "snd_pcm_hw_params")

    var period: snd_pcm_uframes_t = 0
    var buffer: snd_pcm_uframes_t = 0
    try check(snd_pcm_hw_params_get_period_size(hw, &period, &direction), "get_period_size")
    try check(snd_pcm_hw_params_get_buffer_size(hw, &buffer), "get_buffer_size")

    var sw: OpaquePointer?
    try check(snd_pcm_sw_params_malloc(&sw), "snd_pcm_sw_params_malloc")
    defer { snd_pcm_sw_params_free(sw) }
    try check(snd_pcm_sw_params_current(pcm, sw), "snd_pcm_sw_params_current")
    // Start as soon as one period is queued (the default waits for a full buffer), and
    // wake the writer whenever a period is free.
    try check(snd_pcm_sw_params_set_start_threshold(pcm, sw, period), "set_start_threshold")
    try check(snd_pcm_sw_params_set_avail_min(pcm, sw, period), "set_avail_min")
    try check(snd_pcm_sw_params(pcm, sw), "snd_pcm_sw_params")
    return (Int(period), Int(buffer))
  }

  /// Queues as many of `samples`' frames (from frame `offset`) as fit now.
  ///
  /// The corresponding C function is `snd_pcm_writei`.
  ///
  /// - Returns: frames queued (0 or more), or a negative errno (`-EAGAIN` when the buffer
  ///   is full, `-EPIPE` after an underrun, `-ENODEV` when the device is gone).
  func write(_ samples: [Int16], fromFrame offset: Int) -> Int {
    let channels = setup.format.channels
    let frames = samples.count / channels - offset
    guard frames > 0 else { return 0 }
    return samples.withUnsafeBufferPointer { buffer in
      snd_pcm_writei(pcm, buffer.baseAddress! + offset * channels, snd_pcm_uframes_t(frames))
    }
  }

  /// Recovers from an underrun (`-EPIPE`), a suspend (`-ESTRPIPE`, which waits for the
  /// resume) or an interrupted call, quietly.
  ///
  /// The corresponding C function is `snd_pcm_recover`.
  ///
  /// - Returns: 0, or the negative errno when `error` is none of those (device gone).
  func recover(from error: Int32) -> Int32 {
    snd_pcm_recover(pcm, error, 1)
  }

  /// Stops at once, dropping what is queued, and prepares for the next write.
  ///
  /// The corresponding C functions are `snd_pcm_drop` and `snd_pcm_prepare`.
  ///
  /// - Returns: 0 or a negative errno (the device is gone).
  func dropAndPrepare() -> Int32 {
    let dropped = snd_pcm_drop(pcm)
    if dropped < 0 { return dropped }
    return snd_pcm_prepare(pcm)
  }

  /// How far playback of what was written has got.
  enum Progress: Equatable {
    /// Everything written has been played (or nothing was written).
    case done
    /// About `frames` frames are still to play.
    case playing(frames: Int)
    /// The device failed (negative errno).
    case failed(Int32)
  }

  /// Where playback stands; starts a stream whose queued frames never reached the start
  /// threshold (a prompt shorter than a period), so they play too.
  ///
  /// The corresponding C functions are `snd_pcm_state`, `snd_pcm_avail_update` and
  /// `snd_pcm_start`.
  func progress() -> Progress {
    let avail = snd_pcm_avail_update(pcm)
    if avail < 0 {
      return avail == -Int(EPIPE) ? .done : .failed(Int32(truncatingIfNeeded: avail))
    }
    let pending = setup.bufferFrames - avail
    if pending <= 0 { return .done }
    switch snd_pcm_state(pcm) {
    case SND_PCM_STATE_PREPARED:
      let started = snd_pcm_start(pcm)
      return started < 0 ? .failed(started) : .playing(frames: pending)
    case SND_PCM_STATE_RUNNING, SND_PCM_STATE_DRAINING:
      return .playing(frames: pending)
    case SND_PCM_STATE_DISCONNECTED:
      return .failed(-ENODEV)
    default:
      return .done
    }
  }

  /// The PCM's poll descriptors, to wait for room in the buffer.
  ///
  /// The corresponding C function is `snd_pcm_poll_descriptors`.
  func pollDescriptors() -> [pollfd] {
    let count = snd_pcm_poll_descriptors_count(pcm)
    guard count > 0 else { return [] }
    var fds = [pollfd](repeating: pollfd(), count: Int(count))
    let filled = snd_pcm_poll_descriptors(pcm, &fds, UInt32(count))
    return Array(fds.prefix(Int(max(0, filled))))
  }

  /// Whether the events `poll` left in `fds` mean the PCM can take frames or has failed
  /// (rather than a plugin's internal wake-up).
  ///
  /// The corresponding C function is `snd_pcm_poll_descriptors_revents`.
  func isReady(after fds: [pollfd]) -> Bool {
    guard !fds.isEmpty else { return true }
    var fds = fds
    var events: UInt16 = 0
    guard snd_pcm_poll_descriptors_revents(pcm, &fds, UInt32(fds.count), &events) >= 0 else {
      return true
    }
    return events & UInt16(POLLOUT | POLLERR | POLLHUP | POLLNVAL) != 0
  }
}
