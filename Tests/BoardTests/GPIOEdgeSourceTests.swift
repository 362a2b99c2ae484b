import Board
import Foundation
import TestSupport
import Testing

/// `GPIOEdgeSource` in-process, against the fake GPIO chip.
///
/// The fake must be preloaded, so each test, run normally, re-runs itself in a copy of this
/// test binary with `LD_PRELOAD` and `FAKEGPIO_INPROCESS=1`, where it does the checks.
@Suite("GPIO edge source (fake GPIO chip, in-process)", .serialized)
struct GPIOEdgeSourceTests {
  static let underFake = ProcessInfo.processInfo.environment["FAKEGPIO_INPROCESS"] == "1"
  static var control: String { ProcessInfo.processInfo.environment["FAKEGPIO_CONTROL"] ?? "" }

  /// Runs test `function` of this suite again in a copy of this test binary with the
  /// fake chip preloaded, and expects it to pass there.
  static func rerunUnderFakeChip(_ function: String) throws {
    let name = function.split(separator: "(").first.map(String.init) ?? function
    let library = try FakeGPIO.library.get()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fakegpio-inprocess-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let control = directory.appendingPathComponent("control").path
    try #require(mkfifo(control, 0o600) == 0)

    let (status, text) = try PreloadLibrary.rerun(
      filter: "BoardTests.GPIOEdgeSourceTests/\(name)", library: library,
      environment: [
        "FAKEGPIO_CHIPS": GPIOInputsCommandTests.pi4Chips,
        "FAKEGPIO_CONTROL": control,
        "FAKEGPIO_INPROCESS": "1",
      ])
    #expect(status == 0, "\(text)")
    #expect(text.contains("Test run with 1 test"), "\(text)")
  }

  func send(_ commands: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: Self.control))
    handle.write(Data(commands.utf8))
    try handle.close()
  }

  /// The first `count` edges of `source`, then stops iterating (which stops the thread).
  func first(_ count: Int, of source: GPIOEdgeSource) async -> [Edge] {
    var edges: [Edge] = []
    for await edge in source.edges() {
      edges.append(edge)
      if edges.count == count { break }
    }
    return edges
  }

  @Test(
    "opens by label, reads levels, reports logical edges with the kernel's timestamps")
  func liveEdges() async throws {
    guard Self.underFake else { return try Self.rerunUnderFakeChip(#function) }
    let source = try GPIOEdgeSource(
      chip: "pinctrl-bcm2711",
      lines: [.init(offset: 17, bias: .pullUp), .init(offset: 22, activeLow: true, bias: .pullUp)])
    #expect(source.chipName == "gpiochip0")
    #expect(source.chipLabel == "pinctrl-bcm2711")
    #expect(source.chipLineCount == 58)
    #expect(source.initialLevels == [17: true, 22: false])
    try send(
      """
      set gpiochip0 17 0 1000000000
      set gpiochip0 22 0 1000000500
      set pinctrl-bcm2711 17 1 2000000000

      """)
    let edges = await first(3, of: source)
    #expect(
      edges == [
        Edge(line: 17, rising: false, timestamp: .seconds(1)),
        // Active-low: the wire fell, the logical level rose.
        Edge(line: 22, rising: true, timestamp: .seconds(1) + .nanoseconds(500)),
        Edge(line: 17, rising: true, timestamp: .seconds(2)),
      ])
  }

  @Test("timestamps are CLOCK_MONOTONIC, the clock now() reads")
  func liveClock() async throws {
    guard Self.underFake else { return try Self.rerunUnderFakeChip(#function) }
    let source = try GPIOEdgeSource(chip: "gpiochip0", lines: [.init(offset: 4)])
    let before = GPIOEdgeSource.now()
    try send("set gpiochip0 4 0\n")
    let edges = await first(1, of: source)
    let after = GPIOEdgeSource.now()
    #expect(edges.count == 1 && edges[0].timestamp >= before && edges[0].timestamp <= after)
  }

  @Test(
    "lines are held while streaming and released when the consumer stops")
  func liveRelease() async throws {
    guard Self.underFake else { return try Self.rerunUnderFakeChip(#function) }
    let lines = [GPIOEdgeSource.Line(offset: 6)]
    let source = try GPIOEdgeSource(chip: "gpiochip0", lines: lines)
    do {
      _ = try GPIOEdgeSource(chip: "gpiochip0", lines: lines)
      Issue.record("a second request for a held line succeeded")
    } catch {
      #expect(error.code == .unavailable)
      #expect(error.message.hasPrefix("line 6 on gpiochip0 is already in use by 'headunit'"))
    }
    try send("set gpiochip0 6 0\n")
    #expect(await first(1, of: source).count == 1)
    // The adapter thread wakes from poll, stops and closes the chip.
    let deadline = ContinuousClock.now + .seconds(2)
    var reopened: GPIOEdgeSource?
    while reopened == nil, ContinuousClock.now < deadline {
      reopened = try? GPIOEdgeSource(chip: "gpiochip0", lines: lines)
      if reopened == nil { try await Task.sleep(for: .milliseconds(5)) }
    }
    #expect(reopened != nil)
    // A source dropped without streaming releases its lines too.
    reopened = nil
    #expect(throws: Never.self) { _ = try GPIOEdgeSource(chip: "gpiochip0", lines: lines) }
  }

  @Test(
    "chips by name, number and path; missing chips and lines are clear errors")
  func liveErrors() throws {
    guard Self.underFake else { return try Self.rerunUnderFakeChip(#function) }
    for descriptor in ["raspberrypi-exp-gpio", "gpiochip1", "1", "/dev/gpiochip1"] {
      let source = try GPIOEdgeSource(chip: descriptor, lines: [.init(offset: 2)])
      #expect(source.chipName == "gpiochip1" && source.chipLabel == "raspberrypi-exp-gpio")
    }
    let cases: [(String, [UInt32], BoardError.Code, String)] = [
      (
        "pinctrl-rp1", [2], .unavailable,
        "GPIO chip 'pinctrl-rp1' not found (found: gpiochip0 [pinctrl-bcm2711],"
          + " gpiochip1 [raspberrypi-exp-gpio]) — check the board preset in the config"
      ),
      ("/dev/gpiochip7", [2], .unavailable, "GPIO chip '/dev/gpiochip7' not found"),
      ("gpiochip0", [99], .unavailable, "line 99 not on gpiochip0 (58 lines)"),
      ("gpiochip0", [3, 3], .configuration, "line 3 is listed twice"),
    ]
    for (chip, offsets, code, message) in cases {
      do {
        _ = try GPIOEdgeSource(chip: chip, lines: offsets.map { .init(offset: $0) })
        Issue.record("\(chip) \(offsets) opened")
      } catch {
        #expect(error.code == code)
        #expect(error.message.hasPrefix(message), "\(error.message)")
      }
    }
  }

  @Test("a second call to edges() gets a finished stream")
  func liveSecondStream() async throws {
    guard Self.underFake else { return try Self.rerunUnderFakeChip(#function) }
    let source = try GPIOEdgeSource(chip: "gpiochip0", lines: [.init(offset: 8)])
    let stream = source.edges()
    var second: [Edge] = []
    for await edge in source.edges() { second.append(edge) }
    #expect(second.isEmpty)
    try send("set gpiochip0 8 0\n")
    for await edge in stream {
      #expect(edge.line == 8 && !edge.rising)
      break
    }
  }
}
