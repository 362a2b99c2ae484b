/// How much a log line matters: the syslog priorities, most severe first.
///
/// The core's effects carry one (`.log(level, message)`); the app's `Logger` writes it as
/// the `<N>` prefix journald files lines by.
public enum LogLevel: Int, Comparable, Sendable, CaseIterable {
  case error = 3
  case warning = 4
  case notice = 5
  case info = 6
  case debug = 7

  /// More severe is greater: `.error > .debug`.
  public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue > b.rawValue }
}
