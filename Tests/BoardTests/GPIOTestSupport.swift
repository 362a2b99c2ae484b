import Foundation
import Synchronization
import TestSupport
import Testing

/// The fake GPIO character device (`Sources/Rigs/StandIns/fakegpio`), built once per test run, and
/// the `headunit` executable run under it.
enum FakeGPIO {
  static let root = PreloadLibrary.root
  static let source = root.appendingPathComponent("Sources/Rigs/StandIns/fakegpio/fakegpio.c").path

  /// The built `headunit`, next to the test bundle (`swift build --build-tests` builds it).
  static let headunit = URL(fileURLWithPath: CommandLine.arguments[0])
    .deletingLastPathComponent().appendingPathComponent("headunit").path

  /// The preload library's path, or why it could not be built.
  static let library: Result<String, CompileError> = PreloadLibrary.compile("fakegpio")

  typealias CompileError = PreloadLibrary.CompileError
}

/// A script for the fake chip's control channel: level changes with real pauses between.
struct GPIOScript {
  var chip = "gpiochip0"
  private(set) var text = ""

  mutating func set(_ line: UInt32, _ level: Int) {
    text += "set \(chip) \(line) \(level)\n"
  }

  mutating func sleep(_ milliseconds: Int) {
    text += "sleep \(milliseconds)\n"
  }

  /// One detent of a 4-transitions-per-detent encoder resting at 11 (pull-ups): clockwise
  /// (A leads B) is AB 11 → 01 → 00 → 10 → 11; counter-clockwise the reverse.
  mutating func detent(clockwise: Bool, a: UInt32, b: UInt32, stepMilliseconds: Int = 3) {
    let (first, second) = clockwise ? (a, b) : (b, a)
    for (line, level) in [(first, 0), (second, 0), (first, 1), (second, 1)] {
      set(line, level)
      sleep(stepMilliseconds)
    }
  }
}

/// `headunit` running under the fake GPIO chips, its output collected line by line.
final class FakeBoardProcess {
  let directory: URL
  let control: String
  private let child: ChildProcess

  /// Starts `headunit inputs --config <config> [arguments]` with `chips` as
  /// `FAKEGPIO_CHIPS`.
  init(config: String, chips: String, arguments: [String] = ["--json"]) throws {
    let library = try FakeGPIO.library.get()
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fakegpio-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    control = directory.appendingPathComponent("control").path
    guard mkfifo(control, 0o600) == 0 else {
      throw FakeGPIO.CompileError(description: "mkfifo \(control) failed: errno \(errno)")
    }
    let configPath = directory.appendingPathComponent("board.json").path
    try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
    child = try ChildProcess(
      FakeGPIO.headunit, ["inputs", "--config", configPath] + arguments,
      environment: [
        "LD_PRELOAD": library, "FAKEGPIO_CHIPS": chips, "FAKEGPIO_CONTROL": control,
      ])
  }

  deinit {
    child.signal(SIGTERM)
    try? FileManager.default.removeItem(at: directory)
  }

  var out: [String] { child.out }
  var err: String { child.err.joined(separator: "\n") }

  /// Waits until standard output has at least `count` lines, or `timeout` passes.
  func waitForLines(_ count: Int, timeout: Duration = .seconds(10)) async -> [String] {
    _ = await child.waitForLine(inOutput: true, timeout: timeout) { _ in out.count >= count }
    return out
  }

  /// Sends a script to the fake chip's control FIFO.
  func send(_ script: GPIOScript) throws {
    guard let handle = FileHandle(forWritingAtPath: control) else {
      throw FakeGPIO.CompileError(description: "cannot open \(control)")
    }
    handle.write(Data(script.text.utf8))
    try handle.close()
  }

  /// Waits for the process to exit by itself; returns its status, or `nil` on timeout.
  func exitStatus(timeout: Duration = .seconds(10)) async -> Int32? {
    await child.exitStatus(timeout: timeout)
  }

  func stop() {
    if child.isRunning { child.signal(SIGTERM) }
  }
}
