import Foundation
import Rigs
import Synchronization

/// A program run by a test, its standard output and error collected line by line as they
/// come, so the test can wait for a line, signal the program and read its exit status.
///
/// Reader threads drain both pipes for the life of the process; the process is killed
/// (SIGKILL) when the value is dropped while it still runs.
public final class ChildProcess: Sendable {
  /// The lines read so far, shared with the reader threads.
  private final class Lines: Sendable {
    let value = Mutex<(out: [String], err: [String])>(([], []))
  }

  /// When the process ended, set by Foundation's termination thread — not by a test task,
  /// which a busy cooperative pool may run late.
  private final class Exit: Sendable {
    let instant = Mutex<ContinuousClock.Instant?>(nil)
  }

  private let process: Process
  private let lines = Lines()
  private let exit = Exit()

  /// Starts `executable` with `arguments`, the test's environment plus `environment`.
  public init(
    _ executable: String, _ arguments: [String], environment extra: [String: String] = [:]
  ) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment.merge(extra) { $1 }
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let exit = self.exit
    process.terminationHandler = { _ in exit.instant.withLock { $0 = .now } }
    try process.run()
    self.process = process
    collect(out.fileHandleForReading, error: false)
    collect(err.fileHandleForReading, error: true)
  }

  /// Runs `executable` to its end and returns its exit status and everything it printed
  /// (standard output and error together). `environment` replaces the test's when given.
  /// Blocks until it exits.
  public static func output(
    of executable: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.bytesToEnd(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  public var processIdentifier: Int32 { process.processIdentifier }
  /// When the process exited, nil while it runs.
  public var exitedAt: ContinuousClock.Instant? { exit.instant.withLock { $0 } }
  public var isRunning: Bool { process.isRunning }
  /// Standard output so far, one element per line.
  public var out: [String] { lines.value.withLock { $0.out } }
  /// Standard error so far, one element per line.
  public var err: [String] { lines.value.withLock { $0.err } }

  /// Waits until a line of standard error (or output, with `inOutput`) satisfies `matches`;
  /// returns it, or nil after `timeout` or when the process ends first.
  public func waitForLine(
    inOutput: Bool = false, timeout: Duration = .seconds(20),
    where matches: (String) -> Bool
  ) async -> String? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let found = (inOutput ? out : err).first(where: matches)
      if let found { return found }
      if !process.isRunning { break }
      try? await Task.sleep(for: .milliseconds(10))
    }
    // A last look: on a loaded machine this task may wake long after the line came.
    return (inOutput ? out : err).first(where: matches)
  }

  public func signal(_ number: Int32) {
    kill(process.processIdentifier, number)
  }

  /// Waits for the process to exit; its status (or signal), or nil after `timeout`.
  public func exitStatus(timeout: Duration = .seconds(10)) async -> Int32? {
    let deadline = ContinuousClock.now + timeout
    while process.isRunning, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    guard !process.isRunning else { return nil }
    process.waitUntilExit()
    // Let the readers drain the pipes.
    try? await Task.sleep(for: .milliseconds(50))
    return process.terminationStatus
  }

  private func collect(_ handle: FileHandle, error: Bool) {
    let thread = Thread { [lines] in
      var pending = ""
      while true {
        let data = handle.availableBytes()
        if data.isEmpty { break }
        pending += String(decoding: data, as: UTF8.self)
        while let newline = pending.firstIndex(of: "\n") {
          let line = String(pending[..<newline])
          pending = String(pending[pending.index(after: newline)...])
          lines.value.withLock { if error { $0.err.append(line) } else { $0.out.append(line) } }
        }
      }
    }
    thread.start()
  }
}
