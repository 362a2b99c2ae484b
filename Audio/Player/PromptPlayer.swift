import Foundation
import Navigation
import Synchronization

/// Speaks guidance prompts: queues them by priority, cuts a playing prompt off for a more
/// urgent one, drops prompts that are passed or superseded before they play, and streams
/// synthesis straight to the output.
///
/// The decisions are `PromptQueue`'s; this class carries them out. It owns one thread,
/// started in `init`, that does all the blocking work — synthesis, output writes, mixer
/// calls for ducking — and is the only user of the synthesizer, the output and the
/// ducker while the player lives. Commands (`enqueue`, `maneuverChanged(next:)`,
/// `setMuted`, `setVolume`) may come from any thread; they never block on audio. Samples
/// are written a chunk (`Configuration.chunk`, 10 ms) at a time and the commands are
/// looked at before every chunk — so at least every 10 ms of audio produced, and, once the
/// output's queue is full, each time it takes more (every device period) — and while the
/// player waits for the last audio of a prompt to be heard. A final prompt therefore cuts
/// off an early one (output discarded, the final's first samples written) within about a
/// chunk or a period plus the final's first chunk of synthesis: a few milliseconds with
/// espeak-ng and `ALSAOutput`'s 20 ms periods.
///
/// Audio failures never stop guidance: a prompt that cannot be played is dropped
/// (`.dropped(id, .failed(error))`), the output problem is reported once
/// (`.outputFailed`) until a prompt plays again, and the next prompt tries again (a USB
/// sound card may come back).
public final class PromptPlayer: Sendable {
  /// How prompts are played.
  public struct Configuration: Sendable {
    /// The language prompts are spoken in (a phrasebook code).
    public var language: String
    /// A chime before each prompt; nil for none.
    public var earcon: Earcon?
    /// Linear gain applied to every sample, 0…2 (1 is as synthesized), the configuration's
    /// `audio.volume`. Above 1 it goes through a `PeakLimiter`, so a loud prompt is held
    /// below full scale by a soft knee instead of being clipped at the rails (and starts
    /// `PeakLimiter.lookAhead` later).
    public var volume: Double
    public var muted: Bool
    /// How long each write is, and so how often commands are looked at.
    public var chunk: Duration
    /// Whether the output plays in real time (a sound card) rather than as fast as it is
    /// written (a file). When true, the player waits out the audio it has queued while
    /// still listening for commands, and only then calls `drain()`, so an urgent prompt is
    /// not held up behind the device buffer.
    public var realTime: Bool
    /// Lowers the music while prompts play, from before the first sample of a prompt
    /// until the last of a run of prompts has played (or was cut off, or failed); nil for
    /// no ducking. Used only on the player's thread while the player lives.
    public var ducker: Ducker?

    public init(
      language: String, earcon: Earcon? = nil, volume: Double = 1, muted: Bool = false,
      chunk: Duration = .milliseconds(10), realTime: Bool = true, ducker: Ducker? = nil
    ) {
      self.language = language
      self.earcon = earcon
      self.volume = volume
      self.muted = muted
      self.chunk = chunk
      self.realTime = realTime
      self.ducker = ducker
    }
  }

  /// What became of prompts, in the order it happened, from the player's thread.
  public enum Event: Equatable, Sendable {
    /// The prompt is about to be written to the output (earcon first, if any).
    case started(PromptID)
    /// The prompt played to its end.
    case finished(PromptID)
    /// The prompt was cut off (or, if it had not started, never played) for a more
    /// urgent one.
    case interrupted(PromptID, by: PromptID)
    /// The prompt will not play (any further): passed, superseded, muted, failed, closed.
    case dropped(PromptID, PromptQueue.DropReason)
    /// The output failed; reported once until a prompt plays to its end again.
    case outputFailed(AudioError)
    /// The ducker could not lower or restore the music; the prompts play regardless.
    /// Reported once until it works again.
    case duckingFailed(AudioError)
  }

  /// The player's events, for one consumer (the daemon's loop). Holds the newest 256 if
  /// nobody reads them; finishes when the player's thread ends.
  public let events: AsyncStream<Event>

  private let mailbox: PromptMailbox
  private let done = DispatchSemaphore(value: 0)

  /// Starts the player's thread.
  ///
  /// - Parameters:
  ///   - synthesizer: used only on the player's thread from now on.
  ///   - output: used only on the player's thread from now on, and closed when it ends.
  ///   - onEvent: called on the player's thread for each event, before it goes to
  ///     `events`; must return quickly and must not call `close()`.
  public init(
    synthesizer: any SpeechSynthesizer, output: any AudioOutput, configuration: Configuration,
    onEvent: @escaping @Sendable (Event) -> Void = { _ in }
  ) {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Event.self, bufferingPolicy: .bufferingNewest(256))
    events = stream
    let mailbox = PromptMailbox()
    self.mailbox = mailbox
    let done = self.done
    let thread = Thread {
      let worker = PromptWorker(
        synthesizer: synthesizer, output: output, configuration: configuration,
        mailbox: mailbox
      ) { event in
        onEvent(event)
        continuation.yield(event)
      }
      worker.run()
      continuation.finish()
      done.signal()
    }
    thread.name = "prompt-player"
    thread.qualityOfService = .userInteractive
    thread.start()
  }

  deinit {
    mailbox.post(.queue(.shutdown))
  }

  /// Queues `announcement` to be spoken, and returns the name its events will carry.
  /// Does not block.
  @discardableResult
  public func enqueue(_ announcement: Announcement) -> PromptID {
    let id = mailbox.nextID()
    mailbox.post(.queue(.enqueue(PromptQueue.Prompt(id: id, announcement: announcement))))
    return id
  }

  /// Tells the player that step `next` is now the next maneuver: waiting prompts about
  /// maneuvers before it are dropped. Does not block.
  public func maneuverChanged(next: Int) {
    mailbox.post(.queue(.maneuverChanged(next: next)))
  }

  /// Mutes (stops the playing prompt, drops the waiting ones and every new one until
  /// unmuted) or unmutes. Does not block.
  public func setMuted(_ muted: Bool) {
    mailbox.post(.queue(.setMuted(muted)))
  }

  /// Posts `command` to the player's thread. Does not block.
  func post(_ command: PromptMailbox.Command) {
    mailbox.post(command)
  }

  /// Sets the linear gain, clamped to 0…2, applied as `Configuration.volume` is; applies
  /// from the next chunk. Does not block.
  public func setVolume(_ volume: Double) {
    mailbox.post(.volume(volume))
  }

  /// Stops the playing prompt, drops the rest, restores ducked audio, closes the output
  /// and ends the thread. Blocks until it has; a second call returns at once.
  ///
  /// Must not be called from `onEvent` (the player's own thread).
  public func close() {
    guard mailbox.close() else { return }
    mailbox.post(.queue(.shutdown))
    done.wait()
  }
}
