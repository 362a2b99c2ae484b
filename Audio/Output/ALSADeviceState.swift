/// When the ALSA writer thread opens, keeps and closes its PCM, and which failures it
/// reports: decided here without I/O, so the policy is tested with tables.
///
/// The policy: open on the first samples; close after `idleClose` without samples, so
/// other programs can use the device; after a failed open or a device that vanished while
/// playing, drop samples until a retry time that backs off from `retry.initial`, doubling
/// to `retry.maximum`, and try again with the next samples after it. Each outage is
/// reported once, the first time; a successful open ends it.
struct ALSADeviceState: Equatable, Sendable {
  typealias Instant = ContinuousClock.Instant

  /// The PCM as the thread holds it.
  enum Phase: Equatable, Sendable {
    case closed
    /// Open; samples last went to the device at `lastActivity`.
    case open(lastActivity: Instant)
    /// Failed; no open is attempted before `retryAt`.
    case unavailable(retryAt: Instant)
  }

  /// What to do with samples that are waiting.
  enum Decision: Equatable, Sendable {
    /// Open the PCM, then write.
    case open
    /// Write to the open PCM.
    case write
    /// Drop them: the device is unavailable and it is not yet time to retry.
    case drop
  }

  /// Delays between reopening attempts.
  struct Retry: Equatable, Sendable {
    var initial: Duration
    var maximum: Duration
  }

  private(set) var phase: Phase = .closed
  /// Whether the current outage has been reported.
  private(set) var outageReported = false
  let idleClose: Duration
  let retry: Retry
  private var nextRetry: Duration

  init(idleClose: Duration, retry: Retry) {
    precondition(idleClose > .zero, "idleClose must be positive")
    precondition(
      retry.initial > .zero && retry.maximum >= retry.initial, "need 0 < initial ≤ maximum")
    self.idleClose = idleClose
    self.retry = retry
    self.nextRetry = retry.initial
  }

  /// Samples are waiting at `now`.
  func samplesWaiting(at now: Instant) -> Decision {
    switch phase {
    case .closed: return .open
    case .open: return .write
    case .unavailable(let retryAt): return now >= retryAt ? .open : .drop
    }
  }

  /// The PCM opened at `now`: the outage, if any, is over.
  mutating func opened(at now: Instant) {
    phase = .open(lastActivity: now)
    outageReported = false
    nextRetry = retry.initial
  }

  /// Samples went to the device (or it finished playing them) at `now`.
  mutating func played(at now: Instant) {
    if case .open = phase { phase = .open(lastActivity: now) }
  }

  /// Opening failed, or the device failed while playing (the thread closed it): no
  /// retry before a backed-off delay.
  ///
  /// - Returns: `error` if this outage is not reported yet, else `nil`.
  mutating func failed(_ error: AudioError, at now: Instant) -> AudioError? {
    phase = .unavailable(retryAt: now.advanced(by: nextRetry))
    nextRetry = min(retry.maximum, nextRetry * 2)
    if outageReported { return nil }
    outageReported = true
    return error
  }

  /// When an open PCM is to be closed for idleness; `nil` when it is not open.
  var idleDeadline: Instant? {
    if case .open(let lastActivity) = phase { return lastActivity.advanced(by: idleClose) }
    return nil
  }

  /// Whether an open PCM has been idle long enough at `now` to close it.
  func isIdle(at now: Instant) -> Bool {
    idleDeadline.map { now >= $0 } ?? false
  }

  /// The thread closed the PCM (idle, asked to, or to reopen it in another format). An
  /// unavailable device stays unavailable until its retry time.
  mutating func closed() {
    if case .open = phase { phase = .closed }
  }
}
