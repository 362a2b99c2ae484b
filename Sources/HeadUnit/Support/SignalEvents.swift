import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP as an `AsyncStream`, so the daemon's event loop handles a stop
/// or reload request like any other event.
///
/// `init` first sets each signal's disposition to `SIG_IGN`, so the default action (end the
/// process) can never run while it is being watched, then arms one `DispatchSourceSignal`
/// per signal and returns once all are registered: a signal raised after `init` returns
/// comes out of `events`. (On Linux, libdispatch then replaces `SIG_IGN` with a handler of
/// its own that feeds its `signalfd`; a later `SignalEvents` puts that handler back instead
/// of `SIG_IGN`.) `stop()` (or deinit, or the consumer cancelling its iteration) leaves the
/// sources (shared by the process, never cancelled: `SignalSources`), finishes the stream and puts back the disposition each signal had before, once
/// no other `SignalEvents` in the process watches it.
///
/// Thread-safe: the sources fire on a private serial queue; `events` may be iterated from
/// any task (by one consumer, as with any `AsyncStream`); `stop()` may be called from any
/// thread, any number of times.
public final class SignalEvents: Sendable {
  /// The signals a daemon is asked to act on.
  public enum Signal: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// SIGTERM: `systemctl stop`, shutdown. Stop cleanly.
    case terminate
    /// SIGINT: Ctrl-C on the bench. Stop cleanly.
    case interrupt
    /// SIGHUP: `systemctl reload` (the unit's `ExecReload=`). Reload the configuration.
    case hangUp

    /// The C signal number.
    public var number: Int32 {
      switch self {
      case .terminate: SIGTERM
      case .interrupt: SIGINT
      case .hangUp: SIGHUP
      }
    }

    public var description: String {
      switch self {
      case .terminate: "SIGTERM"
      case .interrupt: "SIGINT"
      case .hangUp: "SIGHUP"
      }
    }
  }

  /// The signals received, in order; finishes after `stop()`.
  ///
  /// Signals that arrive faster than libdispatch reports them are counted, and each is
  /// yielded. The buffer is unbounded: signals are rare.
  public let events: AsyncStream<Signal>

  private let continuation: AsyncStream<Signal>.Continuation
  /// This watcher's number among the subscribers of `SignalSources`.
  private let id: UInt64
  /// Whether `stop()` has run.
  private let stopped = Mutex(false)
  private let watched: [Signal]

  /// Starts watching `signals` (all three by default) and returns once every source is
  /// registered.
  ///
  /// Suspends only until libdispatch has registered the sources (a few milliseconds, the
  /// first time a signal is watched in the process). The corresponding C calls are
  /// `sigaction` (to `SIG_IGN`) and, through libdispatch, `signalfd`.
  public init(_ signals: Set<Signal> = Set(Signal.allCases)) async {
    let watched = Signal.allCases.filter(signals.contains)
    let (events, continuation) = AsyncStream.makeStream(
      of: Signal.self, bufferingPolicy: .unbounded)
    for signal in watched { Dispositions.watch(signal.number) }
    let registering = DispatchGroup()
    let id = SignalSources.subscribe(watched, continuation, registering: registering)
    await withCheckedContinuation { (registered: CheckedContinuation<Void, Never>) in
      registering.notify(queue: SignalSources.queue) { registered.resume() }
    }
    for signal in watched { Dispositions.registered(signal.number) }

    self.events = events
    self.continuation = continuation
    self.id = id
    self.watched = watched
    continuation.onTermination = { [weak self] _ in self?.stop() }
  }

  /// Stops watching: leaves the sources, finishes `events` and restores each signal's
  /// earlier disposition unless another `SignalEvents` still watches it.
  ///
  /// Idempotent. A signal raised after `stop()` gets whatever disposition is back in force,
  /// by default ending the process.
  public func stop() {
    let first = stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    SignalSources.unsubscribe(id)
    for signal in watched { Dispositions.release(signal.number) }
    // Outside the lock: finishing runs `onTermination`, which calls `stop()` again.
    continuation.finish()
  }

  deinit {
    stop()
  }
}

/// One `DispatchSourceSignal` per signal for the life of the process, and the watchers each
/// hands its signals to.
///
/// The sources are made the first time a signal is watched and never cancelled: on Linux,
/// libdispatch's manager thread can still be draining an event of a signal source while it
/// is cancelled and freed, and then crashes (a bad pointer in `_dispatch_event_loop_drain`),
/// so watchers come and go as subscribers instead.
private enum SignalSources {
  struct State {
    var sources: [Int32: any DispatchSourceSignal] = [:]
    var subscribers:
      [UInt64: (signals: [SignalEvents.Signal], to: AsyncStream<SignalEvents.Signal>.Continuation)] =
        [:]
    var next: UInt64 = 0
  }

  static let state = Mutex(State())
  /// Where the sources fire, one at a time.
  static let queue = DispatchQueue(label: "headunit.signals")

  /// Adds a watcher of `signals` yielding to `continuation`, making a source for each
  /// signal that has none yet (`registering` is left when each new one is registered), and
  /// returns its number.
  static func subscribe(
    _ signals: [SignalEvents.Signal], _ continuation: AsyncStream<SignalEvents.Signal>.Continuation,
    registering: DispatchGroup
  ) -> UInt64 {
    state.withLock { state in
      let id = state.next
      state.next += 1
      state.subscribers[id] = (signals, continuation)
      for signal in signals where state.sources[signal.number] == nil {
        let source = DispatchSource.makeSignalSource(signal: signal.number, queue: queue)
        source.setEventHandler { deliver(signal, count: max(1, Int(source.data))) }
        registering.enter()
        source.setRegistrationHandler { registering.leave() }
        source.activate()
        state.sources[signal.number] = source
      }
      return id
    }
  }

  /// Removes watcher `id`; its signals reach it no more.
  static func unsubscribe(_ id: UInt64) {
    _ = state.withLock { $0.subscribers.removeValue(forKey: id) }
  }

  /// Hands `count` of `signal` to every watcher of it.
  private static func deliver(_ signal: SignalEvents.Signal, count: Int) {
    let watchers = state.withLock { state in
      state.subscribers.values.filter { $0.signals.contains(signal) }.map(\.to)
    }
    for watcher in watchers {
      for _ in 0..<count { watcher.yield(signal) }
    }
  }
}

/// The process-wide signal dispositions that `SignalEvents` changes, with a count of
/// watchers per signal.
///
/// Dispositions belong to the process, not to one watcher, so this one table is shared; the
/// lock makes the "first one sets, last one restores" steps atomic.
///
/// On Linux, libdispatch installs a handler of its own the first time a signal gets a source
/// (it blocks the signal in the receiving thread and raises it again, so that the signal
/// reaches libdispatch's `signalfd`), and never again. Once a watcher has replaced it (with
/// `SIG_IGN` or by restoring `SIG_DFL`), a new source for that signal would see nothing. So
/// the handler found after the first registration is kept and put back for later watchers.
private enum Dispositions {
  private struct Entry {
    var watchers: Int
    /// What was in force before the first of the current watchers.
    var previous: sigaction
  }

  private struct Table {
    var entries: [Int32: Entry] = [:]
    /// The handler libdispatch installed for a signal, once seen.
    var libdispatchHandlers: [Int32: sigaction] = [:]
  }

  private static let table = Mutex(Table())

  /// Before a source is made for `number`: the first watcher saves the disposition and puts
  /// libdispatch's handler back if one was seen, else `SIG_IGN`; both keep the default
  /// action from ever running.
  static func watch(_ number: Int32) {
    table.withLock { table in
      if table.entries[number] != nil {
        table.entries[number]!.watchers += 1
        return
      }
      var previous = sigaction()
      if var handler = table.libdispatchHandlers[number] {
        sigaction(number, &handler, &previous)
      } else {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(number, &ignore, &previous)
      }
      table.entries[number] = Entry(watchers: 1, previous: previous)
    }
  }

  /// After a source for `number` is registered: keeps the handler libdispatch installed.
  static func registered(_ number: Int32) {
    table.withLock { table in
      guard table.libdispatchHandlers[number] == nil else { return }
      var current = sigaction()
      sigaction(number, nil, &current)
      let address = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
      if address != unsafeBitCast(SIG_IGN, to: Int.self)
        && address != unsafeBitCast(SIG_DFL, to: Int.self)
      {
        table.libdispatchHandlers[number] = current
      }
    }
  }

  /// Puts back `number`'s earlier disposition when its last watcher goes.
  static func release(_ number: Int32) {
    table.withLock { table in
      guard var entry = table.entries[number] else { return }
      entry.watchers -= 1
      if entry.watchers > 0 {
        table.entries[number] = entry
      } else {
        table.entries[number] = nil
        sigaction(number, &entry.previous, nil)
      }
    }
  }
}
