import Board
import Foundation
import Navigation
import Rigs
import Synchronization
import TestSupport
import Testing

@testable import Commands
@testable import Core
@testable import HeadUnit

/// `headunit run` as a process on the stand-ins: the framebuffer (`Sources/Rigs/StandIns/fakefb`)
/// and the GPIO chip (`Sources/Rigs/StandIns/fakegpio`) preloaded, a real gpsd fed a recorded
/// drive over UDP, and prompts played through ALSA into a `file` PCM.
@Suite("headunit run (process)", .serialized)
struct DaemonProcessTests {
  /// A daemon started in its own folder, with a trip saved a minute ago to resume.
  final class Rig: @unchecked Sendable {
    let directory: URL
    let state: URL
    var gpsd: GPSDDaemon
    private(set) var daemon: ChildProcess
    /// Where the prompts' WAV files go (the ALSA file PCM's folder).
    let audio: URL
    /// The daemon's environment, for `restart()`.
    private let environment: [String: String]
    let control: String
    let seeded: TripSnapshot
    let configPath: String
    /// The daemon's systemd notifications, read as they come (a full socket queue would
    /// block the sender, as systemd never lets happen).
    let notifications = Notifications()

    /// `sections`: more top-level members of the configuration, each starting with a comma;
    /// `board`: more members of its `board` section, each ending with a comma;
    /// `environment`: more variables for the daemon (the stand-ins' settings);
    /// `savedTrip`: what `trip.json` holds instead of the seeded trip; `state`: the state
    /// directory, when not a folder of its own.
    init(
      sections: String = "", board: String = "", environment: [String: String] = [:],
      savedTrip: Data? = nil,
      state stateDirectory: URL? = nil
    ) throws {
      directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("daemon-\(UUID().uuidString)", isDirectory: true)
      state = stateDirectory ?? directory.appendingPathComponent("state", isDirectory: true)
      audio = directory.appendingPathComponent("audio", isDirectory: true)
      try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent("power"), withIntermediateDirectories: true)
      seeded = try DriveFixtures.snapshot(
        "helsinki-1-clean", savedAt: Date().addingTimeInterval(-60), sequence: 3)
      try TripStore(directory: state).save(seeded)
      if let savedTrip { try savedTrip.write(to: TripStore(directory: state).url) }

      gpsd = try GPSDDaemon.start()
      control = directory.appendingPathComponent("gpio").path
      guard mkfifo(control, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
      let config = """
        {
          "logLevel": "debug",
          "stateDirectory": "\(state.path)",
          "gpsd": { "host": "127.0.0.1", "port": \(gpsd.port) },
          "display": { "framebuffer": "/dev/fb0", "frameRate": 10 },
          "audio": { "device": "headunit_wav:FILE=\(audio.path)/voice.wav" },
          "board": {
            "board": "pi4",\(board)
            "encoder": { "a": "GPIO17", "b": "GPIO27" },
            "buttons": [ { "role": "select", "pin": "GPIO22" } ],
            "ignition": { "pin": "GPIO5", "offDelayMs": 200 },
            "powerSupplyPath": "\(directory.path)/power"
          },
          "lifecycle": { "gracePeriodSeconds": 1, "parkedScreenSeconds": 0.5 },
          "bridge": { "socket": "\(directory.path)/bridge.sock" }\(sections)
        }
        """
      configPath = directory.appendingPathComponent("config.json").path
      try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
      let listener = try NotifyListener(directory: directory)
      notifications.listen(to: listener)
      let libraries = try ["fakefb", "fakegpio"].map { try PreloadLibrary.compile($0).get() }
      self.environment = [
        "LD_PRELOAD": libraries.joined(separator: ":"),
        "FAKEFB_FILE": directory.appendingPathComponent("fb0.raw").path,
        "FAKEFB_LOG": directory.appendingPathComponent("fb.log").path,
        "FAKEGPIO_CHIPS": "gpiochip0:pinctrl-bcm2711:58",
        "FAKEGPIO_CONTROL": control,
        "NOTIFY_SOCKET": listener.path,
        "WATCHDOG_USEC": "1000000",
        "ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:"
          + PreloadLibrary.root.appendingPathComponent("Tests/Fixtures/alsa/test.asoundrc").path,
      ].merging(environment) { _, new in new }
      daemon = try ChildProcess(
        CrashConsistencyTests.headunit, ["run", "--config", configPath],
        environment: self.environment)
    }

    /// Starts the daemon again, as systemd does after it died; the old one must be gone.
    func restart() throws {
      daemon = try ChildProcess(
        CrashConsistencyTests.headunit, ["run", "--config", configPath], environment: environment)
    }

    deinit {
      daemon.signal(SIGKILL)
      gpsd.kill()
      try? FileManager.default.removeItem(at: directory)
    }

    /// Sends the first `count` epochs of the drive to gpsd, `pace` apart.
    func drive(_ count: Int, from start: Int = 0, pace: Duration = .milliseconds(150))
      async throws
    {
      let epochs = try EmbeddedData.epochs(forDrive: "helsinki-1-clean")
      let sender = try NMEASender(port: gpsd.udpPort)
      for epoch in epochs.dropFirst(start).prefix(count) {
        for sentence in epoch { try sender.send(sentence) }
        try await Task.sleep(for: pace)
      }
    }

    /// Sets GPIO line `line` of the fake chip to `level`.
    func setLine(_ line: Int, _ level: Int) throws {
      guard let handle = FileHandle(forWritingAtPath: control) else {
        throw CocoaError(.fileWriteUnknown)
      }
      handle.write(Data("set gpiochip0 \(line) \(level)\n".utf8))
      try handle.close()
    }

    var framebufferLog: [String] {
      let text = try? String(
        contentsOf: directory.appendingPathComponent("fb.log"), encoding: .utf8)
      return text?.split(separator: "\n").map(String.init) ?? []
    }

    /// Distinct colours in the framebuffer's memory (XRGB8888).
    var screenColours: Int {
      guard
        let data = FileManager.default.contents(
          atPath: directory.appendingPathComponent("fb0.raw").path)
      else { return 0 }
      var colours = Set<UInt32>()
      data.withUnsafeBytes { raw in
        let pixels = raw.bindMemory(to: UInt32.self)
        for index in stride(from: 0, to: pixels.count, by: 97) {
          colours.insert(pixels[index] & 0x00FF_FFFF)
        }
      }
      return colours.count
    }

    /// The mean brightness of the framebuffer's pixels, 0–255 (a sample of them).
    var screenBrightness: Double {
      guard
        let data = FileManager.default.contents(
          atPath: directory.appendingPathComponent("fb0.raw").path)
      else { return 0 }
      var sum = 0.0
      var count = 0.0
      data.withUnsafeBytes { raw in
        let pixels = raw.bindMemory(to: UInt32.self)
        for index in stride(from: 0, to: pixels.count, by: 97) {
          let p = pixels[index]
          sum += Double((p >> 16) & 0xFF) + Double((p >> 8) & 0xFF) + Double(p & 0xFF)
          count += 3
        }
      }
      return count > 0 ? sum / count : 0
    }

    func log(_ text: String) -> Bool { daemon.err.contains { $0.contains(text) } }
  }

  /// Collects notifications on a thread of its own.
  final class Notifications: Sendable {
    private let messages = Mutex<[String]>([])

    var received: [String] { messages.withLock { $0 } }

    func listen(to listener: NotifyListener) {
      nonisolated(unsafe) let listener = listener
      let thread = Thread { [self] in
        while true {
          guard let message = listener.receive(timeout: .seconds(10)) else { return }
          self.messages.withLock { $0 += message.split(separator: "\n").map(String.init) }
        }
      }
      thread.start()
    }
  }

  @Test("starts, shows the map, resumes and navigates the saved trip, stops on SIGTERM")
  func runsAndStops() async throws {
    let rig = try Rig()
    let first = await rig.daemon.waitForLine { $0.contains("first frame") }
    try #require(first != nil, "no first frame; stderr:\n\(rig.daemon.err.joined(separator: "\n"))")
    #expect(rig.log("resuming the trip to \(rig.seeded.place.name)"))
    #expect(rig.log("GPIO: gpiochip0 [pinctrl-bcm2711]"))
    #expect(rig.screenColours > 20, "something is drawn")
    #expect(rig.notifications.received.first == "READY=1", "readiness after the first frame")
    // WATCHDOG_USEC of 1 s: the loop pings every 0.5 s.
    try await Task.sleep(for: .seconds(1.6))
    #expect(rig.notifications.received.filter { $0 == "WATCHDOG=1" }.count >= 2)

    try await rig.drive(40)
    let navigating = await rig.daemon.waitForLine { $0.contains("guidance: navigating") }
    #expect(navigating != nil, "\(rig.daemon.err.joined(separator: "\n"))")

    // SIGHUP reloads the file; a broken one is refused and the running one kept.
    let text = try String(contentsOfFile: rig.configPath, encoding: .utf8)
    try Data(
      text.replacingOccurrences(
        of: "\"frameRate\": 10", with: "\"frameRate\": 10, \"theme\": \"night\""
      ).utf8
    )
    .write(to: URL(fileURLWithPath: rig.configPath))
    rig.daemon.signal(SIGHUP)
    #expect(
      await rig.daemon.waitForLine(timeout: .seconds(5)) { $0.contains("SIGHUP: reloaded") } != nil)
    try Data("{ \"display\": { \"theme\": \"dusk\" } }".utf8).write(
      to: URL(fileURLWithPath: rig.configPath))
    rig.daemon.signal(SIGHUP)
    let refused = await rig.daemon.waitForLine(timeout: .seconds(5)) {
      $0.contains("keeping the running configuration")
    }
    #expect(refused?.contains("$.display.theme") == true, "\(refused ?? "no line")")
    #expect(rig.daemon.isRunning)

    let asked = ContinuousClock.now
    rig.daemon.signal(SIGTERM)
    let status = await rig.daemon.exitStatus(timeout: .seconds(10))
    let took = rig.daemon.exitedAt.map { asked.duration(to: $0) } ?? .seconds(99)
    #expect(status == 0, "\(rig.daemon.err.joined(separator: "\n"))")
    #expect(took < .seconds(2), "stopped in \(took)")
    #expect(rig.log("SIGTERM: stopping"))
    #expect(rig.notifications.received.contains("STOPPING=1"))
    #expect(
      rig.framebufferLog.suffix(3).contains { $0.hasSuffix("FBIOBLANK 4") }, "\(rig.framebufferLog)"
    )

    let (saved, warning) = TripStore(directory: rig.state).load()
    #expect(warning == nil)
    let trip = try #require(saved, "no trip saved on SIGTERM")
    #expect(trip.sequence > rig.seeded.sequence)
    #expect((trip.progress?.offset ?? 0) > 100, "progress \(String(describing: trip.progress))")

    let voice = try FileManager.default.contentsOfDirectory(atPath: rig.audio.path)
      .filter { $0.hasPrefix("voice.wav") }
    let bytes = try voice.reduce(0) { total, name in
      let path = rig.audio.appendingPathComponent(name).path
      return total + ((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
    }
    #expect(bytes > 22_050, "prompts were played into the ALSA file PCM (\(voice), \(bytes) B)")
  }

  @Test("ignition off: Parked, then a blank screen; ignition on: the map and the trip again")
  func ignitionCycle() async throws {
    let rig = try Rig()
    try #require(await rig.daemon.waitForLine { $0.contains("first frame") } != nil)
    try await rig.drive(10)
    try rig.setLine(5, 0)
    let parked = await rig.daemon.waitForLine(timeout: .seconds(10)) { $0.contains("parked:") }
    #expect(parked?.contains("ignition off") == true)
    let released = await rig.daemon.waitForLine { $0.contains("devices released") }
    #expect(released != nil)
    #expect(rig.framebufferLog.contains { $0.hasSuffix("FBIOBLANK 4") })
    let (saved, _) = TripStore(directory: rig.state).load()
    #expect(saved?.sequence ?? 0 > rig.seeded.sequence, "the trip was saved on teardown")

    try rig.setLine(5, 1)
    let running = await rig.daemon.waitForLine {
      $0.contains("running") && rig.daemon.err.filter { $0.contains("running") }.count >= 2
    }
    #expect(running != nil, "\(rig.daemon.err.joined(separator: "\n"))")
    #expect(
      rig.framebufferLog.last?.hasSuffix("FBIOBLANK 0") == true
        || rig.framebufferLog.last?.contains("open") == true)
    rig.daemon.signal(SIGTERM)
    #expect(await rig.daemon.exitStatus() == 0)
  }
}

extension DaemonProcessTests {
  @Test("the headlights line overrides the automatic theme: night while on, day while off")
  func headlightsChooseTheTheme() async throws {
    // The stand-in's lines start high, as with pull-ups: the lights are on from the start.
    let rig = try Rig(board: #" "headlights": { "pin": "GPIO6" },"#)
    try #require(await rig.daemon.waitForLine { $0.contains("first frame") } != nil)
    try await Task.sleep(for: .seconds(0.5))
    let night = rig.screenBrightness
    try rig.setLine(6, 0)
    // Settles after 500 ms; a frame follows.
    try await Task.sleep(for: .seconds(1.5))
    let day = rig.screenBrightness
    #expect(night < 110, "night theme while the lights are on (mean \(night))")
    #expect(day > 170, "day theme once they are off (mean \(day))")
    rig.daemon.signal(SIGTERM)
    #expect(await rig.daemon.exitStatus() == 0)
  }
}

/// `headunit run` refusing to start, in-process.
@Suite("headunit run refusing to start")
struct RunCommandTests {
  func run(config: String) throws -> (HeadUnitCommand.Status, Captured) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("run-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("config.json").path
    try Data(config.replacingOccurrences(of: "DIR", with: directory.path).utf8)
      .write(to: URL(fileURLWithPath: path))
    let captured = Captured()
    return (HeadUnitCommand.run(["run", "--config", path], console: captured.console), captured)
  }

  @Test("no framebuffer: exit 1 naming the device and the key to fix")
  func noFramebuffer() throws {
    let (status, output) = try run(
      config: #"{"stateDirectory": "DIR/state", "display": {"framebuffer": "DIR/fb9"}}"#)
    #expect(status == .failure)
    #expect(output.err.contains("fb9"), "\(output.err)")
    #expect(output.err.contains("display.framebuffer"), "\(output.err)")
  }

  @Test("a wrong configuration: exit 2 with the JSON path")
  func badConfiguration() throws {
    let (status, output) = try run(config: #"{"display": {"frameRate": 0}}"#)
    #expect(status == .usage)
    #expect(output.err.contains("$.display.frameRate: expected 1–30, got 0"), "\(output.err)")
  }
}
