import CSystemd

#if canImport(Glibc)
  import Glibc
#endif

/// Tells systemd how the service is doing: ready, status line, watchdog pings, stopping,
/// reloading.
///
/// Under systemd with `Type=notify`, the service manager passes a datagram socket in
/// `NOTIFY_SOCKET`, and, with `WatchdogSec=`, the timeout in `WATCHDOG_USEC` (and the
/// process meant in `WATCHDOG_PID`). Both are read once, by `init`. When `NOTIFY_SOCKET`
/// is unset (run from a shell, in tests, on the bench) every method does nothing and
/// returns `false`, so callers need no "am I under systemd" branch.
///
/// Thread-safe: a plain value, and each call of `sd_notify` opens its own socket, sends one
/// datagram and closes it. A call blocks only as long as that `sendmsg` does (systemd drains
/// the socket at once); call it from anywhere, including the event loop.
public struct SystemdNotifier: Sendable {
  /// A notification that could not be sent.
  public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being sent, e.g. `READY=1`.
    public var state: String
    /// The `errno` that `sd_notify` returned (negated there, positive here).
    public var code: Int32

    public var description: String {
      "sd_notify(\(state)): \(String(cString: strerror(code)))"
    }
  }

  /// Whether `NOTIFY_SOCKET` was set when this notifier was made, i.e. notifications go
  /// somewhere.
  public let isEnabled: Bool

  /// How often to call `watchdog()`: half of the unit's `WatchdogSec=`, or nil when the
  /// watchdog is off for this process.
  ///
  /// Read once by `init` with `sd_watchdog_enabled`, which reports the timeout from
  /// `WATCHDOG_USEC` when `WATCHDOG_PID` is unset or names this process. Half the timeout
  /// is what `sd_watchdog_enabled(3)` recommends, so one late ping is not fatal. A
  /// malformed `WATCHDOG_USEC` also gives nil.
  public let watchdogInterval: Duration?

  /// Reads `NOTIFY_SOCKET` and the watchdog settings from the environment.
  ///
  /// The corresponding C calls are `getenv` and `sd_watchdog_enabled`. Neither variable is
  /// removed from the environment, so a child process sees them too; systemd ignores its
  /// notifications under `NotifyAccess=main`.
  public init() {
    isEnabled = getenv("NOTIFY_SOCKET") != nil
    var microseconds: UInt64 = 0
    if sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 {
      watchdogInterval = .microseconds(Int64(clamping: microseconds / 2))
    } else {
      watchdogInterval = nil
    }
  }

  /// Tells systemd that start-up is complete (`READY=1`); a `Type=notify` unit counts as
  /// started only from here on.
  ///
  /// Also sent when a reload started with `reloading()` is done. The corresponding C call
  /// is `sd_notify`.
  /// - Returns: true if sent, false when not under systemd.
  @discardableResult
  public func ready() throws(Error) -> Bool {
    try notify("READY=1")
  }

  /// Sets the one-line status `systemctl status` shows (`STATUS=…`).
  ///
  /// Line breaks in `text` become spaces, since a newline would start another assignment.
  /// The corresponding C call is `sd_notify`.
  /// - Returns: true if sent, false when not under systemd.
  @discardableResult
  public func status(_ text: String) throws(Error) -> Bool {
    let line = text.split(omittingEmptySubsequences: false) { $0.isNewline }.joined(separator: " ")
    return try notify("STATUS=" + line)
  }

  /// Pings the watchdog (`WATCHDOG=1`); call it every `watchdogInterval` from the loop
  /// whose liveness it vouches for, or systemd kills and restarts the service.
  ///
  /// The corresponding C call is `sd_notify`.
  /// - Returns: true if sent, false when not under systemd.
  @discardableResult
  public func watchdog() throws(Error) -> Bool {
    try notify("WATCHDOG=1")
  }

  /// Tells systemd that the service is shutting down (`STOPPING=1`).
  ///
  /// The corresponding C call is `sd_notify`.
  /// - Returns: true if sent, false when not under systemd.
  @discardableResult
  public func stopping() throws(Error) -> Bool {
    try notify("STOPPING=1")
  }

  /// Tells systemd that the service is reloading its configuration (`RELOADING=1`); send
  /// `ready()` when done.
  ///
  /// Carries `MONOTONIC_USEC=` (`CLOCK_MONOTONIC` now, in microseconds), which systemd 253
  /// and later require with `RELOADING=1` to order the reload; systemd 252 ignores it. The
  /// corresponding C calls are `clock_gettime` and `sd_notify`.
  /// - Returns: true if sent, false when not under systemd.
  @discardableResult
  public func reloading() throws(Error) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let microseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
    return try notify("RELOADING=1\nMONOTONIC_USEC=\(microseconds)")
  }

  /// Sends `state`, newline-separated `KEY=value` assignments as `sd_notify(3)` lists them.
  ///
  /// The corresponding C call is `sd_notify`.
  /// - Returns: true if sent, false when not under systemd.
  /// - Throws: `Error` with the `errno` when the socket is there but sending fails.
  @discardableResult
  public func notify(_ state: String) throws(Error) -> Bool {
    guard isEnabled else { return false }
    let result = sd_notify(0, state)
    if result < 0 { throw Error(state: state, code: -result) }
    return result > 0
  }
}
