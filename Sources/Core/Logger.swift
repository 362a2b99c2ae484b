/// A logger passed to whoever needs one, never global.
///
/// Lines go to the sink with a `<N>` syslog priority prefix, which journald uses to file
/// them at the right level when the daemon runs under systemd. Where the lines go is the
/// sink's business (the app's `Logger.standardError` writes them to standard error), so
/// every module that logs can take one.
public struct Logger: Sendable {
  /// Syslog priorities, most severe first (the core's).
  public typealias Level = LogLevel

  public var label: String
  /// Messages less severe than this are dropped.
  public var level: Level
  private let sink: @Sendable (String) -> Void

  public init(label: String, level: Level = .info, sink: @escaping @Sendable (String) -> Void) {
    self.label = label
    self.level = level
    self.sink = sink
  }

  public func log(_ level: Level, _ message: @autoclosure () -> String) {
    guard level >= self.level else { return }
    sink("<\(level.rawValue)>\(label): \(message())")
  }

  public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
  public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
  public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
  public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
  public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}
