import Foundation
import TestSupport
import Testing

@testable import HeadUnit

/// `SystemdNotifier` against a real `AF_UNIX` datagram socket standing in for systemd's.
///
/// libsystemd reads `NOTIFY_SOCKET` and `WATCHDOG_*` from the environment, and changing the
/// environment of this test process while other suites run in parallel threads is unsafe.
/// So each test, run normally, binds the socket and re-runs itself in a copy of this test
/// binary started with those variables and `HEADUNIT_NOTIFIER_CHILD=1`; the copy, alone in
/// its process, makes the calls, and this process reads back what arrived.
@Suite("systemd notifications")
struct SystemdNotifierTests {
  static let inChild = ProcessInfo.processInfo.environment["HEADUNIT_NOTIFIER_CHILD"] == "1"
  static let inheritedVariables = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"]

  /// A bound `AF_UNIX` `SOCK_DGRAM` socket in a fresh temporary directory.
  final class NotifySocket {
    let directory: URL
    let path: String
    private let fd: Int32

    init() throws {
      directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("headunit-notify-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      path = directory.appendingPathComponent("notify").path
      fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      try #require(fd >= 0, "socket: errno \(errno)")
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      let bytes = Array(path.utf8)
      try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
      withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
      }
      let bound = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      try #require(bound == 0, "bind \(path): errno \(errno)")
    }

    /// Every datagram queued so far, oldest first; does not wait.
    func received() -> [String] {
      var messages: [String] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count < 0 { break }
        messages.append(String(decoding: buffer[0..<count], as: UTF8.self))
      }
      return messages
    }

    deinit {
      close(fd)
      try? FileManager.default.removeItem(at: directory)
    }
  }

  /// Runs test `function` of this suite in a copy of this test binary whose environment is
  /// this one's without the systemd variables, plus `extra`; expects it to pass there.
  static func rerun(_ function: String, environment extra: [String: String]) throws {
    let name = function.split(separator: "(").first.map(String.init) ?? function
    var environment = ProcessInfo.processInfo.environment
    for variable in inheritedVariables { environment[variable] = nil }
    environment.merge(extra) { $1 }
    environment["HEADUNIT_NOTIFIER_CHILD"] = "1"
    let (status, text) = try ChildProcess.output(
      of: CommandLine.arguments[0],
      [
        "--testing-library", "swift-testing",
        "--filter", "HeadUnitTests.SystemdNotifierTests/\(name)",
      ],
      environment: environment)
    #expect(status == 0, "\(text)")
    #expect(text.contains("Test run with 1 test"), "\(text)")
  }

  /// `CLOCK_MONOTONIC` now, in microseconds, as `MONOTONIC_USEC=` carries it.
  static func monotonicMicroseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
  }

  @Test("ready, status, watchdog and stopping arrive as the exact datagrams")
  func datagrams() throws {
    if Self.inChild {
      let notifier = SystemdNotifier()
      #expect(notifier.isEnabled)
      #expect(try notifier.ready())
      #expect(try notifier.status("Locating…\nsecond line"))
      #expect(try notifier.watchdog())
      #expect(try notifier.stopping())
      return
    }
    let socket = try NotifySocket()
    try Self.rerun(#function, environment: ["NOTIFY_SOCKET": socket.path])
    #expect(
      socket.received() == ["READY=1", "STATUS=Locating… second line", "WATCHDOG=1", "STOPPING=1"])
  }

  @Test("reloading sends RELOADING=1 with MONOTONIC_USEC of the monotonic clock")
  func reloading() throws {
    if Self.inChild {
      let notifier = SystemdNotifier()
      #expect(try notifier.reloading())
      #expect(try notifier.ready())
      return
    }
    let socket = try NotifySocket()
    let before = Self.monotonicMicroseconds()
    try Self.rerun(#function, environment: ["NOTIFY_SOCKET": socket.path])
    let after = Self.monotonicMicroseconds()
    let messages = socket.received()
    try #require(messages.count == 2, "\(messages)")
    let lines = messages[0].split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count == 2, "\(messages[0])")
    #expect(lines[0] == "RELOADING=1")
    #expect(lines[1].hasPrefix("MONOTONIC_USEC="))
    let stamp = try #require(UInt64(lines[1].dropFirst("MONOTONIC_USEC=".count)))
    #expect(before <= stamp && stamp <= after)
    #expect(messages[1] == "READY=1")
  }

  @Test("the watchdog interval is half of WATCHDOG_USEC when WATCHDOG_PID is this process")
  func watchdogInterval() throws {
    if Self.inChild {
      // Alone in this process: changing the environment is safe here.
      setenv("WATCHDOG_PID", "\(getpid())", 1)
      #expect(SystemdNotifier().watchdogInterval == .seconds(1))
      setenv("WATCHDOG_PID", "1", 1)
      #expect(SystemdNotifier().watchdogInterval == nil)
      unsetenv("WATCHDOG_PID")
      #expect(SystemdNotifier().watchdogInterval == .seconds(1))
      setenv("WATCHDOG_USEC", "soon", 1)
      #expect(SystemdNotifier().watchdogInterval == nil)
      unsetenv("WATCHDOG_USEC")
      #expect(SystemdNotifier().watchdogInterval == nil)
      return
    }
    let socket = try NotifySocket()
    try Self.rerun(
      #function, environment: ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "2000000"])
    #expect(socket.received() == [])
  }

  @Test("without NOTIFY_SOCKET every call is a no-op that returns false")
  func notUnderSystemd() throws {
    if Self.inChild {
      let notifier = SystemdNotifier()
      #expect(!notifier.isEnabled)
      #expect(notifier.watchdogInterval == nil)
      #expect(try !notifier.ready())
      #expect(try !notifier.status("idle"))
      #expect(try !notifier.watchdog())
      #expect(try !notifier.reloading())
      #expect(try !notifier.stopping())
      return
    }
    try Self.rerun(#function, environment: [:])
  }

  @Test("a NOTIFY_SOCKET that is not there gives a typed error naming the message")
  func missingSocket() throws {
    if Self.inChild {
      let notifier = SystemdNotifier()
      let error = #expect(throws: SystemdNotifier.Error.self) { try notifier.ready() }
      #expect(error?.state == "READY=1")
      #expect(error?.code == ENOENT || error?.code == ECONNREFUSED, "\(String(describing: error))")
      #expect(error?.description.hasPrefix("sd_notify(READY=1): ") == true)
      return
    }
    let socket = try NotifySocket()
    let missing = socket.directory.appendingPathComponent("nobody-listens").path
    try Self.rerun(#function, environment: ["NOTIFY_SOCKET": missing])
  }
}
