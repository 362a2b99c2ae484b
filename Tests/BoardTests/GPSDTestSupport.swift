import Foundation
import Navigation
import Rigs
import Synchronization
import Testing

@testable import Board
@testable import Core

/// The embedded drives, read straight from the source tree (BoardTests does not link
/// the HeadUnit bundle).
enum GPSDTestDrive {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/HeadUnit/Resources/Helsinki")

  /// The drive's text.
  static func text(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent("\(name).nmea"), encoding: .utf8)
  }

  /// The drive's sentences grouped into epochs, a new epoch at each RMC.
  static func epochs(_ name: String) throws -> [[String]] {
    var epochs: [[String]] = []
    for line in try text(name).split(whereSeparator: \.isNewline) where !line.isEmpty {
      if line.dropFirst(3).hasPrefix("RMC") || epochs.isEmpty {
        epochs.append([String(line)])
      } else {
        epochs[epochs.count - 1].append(String(line))
      }
    }
    return epochs
  }

  /// An NMEA sentence with its checksum: `body` is what goes between `$` and `*`.
  static func sentence(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0), ^)
    let hex = String(sum, radix: 16, uppercase: true)
    return "$\(body)*\(hex.count < 2 ? "0" + hex : hex)"
  }
}

/// Sends epochs to gpsd's UDP port, `pace` apart. gpsd 3.22 tells epochs apart by the
/// time in RMC/GGA and reports each at its last sentence (once it has learnt which that
/// is), so no pause is strictly needed; the pause keeps the kernel's UDP buffer and
/// gpsd's client queue far from full on a loaded test machine. Paced on
/// `DedicatedThreadExecutor`, so a busy cooperative pool does not stretch the pauses.
func feed(
  _ epochs: some Collection<[String]> & Sendable, to port: Int,
  pace: Duration = .milliseconds(10)
) async throws {
  try await withTaskExecutorPreference(DedicatedThreadExecutor.shared) {
    let sender = try NMEASender(port: port)
    for epoch in epochs {
      for sentence in epoch { try sender.send(sentence) }
      try await Task.sleep(for: pace)
    }
  }
}

/// Runs tasks that prefer it on one thread of its own, away from the cooperative pool.
///
/// The whole test run shares the pool (two threads on a two-core machine), and other
/// suites keep it busy with seconds of computation; a consumer there would see events
/// late and take wrong arrival times.
final class DedicatedThreadExecutor: TaskExecutor {
  static let shared = DedicatedThreadExecutor()

  private let jobs = Mutex<[UnownedJob]>([])
  private let waiting = DispatchSemaphore(value: 0)

  private init() {
    let thread = Thread { [self] in
      while true {
        waiting.wait()
        guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
        job.runSynchronously(on: asUnownedTaskExecutor())
      }
    }
    thread.name = "test event recorder"
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
    waiting.signal()
  }
}

/// Records the events of a position source as they arrive, with their arrival time.
///
/// Consumes the stream on its own task, run by `DedicatedThreadExecutor`; `stop()` (or
/// dropping the recorder) cancels that task, which ends the iteration as a consumer
/// would.
final class GPSDEventRecorder: Sendable {
  typealias Entry = (at: ContinuousClock.Instant, event: PositionEvent)

  private let log: Log
  private let task: Task<Void, Never>

  private final class Log: Sendable {
    let entries = Mutex<[Entry]>([])
  }

  init(_ stream: AsyncStream<PositionEvent>) {
    let log = Log()
    self.log = log
    task = Task(executorPreference: DedicatedThreadExecutor.shared) {
      for await event in stream {
        let now = ContinuousClock.now
        log.entries.withLock { $0.append((now, event)) }
      }
    }
  }

  deinit {
    task.cancel()
  }

  var entries: [Entry] { log.entries.withLock { $0 } }
  var events: [PositionEvent] { entries.map(\.event) }
  var fixes: [Fix] {
    events.compactMap { event in
      if case .fix(let fix) = event { return fix }
      return nil
    }
  }
  var statuses: [PositionStatus] {
    events.compactMap { event in
      if case .status(let status) = event { return status }
      return nil
    }
  }

  /// Waits (checking every 10 ms) until `condition` holds for the events so far;
  /// false when `timeout` passes first. On a busy pool the checks may come late; the
  /// last one is made after the deadline.
  func wait(
    timeout: Duration, until condition: ([PositionEvent]) -> Bool
  ) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while ContinuousClock.now < deadline {
      if condition(events) { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return condition(events)
  }

  /// Stops consuming, as a consumer leaving its `for await` loop does.
  func stop() {
    task.cancel()
  }
}

/// The local ports of this machine's established TCP connections to 127.0.0.1:`port`
/// (from `/proc/net/tcp`), so a test can follow one connection rather than any
/// connection to the port.
func establishedConnections(toPort port: Int) -> Set<Int> {
  // Read to the end: procfs files report size 0, and a single read stops at a page.
  guard let file = FileHandle(forReadingAtPath: "/proc/net/tcp"),
    let data = try? file.readToEnd()
  else { return [] }
  let table = String(decoding: data, as: UTF8.self)
  let remote = String(format: ":%04X", port)
  var ports: Set<Int> = []
  for line in table.split(separator: "\n").dropFirst() {
    let fields = line.split(separator: " ")
    guard fields.count > 3, fields[2].hasSuffix(remote), fields[3] == "01",
      let local = fields[1].split(separator: ":").last.flatMap({ Int($0, radix: 16) })
    else { continue }
    ports.insert(local)
  }
  return ports
}

/// The inodes of the TCP sockets from local ports `ports` to `port` (from /proc/net/tcp).
func socketInodes(toPort port: Int, from ports: Set<Int>) -> Set<String> {
  guard let file = FileHandle(forReadingAtPath: "/proc/net/tcp"),
    let data = try? file.readToEnd()
  else { return [] }
  let remote = String(format: ":%04X", port)
  var inodes: Set<String> = []
  for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
    let fields = line.split(separator: " ")
    guard fields.count > 9, fields[2].hasSuffix(remote),
      let local = fields[1].split(separator: ":").last.flatMap({ Int($0, radix: 16) }),
      ports.contains(local)
    else { continue }
    inodes.insert(String(fields[9]))
  }
  return inodes
}

/// The socket inodes process `pid` holds open (`socket:[N]` links in /proc/PID/fd).
func socketInodes(heldBy pid: pid_t) -> Set<String> {
  let folder = "/proc/\(pid)/fd"
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  var inodes: Set<String> = []
  for name in names {
    guard
      let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(name)"),
      target.hasPrefix("socket:[")
    else { continue }
    inodes.insert(String(target.dropFirst(8).dropLast()))
  }
  return inodes
}
