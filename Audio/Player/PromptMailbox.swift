import Dispatch
import Synchronization

/// Commands on their way from any thread to the prompt player's thread.
///
/// Posting never blocks on audio: it takes a lock held only to append or take the list,
/// and wakes the player's thread if it is waiting.
final class PromptMailbox: Sendable {
  enum Command: Sendable {
    case queue(PromptQueue.Event)
    case volume(Double)
    /// Sound the speed warning's tone if nothing is being spoken.
    case chime
  }

  private struct State {
    var commands: [Command] = []
    var lastID = 0
    var closed = false
  }

  private let state = Mutex(State())
  private let wake = DispatchSemaphore(value: 0)

  /// A fresh prompt name; any thread.
  func nextID() -> PromptID {
    state.withLock { state in
      state.lastID += 1
      return PromptID(state.lastID)
    }
  }

  /// Any thread.
  func post(_ command: Command) {
    state.withLock { $0.commands.append(command) }
    wake.signal()
  }

  /// Marks the mailbox closed; true the first time only. Any thread.
  func close() -> Bool {
    state.withLock { state in
      defer { state.closed = true }
      return !state.closed
    }
  }

  /// Everything posted since the last call, oldest first. The player's thread.
  func take() -> [Command] {
    state.withLock { state in
      defer { state.commands = [] }
      return state.commands
    }
  }

  /// Blocks the player's thread until something is posted or `deadline` passes (nil: no
  /// deadline). May return early; the caller looks at `take()` either way.
  func wait(until deadline: DispatchTime?) {
    if let deadline {
      _ = wake.wait(timeout: deadline)
    } else {
      wake.wait()
    }
  }
}
