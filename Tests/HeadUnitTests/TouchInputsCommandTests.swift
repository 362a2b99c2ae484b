import Foundation
import TestSupport
import Testing

/// `headunit inputs --touch`: the bench monitor for the touch screen, on recordings and on
/// the fake input device.
@Suite("headunit inputs --touch", .serialized)
struct TouchInputsCommandTests {
  static let fixtures = PreloadLibrary.root.appendingPathComponent("Tests/Fixtures/touch")

  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try ChildProcess.output(
      of: CrashConsistencyTests.headunit, ["inputs"] + arguments,
      environment: ProcessInfo.processInfo.environment)
  }

  @Test("a recording of the official display: its tap, drag and pinch as JSON lines")
  func recording() throws {
    let path = Self.fixtures.appendingPathComponent("official-7in-tap-drag-pinch.evemu").path
    let (status, output) = try Self.run(["--touch", path, "--json"])
    #expect(status == 0, "\(output)")
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.first?.contains(#""type":"opened""#) == true, "\(output)")
    #expect(lines.first?.contains(#""device":"raspberrypi-ts""#) == true)
    #expect(lines.dropFirst().first == #"{"type":"tap","x":400.5,"y":240.5}"#, "\(output)")
    #expect(lines.filter { $0.contains(#""type":"drag""#) }.count >= 2)
    #expect(lines.filter { $0.contains(#""type":"pinch""#) }.count >= 2)
  }

  @Test("a panel turned upside down, set right by --rotation 180")
  func rotated() throws {
    let path = Self.fixtures.appendingPathComponent("usb-single-touch-tap.evemu").path
    let (status, output) = try Self.run(["--touch", path, "--rotation", "180", "--size", "800x480"])
    #expect(status == 0, "\(output)")
    #expect(output.contains("inputs: touch eGalax Inc. USB TouchController on \(path)"))
    #expect(output.contains("    0.100 s  tap (399, 239)"), "\(output)")
  }

  @Test("wrong options are usage errors")
  func usage() throws {
    let path = Self.fixtures.appendingPathComponent("usb-single-touch-tap.evemu").path
    let turned = try Self.run(["--touch", path, "--rotation", "45"])
    #expect(turned.status == 2)
    #expect(turned.output.contains("--rotation must be 0, 90, 180 or 270, not 45"))
    let alone = try Self.run(["--size", "800x480"])
    #expect(alone.status == 2)
    #expect(alone.output.contains("--size goes with --touch"))
    let bad = try Self.run(["--touch", "/nonexistent/x.evemu"])
    #expect(bad.status == 2)
    #expect(bad.output.contains("/nonexistent/x.evemu: cannot read the recording"))
  }

  @Test("live, on the fake touch screen found by auto-detection")
  func live() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("touch-inputs-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let control = directory.appendingPathComponent("touch").path
    try #require(mkfifo(control, 0o600) == 0)
    let monitor = try ChildProcess(
      CrashConsistencyTests.headunit, ["inputs", "--touch", "auto"],
      environment: [
        "LD_PRELOAD": try PreloadLibrary.compile("fakeevdev").get(),
        "FAKEEVDEV_DEVICES": "event0:kbd:0-0:0-0:0:keys;event1:mt:0-799:0-479:10:raspberrypi-ts",
        "FAKEEVDEV_CONTROL": control,
      ])
    defer { monitor.signal(SIGKILL) }
    let opened = await monitor.waitForLine(inOutput: true) { $0.hasPrefix("inputs: touch") }
    #expect(opened?.contains("raspberrypi-ts on /dev/input/event1") == true, "\(monitor.err)")
    let handle = try #require(FileHandle(forWritingAtPath: control))
    handle.write(
      Data(
        [
          "ev event1 3 0x39 7", "ev event1 3 0x35 200", "ev event1 3 0x36 100", "ev event1 0 0 0",
          "sleep 30", "ev event1 3 0x39 -1", "ev event1 0 0 0",
        ].joined(separator: "\n").appending("\n").utf8))
    try handle.close()
    let tap = await monitor.waitForLine(inOutput: true) { $0.contains("tap") }
    #expect(tap?.hasSuffix("tap (200, 100)") == true, "\(monitor.out)")
  }
}
