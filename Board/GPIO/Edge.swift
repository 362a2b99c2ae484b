/// One edge on a GPIO line, as the kernel timestamped it.
public struct Edge: Sendable, Equatable {
  /// Line offset on its chip.
  public var line: UInt32
  /// Whether the line's logical value went to 1 (after active-low inversion).
  public var rising: Bool
  /// Kernel event time (CLOCK_MONOTONIC in libgpiod 1.6), since an arbitrary origin.
  public var timestamp: Duration

  public init(line: UInt32, rising: Bool, timestamp: Duration) {
    self.line = line
    self.rising = rising
    self.timestamp = timestamp
  }
}

/// Something that produces raw GPIO edges: libgpiod, or a recording.
public protocol EdgeSource: Sendable {
  /// The edges, in kernel time order. The stream ends when the source is closed.
  func edges() -> AsyncStream<Edge>
}
