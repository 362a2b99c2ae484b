import Glibc
import POSIX

extension ALSAOutput {
  /// The writer thread: owns the PCM and makes every `snd_pcm_*` call.
  ///
  /// Each pass of its loop answers the callers' requests first (stop, discard, close),
  /// then writes the chunk in hand (non-blocking `snd_pcm_writei`, waiting in `poll` on
  /// the PCM and the wake-up pipe together while the buffer is full, so a discard is
  /// seen at once), then plays out for a drain, and otherwise waits: until the idle
  /// deadline when the PCM is open, else until woken.
  struct Writer {
    let core: Core
    private var pcm: PCMHandle?
    private var device: ALSADeviceState
    /// The chunk being written and how many of its frames are written.
    private var current: Chunk?
    private var offset = 0
    private let clock = ContinuousClock()

    init(core: Core) {
      self.core = core
      let configuration = core.configuration
      device = ALSADeviceState(
        idleClose: configuration.idleClose,
        retry: .init(initial: configuration.retryInitial, maximum: configuration.retryMaximum))
    }

    /// Runs until the output is deinitialized, then closes the PCM.
    mutating func run() {
      while step() {}
      pcm = nil
      core.state.update { state in
        state.setup = nil
        state.stopped = true
      }
    }

    /// One pass of the loop; false to stop.
    private mutating func step() -> Bool {
      // Emptied before the state is read, so a request made after the read wakes the wait
      // at the end of this pass.
      core.wakeup.clear()
      let requests = core.state.read { state in
        (
          stop: state.stopRequested,
          discard: state.discardRequested > state.discardDone ? state.discardRequested : nil,
          close: state.closeRequested > state.closeDone ? state.closeRequested : nil,
          drain: state.drainRequested > state.drainDone ? state.drainRequested : nil
        )
      }
      if requests.stop { return false }
      if let ticket = requests.discard {
        dropCurrent()
        if let pcm {
          let result = pcm.dropAndPrepare()
          if result < 0 { fail(result) } else { device.played(at: clock.now) }
        }
        core.state.update { $0.discardDone = ticket }
        return true
      }
      if let ticket = requests.close {
        dropCurrent()
        closePCM()
        core.state.update { $0.closeDone = ticket }
        return true
      }
      if current == nil, let chunk = takeChunk() {
        start(chunk)
        return true
      }
      if current != nil {
        writeSome()
        return true
      }
      if let ticket = requests.drain {
        if playOut() {
          core.state.update { $0.drainDone = ticket }
        }
        return true
      }
      if pcm != nil, device.isIdle(at: clock.now) {
        closePCM()
        core.state.update { $0.counters.idleCloses += 1 }
        return true
      }
      var none: [pollfd] = []
      let deadline = pcm == nil ? nil : device.idleDeadline
      core.wakeup.wait(for: &none, timeout: deadline.map { clock.now.duration(to: $0) })
      return true
    }

    private func takeChunk() -> Chunk? {
      core.state.update { state in
        guard !state.queue.isEmpty else { return nil }
        let chunk = state.queue.removeFirst()
        state.queuedFrames -= chunk.frames
        return chunk
      }
    }

    /// Opens (or reopens, for a new format) the PCM for `chunk`, or drops it.
    private mutating func start(_ chunk: Chunk) {
      defer {
        core.state.update { state in
          state.handledSequence = max(state.handledSequence, chunk.sequence)
        }
      }
      if let pcm, pcm.setup.format != chunk.format {
        // Another format: the previous prompt plays to its end first.
        guard playOut() else {
          core.state.update { $0.counters.framesDropped += chunk.frames }
          return
        }
        closePCM()
      }
      switch device.samplesWaiting(at: clock.now) {
      case .drop:
        core.state.update { $0.counters.framesDropped += chunk.frames }
        return
      case .open:
        guard open(chunk.format) else {
          core.state.update { $0.counters.framesDropped += chunk.frames }
          return
        }
      case .write:
        if pcm == nil {
          guard open(chunk.format) else { return }
        }
      }
      current = chunk
      offset = 0
    }

    private mutating func open(_ format: AudioFormat) -> Bool {
      do {
        let handle = try PCMHandle(
          device: core.device, format: format, periodTime: core.configuration.periodTime,
          periods: core.configuration.periods)
        pcm = handle
        device.opened(at: clock.now)
        core.state.update { state in
          state.setup = handle.setup
          state.counters.opens += 1
        }
        return true
      } catch {
        report(error)
        return false
      }
    }

    /// Closes the PCM (the file plugin writes out its buffer and WAV header here).
    private mutating func closePCM() {
      guard pcm != nil else { return }
      pcm = nil
      device.closed()
      core.state.update { $0.setup = nil }
    }

    private mutating func dropCurrent() {
      guard let chunk = current else { return }
      let left = chunk.frames - offset
      current = nil
      core.state.update { $0.counters.framesDropped += left }
    }

    /// Writes what fits of the current chunk, or waits for room.
    private mutating func writeSome() {
      guard let pcm, let chunk = current else { return }
      let result = pcm.write(chunk.samples, fromFrame: offset)
      if result > 0 {
        offset += result
        core.state.update { $0.counters.framesWritten += result }
        if offset >= chunk.frames {
          current = nil
          device.played(at: clock.now)
        }
        return
      }
      switch Int32(truncatingIfNeeded: -result) {
      case 0, EAGAIN:
        var fds = pcm.pollDescriptors()
        let signalled = core.wakeup.wait(for: &fds, timeout: pcm.setup.bufferTime)
        // A plugin's internal wake-up is not room in the buffer: wait once more.
        if !signalled, !pcm.isReady(after: fds) {
          core.wakeup.wait(for: &fds, timeout: pcm.setup.periodTime)
        }
      // A negative error code from ALSA, not `errno`: `snd_pcm_recover` is ALSA's own
      // recovery for an interrupted write, so this is no `retryingInterrupts` case.
      case EPIPE, ESTRPIPE, EINTR:
        let recovered = pcm.recover(from: Int32(truncatingIfNeeded: result))
        if recovered < 0 {
          fail(recovered)
        } else if result == -Int(EPIPE) {
          core.state.update { $0.counters.underruns += 1 }
        }
      default:
        fail(Int32(truncatingIfNeeded: result))
      }
    }

    /// Waits until what is in the device buffer has played, then resets the PCM (which
    /// also makes a file PCM write out its buffer). Wakes every period or on a request.
    ///
    /// - Returns: false when a discard, close or stop interrupted it.
    private mutating func playOut() -> Bool {
      while let pcm {
        switch pcm.progress() {
        case .done:
          let result = pcm.dropAndPrepare()
          if result < 0 { fail(result) } else { device.played(at: clock.now) }
          return true
        case .failed(let code):
          fail(code)
          return true
        case .playing(let frames):
          let left = pcm.setup.format.duration(frames: frames)
          var none: [pollfd] = []
          let wait = max(.milliseconds(1), min(left, pcm.setup.periodTime))
          if core.wakeup.wait(for: &none, timeout: wait) {
            core.wakeup.clear()
            if core.state.read(\.isInterrupted) { return false }
          }
        }
      }
      return true
    }

    /// The device failed while open (negative errno `code`): close it, retry later.
    private mutating func fail(_ code: Int32) {
      dropCurrent()
      pcm = nil
      report(
        AudioError(
          .failed,
          "ALSA device '\(core.device)' failed while playing: \(ALSALibrary.describe(code))"
            + " — prompts on screen only until it is back",
          underlying: -code))
    }

    /// Records a failure; the callers see it once per outage.
    private mutating func report(_ error: AudioError) {
      let reportable: AudioError?
      if error.code == .unavailable {
        reportable = device.failed(
          AudioError(
            error.code, error.message + " — prompts on screen only",
            underlying: error.underlying),
          at: clock.now)
      } else {
        reportable = device.failed(error, at: clock.now)
      }
      core.state.update { state in
        state.setup = nil
        state.counters.failures += 1
        if let reportable { state.pendingError = reportable }
      }
    }
  }
}
