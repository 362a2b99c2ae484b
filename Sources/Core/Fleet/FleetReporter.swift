import Foundation
import Navigation

/// The fleet reporter as a pure state machine: when to report, what a report carries, the
/// queue of reports not yet delivered, and the access token.
///
/// The owner (`FleetService`) feeds events with the instant they happen and carries out the
/// effects in order; nothing here reads a clock or does I/O, so tests run hours of outage on
/// `VirtualClock`, as every `StateMachine` is run.
///
/// - `.observe` hands it the vehicle as it is now; the next tick reports it. The tick is
///   the reporter's one timer, due every ``Configuration/interval`` (the first at once).
///   When no field changed beyond its threshold since the last report made
///   (``FleetField``), nothing is made. Otherwise a report is queued carrying the fields
///   changed since the last report the server *acknowledged* — so every queued report is
///   complete on its own and dropping one loses nothing but its sequence number. The first
///   report carries every field.
/// - The queue holds at most ``Configuration/queueLimit`` reports; when full the oldest is
///   dropped (newest wins). One request is under way at a time, oldest report first; after
///   a delivery the next is sent at once (catch-up), after a failure the next tick tries
///   again.
/// - With ``Configuration/authenticated``, a token is fetched before the first send and
///   again when it is due for renewal; a 401 drops it, fetches a new one and sends the same
///   report once more.
/// - `.stop` ends everything at once: requests under way are cancelled, the queue is saved
///   (`.persist`) and let go, later events ignored (but for `.observe`, which only keeps the
///   vehicle).
/// - The queue outlives the process through ``FleetBacklog``: `.start(saved:)` takes back
///   what was saved, and `.persist` asks the owner to save it — at the start, on every
///   change while the endpoint cannot be reached, when a catch-up has emptied it, when
///   the sequence numbers reserved by the last save run out, and at `.stop`. While the
///   link is up nothing is written per report (see `FleetReporter+Backlog.swift`).
public struct FleetReporter: Sendable {
  /// Tunables, from the `fleet` section of the configuration.
  public struct Configuration: Sendable, Equatable {
    /// Reports are made at most this often.
    public static let intervalRange: ClosedRange<Duration> = .seconds(5) ... .seconds(60)

    public var vehicleId: String
    /// Time between ticks, within ``intervalRange``.
    public private(set) var interval: Duration
    /// The interval asked for, before clamping.
    public private(set) var requestedInterval: Duration
    /// The most reports kept while the endpoint cannot be reached.
    public var queueLimit: Int
    /// Whether requests need a token from the token endpoint.
    public var authenticated: Bool

    /// Clamps `interval` into ``intervalRange``; `queueLimit` is at least 1.
    public init(
      vehicleId: String, interval: Duration = .seconds(10), queueLimit: Int = 360,
      authenticated: Bool = false
    ) {
      self.vehicleId = vehicleId
      self.requestedInterval = interval
      self.interval = Self.clamp(interval)
      self.queueLimit = max(1, queueLimit)
      self.authenticated = authenticated
    }

    /// `interval` within ``intervalRange``.
    public static func clamp(_ interval: Duration) -> Duration {
      min(max(interval, intervalRange.lowerBound), intervalRange.upperBound)
    }

    /// Whether the interval asked for was outside the range.
    public var isClamped: Bool { interval != requestedInterval }
  }

  /// The reporter's one timer.
  public enum Timer: Sendable, Hashable {
    /// The interval passed: report the vehicle as last observed, if it changed.
    case tick
  }

  public enum Event: Sendable, Equatable, TimerEvent {
    /// Begin with what was saved (``FleetBacklog/empty`` when nothing): its reports are
    /// sent first, and numbering goes on from its `nextSequence`. The first tick is due at
    /// once.
    case start(saved: FleetBacklog)
    /// The vehicle as it is now, for the next tick; taken whether or not the reporter runs
    /// (the owner may observe before it starts).
    case observe(FleetSnapshot)
    case timer(Timer)
    case tokenFetched(FleetToken)
    case tokenFailed(FleetError)
    /// The endpoint accepted report `sequence` (a 2xx answer).
    case delivered(sequence: Int)
    case failed(sequence: Int, FleetError)
    /// Reporting was turned off.
    case stop
  }

  public enum Effect: Sendable, Equatable, TimerEffect {
    /// `.schedule(.tick, at:)`: send `.timer(.tick)` at that instant.
    case timer(TimerChange<Timer>)
    /// Ask the token endpoint; answer `.tokenFetched` or `.tokenFailed`.
    case fetchToken
    /// POST the report; answer `.delivered` or `.failed` with its sequence.
    case send(FleetReport, token: String?)
    /// Abandon any request under way and every scheduled tick.
    case cancelAll
    /// Save `backlog` in place of what was saved before, so a restart (after a power cut
    /// too) takes it back with `.start(saved:)`.
    case persist(FleetBacklog)
    case log(LogLevel, String)

    public var timerChange: TimerChange<Timer>? {
      if case .timer(let change) = self { change } else { nil }
    }
  }

  /// What is under way.
  enum Phase: Sendable, Equatable {
    case stopped
    case idle
    /// `retry`: fetching because the endpoint refused the last token.
    case fetchingToken(retry: Bool)
    case sending(sequence: Int, retry: Bool)
  }

  public let configuration: Configuration
  private(set) var phase = Phase.stopped
  /// Reports not yet delivered, oldest first.
  public internal(set) var queue: [FleetReport] = []
  /// Failures so far by ``FleetError/reason`` (`HTTP 503`, `timeout`, `queue full`).
  public internal(set) var failures: [String: Int] = [:]
  public private(set) var deliveredCount = 0
  /// The values the server has, as far as it acknowledged; nil before the first delivery.
  private(set) var acknowledged: FleetSnapshot?
  /// The values of the last report made; nil before the first.
  private(set) var latest: FleetSnapshot?
  /// The vehicle as last observed, for the next tick.
  private(set) var observed = FleetSnapshot.empty
  /// The sequence number the next report takes.
  var nextSequence = 1
  /// The `nextSequence` last saved: a restart after a power cut numbers from here, so a
  /// report may take a number below it without a save.
  var reservedSequence = 0
  /// The queue changed since it was last saved.
  var unsaved = false
  /// The last backlog saved holds reports.
  var savedReports = false
  private var token: (value: String, renewal: Date?)?
  /// The reason of the failure that began the current outage, and how many since.
  var outage: (reason: String, count: Int)?

  public init(configuration: Configuration) {
    self.configuration = configuration
  }

  /// Whether the reporter runs (started and not stopped).
  public var isRunning: Bool { phase != .stopped }

  /// Handles one event at `now` and returns what to do, in order.
  public mutating func handle(_ event: Event, at now: Date) -> [Effect] {
    if case .observe(let snapshot) = event {
      observed = snapshot
      return []
    }
    switch (event, phase) {
    case (.start(let saved), .stopped):
      phase = .idle
      let clamped =
        configuration.isClamped
        ? " (\(configuration.requestedInterval.secondsText) s asked, clamped to 5–60 s)" : ""
      let started: Effect = .log(
        .notice,
        "fleet reporting as \(configuration.vehicleId) every "
          + "\(configuration.interval.secondsText) s\(clamped)")
      return [started] + restore(saved) + [.timer(.schedule(.tick, at: now))]
    case (_, .stopped):
      return []
    case (.start, _):
      return []
    case (.stop, _):
      let unsent = queue.count
      phase = .stopped
      let saved = persist(final: true)
      queue = []
      token = nil
      return [.cancelAll] + saved + [
        .log(
          .notice,
          "fleet reporting off" + (unsent > 0 ? ", \(unsent) unsent reports saved" : ""))
      ]
    case (.timer(.tick), _):
      var effects: [Effect] = [.timer(.schedule(.tick, at: now.adding(configuration.interval)))]
      effects += record(observed, at: now)
      if phase == .idle { effects += sendNext(at: now) }
      return effects
    case (.tokenFetched(let fetched), .fetchingToken(let retry)):
      token = (fetched.value, fetched.renewal(receivedAt: now))
      phase = .idle
      return sendNext(at: now, retry: retry)
    case (.tokenFailed(let error), .fetchingToken):
      phase = .idle
      return fail(error)
    case (.delivered(let sequence), .sending(let sending, _)) where sequence == sending:
      return deliver(sequence, at: now)
    case (.failed(let sequence, let error), .sending(let sending, let retry))
    where sequence == sending:
      phase = .idle
      if error.isUnauthorized, configuration.authenticated, !retry {
        token = nil
        phase = .fetchingToken(retry: true)
        return [
          .log(.info, "fleet: \(error.url) refused the token; fetching a new one"), .fetchToken,
        ]
      }
      return fail(error)
    default:
      // An answer to something no longer under way.
      return []
    }
  }

  /// Queues a report when something changed since the last one made.
  private mutating func record(_ snapshot: FleetSnapshot, at now: Date) -> [Effect] {
    let changed = FleetField.changes(from: latest, to: snapshot)
    // The very first report waits for something to say.
    if latest == nil, snapshot == .empty { return [] }
    guard !changed.isEmpty else { return [] }
    var values = latest ?? .empty
    for field in changed { values.copy(field, from: snapshot) }
    latest = values
    let fields = changed.union(FleetField.changes(from: acknowledged, to: values))
    queue.append(
      FleetReport(
        vehicleId: configuration.vehicleId, sequence: nextSequence, time: now, values: values,
        fields: fields))
    nextSequence += 1
    unsaved = true
    var effects: [Effect] = []
    if queue.count > configuration.queueLimit {
      // Never the report under way: its answer must find it at the front.
      let drop = phase.isSending ? 1 : 0
      let dropped = queue.remove(at: drop)
      failures["queue full", default: 0] += 1
      effects.append(
        .log(
          .debug,
          "fleet: queue full (\(configuration.queueLimit)); report \(dropped.sequence) dropped"))
    }
    return effects + persistRecorded()
  }

  /// Sends the oldest queued report, fetching a token first when one is needed.
  private mutating func sendNext(at now: Date, retry: Bool = false) -> [Effect] {
    guard phase == .idle, let report = queue.first else { return [] }
    if configuration.authenticated {
      guard let token, token.renewal.map({ now < $0 }) ?? true else {
        token = nil
        phase = .fetchingToken(retry: retry)
        return [.fetchToken]
      }
    }
    phase = .sending(sequence: report.sequence, retry: retry)
    return [.send(report, token: token?.value)]
  }

  private mutating func deliver(_ sequence: Int, at now: Date) -> [Effect] {
    phase = .idle
    guard let index = queue.firstIndex(where: { $0.sequence == sequence }) else { return [] }
    let report = queue.remove(at: index)
    unsaved = true
    var values = acknowledged ?? .empty
    for field in report.fields { values.copy(field, from: report.values) }
    acknowledged = values
    deliveredCount += 1
    var effects: [Effect] = []
    if let outage {
      effects.append(
        .log(
          .notice,
          "fleet: endpoint back after \(outage.count) failed attempts (\(outage.reason)); "
            + "\(queue.count) queued reports to send"))
      self.outage = nil
    }
    return effects + persistDelivered() + sendNext(at: now)
  }

  /// Counts and logs a failure: the first of an outage and each change of reason as a
  /// warning, repeats at debug level so an hour offline does not flood the journal.
  private mutating func fail(_ error: FleetError) -> [Effect] {
    failures[error.reason, default: 0] += 1
    let level: LogLevel = outage?.reason == error.reason ? .debug : .warning
    outage = (error.reason, (outage?.count ?? 0) + 1)
    let queued = queue.count == 1 ? "1 report" : "\(queue.count) reports"
    return [.log(level, "fleet: \(error) (\(queued) queued)")] + (unsaved ? persist() : [])
  }

}

extension FleetReporter.Phase {
  fileprivate var isSending: Bool {
    if case .sending = self { return true }
    return false
  }
}

extension FleetSnapshot {
  /// Sets `field` to its value in `other`.
  fileprivate mutating func copy(_ field: FleetField, from other: FleetSnapshot) {
    switch field {
    case .location:
      location = other.location
      altitude = other.altitude
      accuracy = other.accuracy
    case .heading: heading = other.heading
    case .speed: speed = other.speed
    case .route: route = other.route
    case .remainingDistance: remainingDistance = other.remainingDistance
    case .eta: eta = other.eta
    }
  }
}
