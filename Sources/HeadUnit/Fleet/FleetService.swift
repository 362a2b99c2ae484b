import Core
import Dispatch
import Foundation
import Synchronization

/// Runs a `FleetReporter` off the daemon's event loop: its own serial queue carries out the
/// machine's effects, blocking on the transport there, and its own timer ticks it.
///
/// The daemon hands it the vehicle's state after each event with ``observe(_:)`` (cheap: a
/// copy under a lock); the remaining route is cut out of the route only when the machine's
/// tick timer fires, and handed to it as `.observe` just before the tick. ``stop()`` takes
/// effect at once from any thread: the request under way is cancelled, no further request
/// starts, and the queue of unsent reports is saved.
///
/// The queue outlives the service in `store`: ``start(after:)`` loads it (on the service's
/// queue, so a slow or damaged file never holds up the daemon's start) and the machine's
/// `.persist` effects save it there, blocking this queue for the write.
///
/// Time comes from `now`, so tests drive token expiry on a virtual clock; with
/// `automatic: false` nothing is scheduled and a test calls ``tick()`` itself.
public final class FleetService: Sendable {
  private struct State {
    var reporter: FleetReporter
    var vehicle = FleetVehicleState()
    /// Set by `stop()` before the machine hears of it, so the queue stops at once.
    var stopped = false
    /// Ticks scheduled before this one are stale.
    var generation = 0
    /// The last save failed: the next failure is logged at debug level only.
    var saveFailing = false
  }

  private let state: Mutex<State>
  private let transport: any FleetTransport
  private let store: any FleetQueueStore
  private let queue = DispatchQueue(label: "headunit.fleet", qos: .utility)
  private let now: @Sendable () -> Date
  private let logger: Logger
  private let automatic: Bool

  /// A service for `reporter`, not yet started.
  ///
  /// - Parameters:
  ///   - automatic: schedule ticks on the queue's timer (the daemon); false for tests that
  ///     call ``tick()``.
  ///   - store: where the queue is kept between runs; by default memory, which keeps it for
  ///     a later service with the same store only.
  public init(
    reporter: FleetReporter, transport: any FleetTransport,
    store: any FleetQueueStore = FleetQueueMemory(), logger: Logger,
    automatic: Bool = true, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    state = Mutex(State(reporter: reporter))
    self.transport = transport
    self.store = store
    self.logger = logger
    self.automatic = automatic
    self.now = now
  }

  /// Starts reporting with the queue saved in the store: the saved reports go first, and
  /// the first tick comes at once (with `automatic`). A damaged file is set aside by the
  /// store and logged as a warning here.
  ///
  /// - Parameter previous: a service stopped just before, sharing the store: its queue is
  ///   saved before this one loads it.
  public func start(after previous: FleetService? = nil) {
    queue.async {
      previous?.drain()
      let limit = self.state.withLock { $0.reporter.configuration.queueLimit }
      let (saved, warning) = self.store.load(limit: limit)
      if let warning { self.logger.warning("fleet: saved queue: \(warning)") }
      self.run(.start(saved: saved))
    }
  }

  /// The vehicle as it is now; read at the next tick. Never blocks on the network.
  public func observe(_ vehicle: FleetVehicleState) {
    state.withLock { $0.vehicle = vehicle }
  }

  /// Makes a report of the vehicle as observed now, if anything changed, and sends what is
  /// queued; returns when the requests it made are answered. For tests; the daemon's ticks
  /// come from the timer.
  public func tick() {
    queue.sync { self.tickNow() }
  }

  /// Turns reporting off at once: cancels the request under way and saves the queue.
  /// Returns without waiting for the queue; ``drain()`` waits for the save.
  public func stop() {
    let first = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    guard first else { return }
    transport.cancel()
    queue.async { self.run(.stop) }
  }

  /// Waits until the queue has done what was asked of it so far.
  public func drain() {
    queue.sync {}
  }

  /// The reporter's counters and queue, as of now.
  public var reporter: FleetReporter {
    state.withLock { $0.reporter }
  }

  // MARK: - On the queue

  /// Checked again just before a request, so one turned off meanwhile does not start.
  private var isStopped: Bool { state.withLock { $0.stopped } }

  /// The vehicle as observed now, then the tick that reports it.
  private func tickNow() {
    let vehicle = state.withLock { $0.vehicle }
    run(.observe(vehicle.snapshot), .timer(.tick))
  }

  /// Hands `events` to the machine in order and carries out the effects, including the
  /// answers they lead to, until none is left. Runs on `queue`.
  private func run(_ events: FleetReporter.Event...) {
    var events = events
    while !events.isEmpty {
      let event = events.removeFirst()
      let at = now()
      let effects: [FleetReporter.Effect]? = state.withLock { state in
        // Once stopped only `.stop` gets through; answers that were under way are moot.
        if state.stopped, event != .stop { return nil }
        return state.reporter.handle(event, at: at)
      }
      for effect in effects ?? [] {
        if let answer = carryOut(effect) { events.append(answer) }
      }
    }
  }

  private func carryOut(_ effect: FleetReporter.Effect) -> FleetReporter.Event? {
    switch effect {
    case .log(let level, let message):
      logger.log(level, message)
    case .persist(let backlog):
      save(backlog)
    case .cancelAll:
      transport.cancel()
      state.withLock { $0.generation += 1 }
    case .timer(.cancel):
      state.withLock { $0.generation += 1 }
    case .timer(.schedule(_, let due)):
      guard automatic else { return nil }
      let generation = state.withLock { state in
        state.generation += 1
        return state.generation
      }
      let delay = max(0, due.timeIntervalSince(now()))
      queue.asyncAfter(deadline: .now() + delay) {
        let current = self.state.withLock { !$0.stopped && $0.generation == generation }
        if current { self.tickNow() }
      }
    case .fetchToken:
      if isStopped { return nil }
      do {
        return .tokenFetched(try transport.fetchToken())
      } catch {
        return .tokenFailed(error)
      }
    case .send(let report, let token):
      if isStopped { return nil }
      do {
        try transport.send(report, token: token)
        return .delivered(sequence: report.sequence)
      } catch {
        return .failed(sequence: report.sequence, error)
      }
    }
    return nil
  }

  /// Saves `backlog`; a failure (a full or read-only state partition) costs the queue a
  /// restart, never the reporting, and is logged once until a save works again.
  private func save(_ backlog: FleetBacklog) {
    do throws(AtomicFile.Error) {
      try store.save(backlog)
      let recovered = state.withLock { state in
        defer { state.saveFailing = false }
        return state.saveFailing
      }
      if recovered { logger.notice("fleet: the queue is saved again") }
    } catch {
      let repeated = state.withLock { state in
        defer { state.saveFailing = true }
        return state.saveFailing
      }
      logger.log(
        repeated ? .debug : .error,
        "fleet: cannot save the queue (\(backlog.reports.count) reports): \(error)")
    }
  }
}
