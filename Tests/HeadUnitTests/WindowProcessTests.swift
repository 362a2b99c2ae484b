import Foundation
import Rigs
import TestSupport
import Testing

@testable import HeadUnit

/// `headunit run --window` on a virtual X server: the keyboard stands for the knob, and
/// the window shows, pixel for pixel, what the framebuffer would.
@Suite("Desktop window", .serialized)
struct WindowProcessTests {
  /// `headunit run --window` in a folder of its own, on `x`: no sound, no bridge, no GPIO;
  /// gpsd only through `--drive`.
  final class WindowRun {
    let directory: URL
    let daemon: ChildProcess

    init(x: XvfbServer, arguments: [String] = []) throws {
      directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("window-run-\(UUID().uuidString.prefix(8))", isDirectory: true)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let config = """
        {
          "logLevel": "debug",
          "stateDirectory": "\(directory.path)/state",
          "gpsd": { "enabled": false },
          "audio": { "enabled": false },
          "display": { "frameRate": 10 },
          "bridge": { "enabled": false }
        }
        """
      let path = directory.appendingPathComponent("config.json").path
      try Data(config.utf8).write(to: URL(fileURLWithPath: path))
      daemon = try ChildProcess(
        CrashConsistencyTests.headunit, ["run", "--window", "--config", path] + arguments,
        environment: ["DISPLAY": x.display])
    }

    deinit {
      daemon.signal(SIGKILL)
      try? FileManager.default.removeItem(at: directory)
    }

    var log: String { daemon.err.joined(separator: "\n") }

    /// Waits for a line of the log containing `text`.
    func wait(for text: String, timeout: Duration = .seconds(20)) async -> Bool {
      await daemon.waitForLine(timeout: timeout) { $0.contains(text) } != nil
    }
  }

  @Test("knob keys choose a nearby restaurant and start guidance to it; the trip is kept")
  func keysStartGuidance() async throws {
    let x = try XvfbServer()
    // A fifth of real time: the car stays near the drive's start while the driver chooses.
    let run = try WindowRun(x: x, arguments: ["--drive", "helsinki-1-clean", "--speed", "0.2"])
    try #require(await run.wait(for: "first frame on window 800x480"), "\(run.log)")
    try #require(await run.wait(for: "position: connected"), "\(run.log)")
    // The nearby places are sorted from the position: let the first fixes arrive.
    try await Task.sleep(for: .seconds(2))
    let window = try #require(try x.window(titled: "headunit"), "no window on \(x.display)")
    // Each step waits for the screen it leads to, read from the daemon's debug log of the
    // controls on screen: the knob acts on what is drawn, not on what is still loading.
    let steps: [(keys: [String], screen: String)] = [
      (["Return", "Return"], "favourites 14,70"),  // Go, then the destinations menu
      (["Down", "Down", "Return"], "category.restaurant"),  // Nearby
      (["Right", "Return"], "place.poi."),  // Restaurant: the list of places
      (["Return"], "preview.start"),  // the nearest: its trip preview
      (["Right", "Return"], "targets: route-options.open"),  // Start: the guidance screen
    ]
    for step in steps {
      try x.press(step.keys, window: window)
      try #require(await run.wait(for: step.screen), "after \(step.keys): \(run.log)")
      if step.screen == "place.poi." { try await expectRoadsUnderThePins(x, window) }
    }
    #expect(await run.wait(for: "guidance: navigating"))
    let list = try #require(
      run.daemon.err.first { $0.contains("targets: back") && $0.contains("place.poi.") })
    let chosen = try #require(list.split(separator: " ").first { $0.hasPrefix("place.poi.") })
    run.daemon.signal(SIGTERM)
    #expect(await run.daemon.exitStatus(timeout: .seconds(20)) == 0, "\(run.log)")
    let trip = try #require(
      TripStore(directory: run.directory.appendingPathComponent("state")).load().snapshot,
      "no trip saved on SIGTERM")
    let slug = trip.place.name.lowercased()
      .split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    #expect(chosen.hasSuffix("." + slug), "chose \(chosen), guided to \(trip.place.name)")
  }

  /// The places' map beside their list shows the map's streets and blocks, not a bare
  /// background with pins (a bare pane is over 90 % one colour; the streets of central
  /// Helsinki leave its commonest colour under half).
  func expectRoadsUnderThePins(_ x: XvfbServer, _ window: String) async throws {
    try? await Task.sleep(for: .milliseconds(500))
    let shown = try x.pixels(ofWindow: window)
    var counts: [UInt32: Int] = [:]
    for y in 80..<shown.height {
      for x in 420..<shown.width { counts[shown.pixels[y * shown.width + x], default: 0] += 1 }
    }
    let commonest = Double(counts.values.max() ?? 0) / Double(counts.values.reduce(0, +))
    #expect(commonest < 0.7, "the places' map is \(Int(commonest * 100)) % one colour")
  }

  @Test("the window shows the framebuffer's frame, pixel for pixel")
  func windowEqualsFramebuffer() async throws {
    let x = try XvfbServer()
    let framebuffer = try TouchRig()
    let run = try WindowRun(x: x)
    try #require(await run.wait(for: "first frame on window 800x480"), "\(run.log)")
    try #require(
      await framebuffer.daemon.waitForLine { $0.contains("first frame") } != nil,
      "\(framebuffer.daemon.err.joined(separator: "\n"))")
    let window = try #require(try x.window(titled: "headunit"), "no window on \(x.display)")
    // The same two presses of the knob on both: the destinations menu, which shows no clock.
    try x.press(["Return", "Return"], window: window)
    try framebuffer.select()
    try framebuffer.select()
    try #require(await run.wait(for: "favourites 14,70"), "\(run.log)")
    try #require(
      await framebuffer.daemon.waitForLine { $0.contains("favourites 14,70") } != nil,
      "\(framebuffer.daemon.err.joined(separator: "\n"))")
    try await Task.sleep(for: .seconds(1))
    let shown = try x.pixels(ofWindow: window)
    #expect(shown.width == 800 && shown.height == 480)
    let raw = try Data(contentsOf: framebuffer.directory.appendingPathComponent("fb0.raw"))
    let frame = raw.withUnsafeBytes { bytes in
      Array(bytes.bindMemory(to: UInt32.self).prefix(800 * 480)).map { $0 & 0x00FF_FFFF }
    }
    try #require(frame.count == shown.pixels.count)
    let differing = zip(frame, shown.pixels).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) of \(frame.count) pixels differ")
    // Not two blank screens: the menu's rows and text are there.
    #expect(Set(frame).count > 20)
  }

  @Test("without a window system: a message naming DISPLAY, exit 1")
  func noWindowSystem() throws {
    let (status, output) = try ChildProcess.output(
      of: CrashConsistencyTests.headunit, ["run", "--window", "--config", "/dev/null/none"],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(status == 2, "\(output)")
    let bare = try ChildProcess.output(
      of: CrashConsistencyTests.headunit, ["run", "--window"],
      environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()])
    #expect(bare.status == 1, "\(bare.output)")
    #expect(bare.output.contains("DISPLAY"), "\(bare.output)")
  }

  @Test("command-line misuse: exit 2 with what was expected")
  func misuse() throws {
    for (words, expected) in [
      (["run", "--size", "800x480"], "--size needs --window"),
      (["run", "--speed", "2"], "--speed needs --drive"),
      (["run", "--drive", "helsinki-1-clean", "--speed", "0"], "0.1 to 100"),
      (["run", "--drive", "no-such-drive"], "helsinki-1-clean"),
      (["run", "--window", "--size", "9x9"], "WIDTHxHEIGHT"),
    ] {
      let (status, output) = try ChildProcess.output(
        of: CrashConsistencyTests.headunit, words, environment: ["PATH": "/usr/bin:/bin"])
      #expect(status == 2, "\(words): \(output)")
      #expect(output.contains(expected), "\(words): \(output)")
    }
  }
}
