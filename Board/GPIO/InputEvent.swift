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

/// What a button did.
public enum ButtonAction: String, Sendable, Equatable {
  case press
  /// Held for the long-press time; reported while still held.
  case longPress
  case release
}

/// A decoded input: what the core and the bench monitor see.
public enum InputEvent: Sendable, Equatable {
  /// The knob turned by `detents` (positive clockwise, after the configured direction).
  case rotated(detents: Int, at: Duration)
  /// A button with a configured role ("select", "back", "home", "mute", …).
  case button(role: String, action: ButtonAction, at: Duration)
  /// The ignition (ACC) line, after its debounce: a cranking dip does not count.
  case ignition(on: Bool, at: Duration)
}

/// Something that produces raw GPIO edges: libgpiod, or a recording.
public protocol EdgeSource: Sendable {
  /// The edges, in kernel time order. The stream ends when the source is closed.
  func edges() -> AsyncStream<Edge>
}
