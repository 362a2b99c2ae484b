// Placeholders until the systemd branch lands.
public struct SystemdNotifier: Sendable {
  public init() {}
  public func ready() {}
  public func status(_ text: String) {}
  public func watchdog() {}
  public func stopping() {}
  public func reloading() {}
  public var watchdogInterval: Duration? { nil }
}

public final class SignalEvents: Sendable {
  public enum Signal: Sendable { case terminate, interrupt, hangUp }
  public let events: AsyncStream<Signal>
  public init() { events = AsyncStream { _ in } }
}
