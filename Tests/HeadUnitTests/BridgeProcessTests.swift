import Foundation
import Rigs
import TestSupport
import Testing

@testable import HeadUnit

/// `headunit run` with its bridge socket, on the framebuffer and GPIO stand-ins, driven
/// by the example client `Examples/bridge-client.py` and the knob.
@Suite("Bridge with headunit run (process)", .serialized)
struct BridgeProcessTests {
  /// A daemon with no gpsd and no sound, its bridge socket in a temporary folder.
  final class Rig {
    let directory: URL
    let socket: String
    let control: String
    let daemon: ChildProcess

    init() throws {
      directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("bridge-run-\(UUID().uuidString.prefix(8))", isDirectory: true)
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent("power"), withIntermediateDirectories: true)
      socket = directory.appendingPathComponent("run/bridge.sock").path
      control = directory.appendingPathComponent("gpio").path
      guard mkfifo(control, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
      let config = """
        {
          "logLevel": "debug",
          "stateDirectory": "\(directory.path)/state",
          "gpsd": { "enabled": false },
          "audio": { "enabled": false },
          "display": { "framebuffer": "/dev/fb0", "frameRate": 10 },
          "board": {
            "board": "pi4",
            "encoder": { "a": "GPIO17", "b": "GPIO27" },
            "buttons": [ { "role": "select", "pin": "GPIO22" }, { "role": "back", "pin": "GPIO23" } ],
            "powerSupplyPath": "\(directory.path)/power"
          },
          "bridge": { "socket": "\(socket)", "heartbeatSeconds": 0.5 }
        }
        """
      let configPath = directory.appendingPathComponent("config.json").path
      try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
      let libraries = try ["fakefb", "fakegpio"].map { try PreloadLibrary.compile($0).get() }
      daemon = try ChildProcess(
        CrashConsistencyTests.headunit, ["run", "--config", configPath],
        environment: [
          "LD_PRELOAD": libraries.joined(separator: ":"),
          "FAKEFB_FILE": directory.appendingPathComponent("fb0.raw").path,
          "FAKEGPIO_CHIPS": "gpiochip0:pinctrl-bcm2711:58",
          "FAKEGPIO_CONTROL": control,
        ])
    }

    deinit {
      daemon.signal(SIGKILL)
      try? FileManager.default.removeItem(at: directory)
    }

    /// Writes a script of fake GPIO commands.
    func gpio(_ commands: [String]) throws {
      guard let handle = FileHandle(forWritingAtPath: control) else {
        throw CocoaError(.fileWriteUnknown)
      }
      handle.write(Data((commands.joined(separator: "\n") + "\n").utf8))
      try handle.close()
    }

    /// `count` detents clockwise on the encoder (GPIO17 A, GPIO27 B).
    func turn(_ count: Int) throws {
      var script: [String] = []
      for _ in 0..<count {
        for (line, level) in [(17, 0), (27, 0), (17, 1), (27, 1)] {
          script += ["set gpiochip0 \(line) \(level)", "sleep 3"]
        }
      }
      try gpio(script)
    }

    /// A short press of the select button (GPIO22, active low).
    func select() throws {
      try gpio(["set gpiochip0 22 0", "sleep 60", "set gpiochip0 22 1", "sleep 60"])
    }

    func log(_ text: String) -> Bool { daemon.err.contains { $0.contains(text) } }
  }

  static let example = PreloadLibrary.root.appendingPathComponent("Examples/bridge-client.py")
    .path

  @Test("the Python example: a list on screen, the knob picks a row, a navigation session")
  func exampleClient() async throws {
    let rig = try Rig()
    let listening = await rig.daemon.waitForLine { $0.contains("bridge: listening") }
    try #require(listening != nil, "\(rig.daemon.err.joined(separator: "\n"))")
    let client = try ChildProcess(
      "/usr/bin/env", ["python3", Self.example, "--socket", rig.socket, "--step", "0.1", "--once"])
    let onScreen = await client.waitForLine(inOutput: true) { $0 == "list on screen" }
    try #require(onScreen != nil, "\(client.out + client.err)")
    // The first row ("Drive to the office") has the focus: a press chooses it.
    try rig.select()
    let selected = await client.waitForLine(inOutput: true) { $0.contains("\"itemSelected\"") }
    #expect(selected?.contains("\"drive\"") == true, "\(client.out)")
    // The preview: route choices, then Start. The driver turns on and presses until the
    // trip starts (a press on a route choice selects it: routeChoiceSelected).
    var started: String?
    for _ in 0..<5 where started == nil {
      try await Task.sleep(for: .milliseconds(300))
      try rig.turn(1)
      try await Task.sleep(for: .milliseconds(200))
      try rig.select()
      started = await client.waitForLine(inOutput: true, timeout: .seconds(2)) {
        $0.contains("\"tripStarted\"")
      }
    }
    #expect(started != nil, "\(client.out)")
    #expect(client.out.contains { $0.contains("\"routeChoiceSelected\"") })
    let arrived = await client.waitForLine(inOutput: true, timeout: .seconds(30)) {
      $0 == "arrived"
    }
    #expect(arrived != nil, "\(client.out + client.err)")
    #expect(await client.exitStatus(timeout: .seconds(10)) == 0, "\(client.err)")
    #expect(
      await rig.daemon.waitForLine(timeout: .seconds(5)) { $0.contains("said goodbye") } != nil)
    #expect(rig.log("bridge: the built-in app has the screen again"))
    rig.daemon.signal(SIGTERM)
    #expect(await rig.daemon.exitStatus() == 0)
    #expect(!FileManager.default.fileExists(atPath: rig.socket), "the socket is removed")
  }

  /// The rig has no gpsd: the search finds the address, and the answer says why there is
  /// no route yet (with a fix, `BridgeQueryTests` sees the preview).
  @Test("the Python example with --address: the unit's own search finds it, no fix to route from")
  func exampleClientAddress() async throws {
    let rig = try Rig()
    try #require(await rig.daemon.waitForLine { $0.contains("bridge: listening") } != nil)
    let client = try ChildProcess(
      "/usr/bin/env",
      ["python3", Self.example, "--socket", rig.socket, "--address", "Fabianinkatu 17"])
    try #require(await client.waitForLine(inOutput: true) { $0 == "list on screen" } != nil)
    // The address is the second row.
    try rig.turn(1)
    try await Task.sleep(for: .milliseconds(200))
    try rig.select()
    let answer = await client.waitForLine(inOutput: true, timeout: .seconds(10)) {
      $0.hasPrefix("navigateTo:")
    }
    #expect(
      answer?.contains("no position yet to route from to Fabianinkatu 17, 00130 Helsinki") == true,
      "\(client.out + client.err)")
    client.signal(SIGTERM)
    rig.daemon.signal(SIGTERM)
    #expect(await rig.daemon.exitStatus() == 0)
  }

  @Test("a client SIGKILLed mid-session: logged, the built-in app back, the unit keeps serving")
  func killedClient() async throws {
    let rig = try Rig()
    try #require(await rig.daemon.waitForLine { $0.contains("bridge: listening") } != nil)
    let doomed = try ChildProcess(
      "/usr/bin/env", ["python3", Self.example, "--socket", rig.socket, "--step", "0.1"])
    try #require(await doomed.waitForLine(inOutput: true) { $0 == "list on screen" } != nil)
    doomed.signal(SIGKILL)
    // Closed, or reset when the kill left lines of the unit's unread ("Connection reset by
    // peer"): either way the server says the client is gone.
    let gone = await rig.daemon.waitForLine {
      $0.contains("gone (closed the connection)")
        || $0.contains("gone (read failed: Connection reset")
    }
    #expect(gone != nil, "\(rig.daemon.err.suffix(20).joined(separator: "\n"))")
    // The server logs the disconnect; the core then hands the screen back.
    let back = await rig.daemon.waitForLine {
      $0.contains("bridge: the built-in app has the screen again")
    }
    #expect(back != nil, "\(rig.daemon.err.suffix(20).joined(separator: "\n"))")
    // Another client is served as before.
    let next = try BridgeClient(path: rig.socket)
    try next.send(#"{"type":"hello","id":1,"version":1,"app":"next"}"#)
    #expect(next.answer(to: 1)?["type"] as? String == "hello")
    rig.daemon.signal(SIGTERM)
    #expect(await rig.daemon.exitStatus() == 0)
  }
}
