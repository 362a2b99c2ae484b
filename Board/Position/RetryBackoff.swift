/// Delays between reconnection attempts: `initial`, doubling after each failure up to
/// `maximum`, back to `initial` after a success.
public struct RetryBackoff: Sendable, Equatable {
  public var initial: Duration
  public var maximum: Duration
  private var next: Duration

  /// 1 s doubling to 10 s, for a daemon that systemd restarts within seconds.
  public static let standard = RetryBackoff(initial: .seconds(1), maximum: .seconds(10))

  public init(initial: Duration, maximum: Duration) {
    precondition(initial > .zero && maximum >= initial, "backoff needs 0 < initial ≤ maximum")
    self.initial = initial
    self.maximum = maximum
    self.next = initial
  }

  /// The delay before the next attempt; the one after is twice as long (at most `maximum`).
  public mutating func nextDelay() -> Duration {
    let delay = next
    next = min(maximum, next * 2)
    return delay
  }

  /// Starts again from `initial`, after a successful attempt.
  public mutating func reset() {
    next = initial
  }
}
