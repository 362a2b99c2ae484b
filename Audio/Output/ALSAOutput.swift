import Foundation
import POSIX

/// Prompts played on an ALSA PCM (`default`, `plughw:1,0`, a `dmix`, a softvol in
/// `/etc/asound.conf`), through a writer thread the output owns.
///
/// The PCM is opened by name on the first write, set up for interleaved S16_LE in the
/// samples' format with resampling allowed (so `plug`-based devices convert), with short
/// periods (see ``Configuration``), and closed again after ``Configuration/idleClose`` of
/// silence so other programs can use the device; the next write reopens it. Underruns are
/// recovered with `snd_pcm_recover`. A device that cannot be opened, or vanishes while
/// playing (a USB card pulled), is closed and reopened with backing-off delays; samples
/// written meanwhile are dropped (the prompt shows on screen only).
///
/// Each outage is reported once: the first `write` or `drain` after it throws (for a
/// missing device: "ALSA device 'hw:9' not available: No such file or directory — prompts
/// on screen only", code `.unavailable`); later ones return normally until the
/// device has worked again. Nothing traps, and alsa-lib's own stderr lines are silenced
/// (``ALSALibrary/quiet()``).
///
/// Threading: every `snd_pcm_*` call runs on the writer thread, started by `init` and
/// stopped by `deinit` (which waits for it to close the PCM). `write` returns once the
/// samples are queued for that thread; it blocks while more than
/// ``Configuration/queueLimit`` is queued, and, when the PCM is not open, until the
/// thread has tried to open it (a few milliseconds), so that a missing device is reported
/// by that very write. `write` and `drain` are for one thread at a time (the prompt
/// player's); `discard` and `close` may be called from any thread, also while another is
/// blocked in `write` or `drain`, which then return (a blocked write's samples dropped).
public final class ALSAOutput: AudioOutput {
  /// The PCM name.
  public let device: String
  public let configuration: Configuration
  private let core: Core

  /// What the caller and the writer thread share.
  final class Core: Sendable {
    let device: String
    let configuration: Configuration
    let state = Monitor(Shared())
    let wakeup: WakePipe

    init(device: String, configuration: Configuration, wakeup: WakePipe) {
      self.device = device
      self.configuration = configuration
      self.wakeup = wakeup
    }
  }

  /// Samples queued for the writer thread.
  struct Chunk {
    var samples: [Int16]
    var format: AudioFormat
    var sequence: Int
    var frames: Int { samples.count / format.channels }
  }

  /// The state behind ``Core/state``: the queue, requests as tickets (a caller takes the
  /// next number, the thread marks it done) and what the thread reports.
  struct Shared {
    var queue: [Chunk] = []
    var queuedFrames = 0
    var nextSequence = 0
    /// The thread has decided about every chunk up to this sequence number (played,
    /// opening it failed, or dropped).
    var handledSequence = -1
    var drainRequested = 0
    var drainDone = 0
    var discardRequested = 0
    var discardDone = 0
    var closeRequested = 0
    var closeDone = 0
    var stopRequested = false
    var stopped = false
    /// A failure not yet reported to the caller.
    var pendingError: AudioError?
    var setup: Setup?
    var counters = Counters()

    var isInterrupted: Bool {
      stopRequested || discardRequested > discardDone || closeRequested > closeDone
    }

    /// Empties the queue (a discard or a close), counting the frames as dropped.
    mutating func dropQueue() {
      counters.framesDropped += queuedFrames
      queue.removeAll()
      queuedFrames = 0
      handledSequence = nextSequence - 1
    }
  }

  /// Starts the writer thread for `device`; opens nothing yet.
  ///
  /// - Throws: `AudioError` `.failed` when the process is out of file descriptors.
  public init(device: String = "default", configuration: Configuration = Configuration())
    throws(AudioError)
  {
    ALSALibrary.quiet()
    self.device = device
    self.configuration = configuration
    let wakeup: WakePipe
    do {
      wakeup = try WakePipe()
    } catch {
      throw AudioError(
        .failed, "cannot create a pipe: \(error)", underlying: error.rawValue)
    }
    core = Core(device: device, configuration: configuration, wakeup: wakeup)
    let thread = Thread { [core] in
      var writer = Writer(core: core)
      writer.run()
    }
    thread.name = "ALSAOutput \(device)"
    thread.start()
  }

  deinit {
    core.state.update { $0.stopRequested = true }
    core.wakeup.signal()
    core.state.wait(until: \.stopped, then: { _ in })
  }

  /// What the device agreed to while it is open; `nil` while it is closed.
  public var setup: Setup? { core.state.read(\.setup) }

  /// What the writer thread has done so far.
  public var counters: Counters { core.state.read(\.counters) }

  /// Queues `samples` for the device, opening it first if needed. See the type's
  /// threading contract for when it blocks.
  ///
  /// - Throws: `AudioError` `.invalid` for a bad format or a sample count that is not a
  ///   whole number of frames; the first time after the device failed, that failure
  ///   (`.unavailable` when it could not be opened, `.failed` when it broke while
  ///   playing, `.invalid` when it cannot play the format), the samples then dropped.
  public func write(_ samples: [Int16], format: AudioFormat) throws(AudioError) {
    guard format.sampleRate > 0, format.channels > 0, samples.count % format.channels == 0
    else {
      throw AudioError(
        .invalid,
        "cannot play \(samples.count) samples as \(format.channels) channels at "
          + "\(format.sampleRate) Hz")
    }
    guard !samples.isEmpty else { return }
    let limit = max(1, format.sampleRate * Int(configuration.queueLimit / .milliseconds(1)) / 1000)
    let discards = core.state.read(\.discardRequested)
    let queued: (sequence: Int, confirm: Bool)? = try core.state.wait(
      until: { $0.queuedFrames < limit || $0.discardRequested != discards || $0.stopped },
      then: { state throws(AudioError) in
        try Self.takePendingError(&state)
        // Cut off while waiting for room: these samples belong to the dropped prompt.
        guard state.discardRequested == discards, !state.stopped else { return nil }
        let chunk = Chunk(samples: samples, format: format, sequence: state.nextSequence)
        state.nextSequence += 1
        state.queue.append(chunk)
        state.queuedFrames += chunk.frames
        return (chunk.sequence, state.setup == nil)
      })
    guard let queued else { return }
    core.wakeup.signal()
    guard queued.confirm else { return }
    try core.state.wait(
      until: { $0.handledSequence >= queued.sequence || $0.stopped },
      then: Self.takePendingError)
  }

  /// Blocks until everything written has been played (about the queued audio plus one
  /// device buffer), or until a `discard` or `close` from another thread.
  ///
  /// - Throws: `AudioError`: a failure of the device since the last report (see `write`).
  public func drain() throws(AudioError) {
    let ticket = core.state.update { state in
      state.drainRequested += 1
      return state.drainRequested
    }
    core.wakeup.signal()
    try core.state.wait(
      until: { $0.drainDone >= ticket || $0.stopped }, then: Self.takePendingError)
  }

  /// Stops playback at once: drops what is queued and what is in the device buffer
  /// (`snd_pcm_drop`, then `snd_pcm_prepare`). Returns when the device has stopped,
  /// within milliseconds. The PCM stays open for the next prompt.
  public func discard() {
    request(\.discardRequested, done: \.discardDone)
  }

  /// Drops what is queued and closes the PCM now (call `drain` first to hear the end).
  /// The next `write` opens it again.
  public func close() {
    request(\.closeRequested, done: \.closeDone)
  }

  private func request(
    _ requested: WritableKeyPath<Shared, Int>, done: KeyPath<Shared, Int>
  ) {
    let ticket = core.state.update { state in
      state.dropQueue()
      state[keyPath: requested] += 1
      return state[keyPath: requested]
    }
    core.wakeup.signal()
    core.state.wait(until: { $0[keyPath: done] >= ticket || $0.stopped }, then: { _ in })
  }

  /// Throws the failure not yet reported, once.
  private static func takePendingError(_ state: inout Shared) throws(AudioError) {
    if let error = state.pendingError {
      state.pendingError = nil
      throw error
    }
  }
}
