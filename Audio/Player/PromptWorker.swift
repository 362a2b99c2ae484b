import Dispatch
import Navigation

/// The prompt player's thread: owns the `PromptQueue`, the synthesizer, the output and
/// the ducking, and carries out the queue's effects.
///
/// Created and used on that one thread only; never shared.
final class PromptWorker {
  private let synthesizer: any SpeechSynthesizer
  private let output: any AudioOutput
  private let configuration: PromptPlayer.Configuration
  private let mailbox: PromptMailbox
  private let emit: (PromptPlayer.Event) -> Void

  private var queue: PromptQueue
  /// The gain, applied through a limiter; holds back a few milliseconds while limiting.
  private var limiter: PeakLimiter
  private let format: AudioFormat
  private let chunkFrames: Int
  private let earcon: [Int16]

  /// The prompt the queue said to play next, not started yet.
  private var next: PromptQueue.Prompt?
  /// The speed warning's tone, asked for while nothing was spoken, not played yet.
  private var chimeDue = false
  /// The prompt being played.
  private var current: PromptQueue.Prompt?
  /// Set when the queue cuts `current` off.
  private var cut: Cut?
  /// False after an output failure, until a prompt plays to its end.
  private var outputHealthy = true
  /// False after a ducking failure, until ducking works again.
  private var duckingHealthy = true

  private enum Cut {
    case interrupted(by: PromptID)
    case stopped(PromptQueue.DropReason)
  }

  init(
    synthesizer: any SpeechSynthesizer, output: any AudioOutput,
    configuration: PromptPlayer.Configuration, mailbox: PromptMailbox,
    emit: @escaping (PromptPlayer.Event) -> Void
  ) {
    self.synthesizer = synthesizer
    self.output = output
    self.configuration = configuration
    self.mailbox = mailbox
    self.emit = emit
    queue = PromptQueue(muted: configuration.muted)
    format = synthesizer.format
    limiter = PeakLimiter(gain: configuration.volume, sampleRate: format.sampleRate)
    let seconds =
      Double(configuration.chunk.components.seconds)
      + Double(configuration.chunk.components.attoseconds) * 1e-18
    chunkFrames = max(1, Int(seconds * Double(format.sampleRate)))
    earcon = configuration.earcon?.samples(format: format) ?? []
  }

  /// Plays prompts as the queue says until it is shut down, then closes the output.
  func run() {
    while true {
      if let prompt = next {
        next = nil
        play(prompt)
        continue
      }
      if queue.closed { break }
      if chimeDue {
        chimeDue = false
        playChime()
        continue
      }
      mailbox.wait(until: nil)
      pump()
    }
    restoreMusic()
    output.close()
  }

  /// Feeds the commands posted so far to the queue and carries out its effects.
  private func pump() {
    for command in mailbox.take() {
      switch command {
      case .volume(let value): limiter.gain = value
      case .chime:
        // Never over a prompt, and never late: one that has to wait is dropped.
        chimeDue = current == nil && next == nil && queue.playing == nil && !queue.muted
      case .queue(let event): carry(queue.handle(event))
      }
    }
  }

  private func carry(_ effects: [PromptQueue.Effect]) {
    for effect in effects {
      switch effect {
      case .play(let prompt):
        next = prompt
      case .interrupt(let id, let by):
        if current?.id == id {
          cut = .interrupted(by: by)
        } else if next?.id == id {
          next = nil
          emit(.interrupted(id, by: by))
        }
      case .stop(let id, let reason):
        if current?.id == id {
          cut = .stopped(reason)
        } else if next?.id == id {
          next = nil
          emit(.dropped(id, reason))
        }
      case .drop(let id, let reason):
        emit(.dropped(id, reason))
      }
    }
  }

  /// Plays `prompt` to its end, or until it is cut off or fails; then tells the queue.
  private func play(_ prompt: PromptQueue.Prompt) {
    current = prompt
    cut = nil
    defer {
      current = nil
      // A prompt that follows at once (the interrupting one, the next in the queue)
      // plays with the music still lowered rather than letting it swell in between.
      if next == nil { restoreMusic() }
    }
    emit(.started(prompt.id))
    lowerMusic()

    var playback = Playback()
    if !earcon.isEmpty {
      _ = write(earcon, &playback)
    }
    var synthesisError: AudioError?
    if playback.running(cut) {
      do {
        try synthesizer.synthesize(
          prompt.announcement.text, language: configuration.language
        ) { samples in
          write(samples, &playback)
        }
      } catch {
        synthesisError = error
      }
    }
    if playback.running(cut), synthesisError == nil {
      writeOut(limiter.flush(), &playback)
    }
    if playback.running(cut), synthesisError == nil {
      waitOut(&playback)
    }
    if playback.running(cut), synthesisError == nil {
      do {
        try output.drain()
      } catch {
        playback.failure = error
      }
    }

    if let cut {
      discard(&playback)
      switch cut {
      case .interrupted(let by): emit(.interrupted(prompt.id, by: by))
      case .stopped(let reason): emit(.dropped(prompt.id, reason))
      }
    } else if let failure = playback.failure {
      discard(&playback)
      if outputHealthy { emit(.outputFailed(failure)) }
      outputHealthy = false
      carry(queue.handle(.failed(prompt.id, failure)))
    } else if let synthesisError {
      discard(&playback)
      carry(queue.handle(.failed(prompt.id, synthesisError)))
    } else {
      outputHealthy = true
      emit(.finished(prompt.id))
      carry(queue.handle(.finished(prompt.id)))
    }
  }

  /// Plays `Earcon.chime` to its end, unless a prompt comes meanwhile (the prompt then
  /// follows at once).
  private func playChime() {
    var playback = Playback()
    let samples = Earcon.chime.samples(format: format)
    guard write(samples, &playback), next == nil else { return }
    writeOut(limiter.flush(), &playback)
    waitOut(&playback)
  }

  /// What one prompt's playback has done so far.
  private struct Playback {
    /// When the first samples were written.
    var firstWrite: ContinuousClock.Instant?
    var framesWritten = 0
    var failure: AudioError?
    var discarded = false

    func running(_ cut: Cut?) -> Bool { cut == nil && failure == nil }
  }

  /// Writes `samples` a chunk at a time, looking at the commands before each chunk.
  /// Returns false (stop synthesizing) once the prompt is cut off or the output fails.
  private func write(_ samples: [Int16], _ playback: inout Playback) -> Bool {
    let step = chunkFrames * max(format.channels, 1)
    var start = samples.startIndex
    while start < samples.endIndex {
      pump()
      guard playback.running(cut) else {
        // Discard as soon as the cut is seen, not when synthesis has unwound.
        if cut != nil { discard(&playback) }
        return false
      }
      let end = min(start + step, samples.endIndex)
      guard writeOut(limiter.process(Array(samples[start..<end])), &playback) else {
        return false
      }
      start = end
    }
    return true
  }

  /// Writes samples the limiter gave out (none while it fills its look-ahead); false when
  /// the output failed.
  @discardableResult
  private func writeOut(_ piece: [Int16], _ playback: inout Playback) -> Bool {
    guard !piece.isEmpty else { return true }
    do {
      try output.write(piece, format: format)
    } catch {
      playback.failure = error
      return false
    }
    if playback.firstWrite == nil { playback.firstWrite = .now }
    playback.framesWritten += piece.count / max(format.channels, 1)
    return true
  }

  /// Waits, listening for commands, until the audio written should have been heard;
  /// `drain()` then has only the device's last period or so to wait for.
  private func waitOut(_ playback: inout Playback) {
    guard configuration.realTime, let first = playback.firstWrite else { return }
    let end = first + format.duration(frames: playback.framesWritten)
    while playback.running(cut) {
      pump()
      let left = ContinuousClock.now.duration(to: end)
      guard left > .zero, cut == nil else { break }
      let nanoseconds =
        left.components.seconds * 1_000_000_000 + left.components.attoseconds / 1_000_000_000
      mailbox.wait(until: .now() + .nanoseconds(Int(nanoseconds)))
    }
  }

  private func lowerMusic() {
    guard let ducker = configuration.ducker else { return }
    do {
      try ducker.duck()
      duckingHealthy = true
    } catch {
      duckingFailed(error)
    }
  }

  private func restoreMusic() {
    guard let ducker = configuration.ducker else { return }
    do {
      try ducker.restore()
    } catch {
      duckingFailed(error)
    }
  }

  private func duckingFailed(_ error: AudioError) {
    if duckingHealthy { emit(.duckingFailed(error)) }
    duckingHealthy = false
  }

  private func discard(_ playback: inout Playback) {
    limiter.reset()
    guard !playback.discarded else { return }
    playback.discarded = true
    output.discard()
  }
}
