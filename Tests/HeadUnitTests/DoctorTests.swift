import Foundation
import Rigs
import Synchronization
import TestSupport
import Testing

@testable import Commands
@testable import HeadUnit

/// `headunit doctor` run as a program against a real gpsd, the framebuffer and GPIO
/// stand-ins and ALSA's file PCM: each check passes on a working bench, and fails for its
/// own real reason, with the exit status saying whether anything failed.
@Suite("headunit doctor (process)", .serialized)
struct DoctorTests {
  /// A bench: a folder with a state directory and the configuration's file; gpsd when
  /// asked for.
  final class Bench {
    let directory: URL
    let state: URL
    var gpsd: GPSDDaemon?
    var gpsdPort: Int

    init(gpsd running: Bool = true) throws {
      directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("doctor-\(UUID().uuidString)", isDirectory: true)
      state = directory.appendingPathComponent("state", isDirectory: true)
      try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
      gpsd = running ? try GPSDDaemon.start() : nil
      gpsdPort = try gpsd?.port ?? GPSDDaemon.freePort(udp: false)
    }

    deinit {
      gpsd?.kill()
      try? FileManager.default.removeItem(at: directory)
    }

    /// The embedded drive's epochs (fixes), over and over.
    static func fixes() throws -> [[String]] {
      try EmbeddedData.epochs(forDrive: "helsinki-1-clean")
    }

    /// A receiver that sees three satellites but has no fix.
    static let noFix = [
      [
        "$GPGGA,120000.00,,,,,0,00,99.99,,,,,,*65",
        "$GPRMC,120000.00,V,,,,,,,031226,,,N*7A",
        "$GPGSV,1,1,03,05,40,083,,12,25,310,,25,61,170,*40",
      ]
    ]

    /// The configuration's sections, as JSON members; tests replace some.
    var display = #""display": { "framebuffer": "/dev/fb0" }"#
    lazy var audio = #""audio": { "device": "headunit_wav:FILE=\#(directory.path)/tone.wav" }"#
    var board = """
      "board": {
        "board": "pi4",
        "encoder": { "a": "GPIO17", "b": "GPIO27" },
        "buttons": [ { "role": "select", "pin": "GPIO22" } ],
        "ignition": { "pin": "GPIO5" }
      }
      """

    /// Runs `headunit doctor` on this bench's configuration with the stand-ins'
    /// `environment` added, feeding gpsd `feed` (the drive's fixes unless told) meanwhile;
    /// its status and lines.
    func run(environment: [String: String] = [:], wait: Int = 2, feed: [[String]]? = nil)
      async throws -> (status: Int32?, lines: [String])
    {
      let feed = try feed ?? Self.fixes()
      let config = """
        {
          "stateDirectory": "\(state.path)",
          "gpsd": { "host": "127.0.0.1", "port": \(gpsdPort) },
          \(display), \(audio), \(board)
        }
        """
      let path = directory.appendingPathComponent("config.json").path
      try Data(config.utf8).write(to: URL(fileURLWithPath: path))
      let libraries = try ["fakefb", "fakegpio"].map { try PreloadLibrary.compile($0).get() }
      let base = [
        "LD_PRELOAD": libraries.joined(separator: ":"),
        "FAKEFB_FILE": directory.appendingPathComponent("fb0.raw").path,
        "FAKEGPIO_CHIPS": "gpiochip0:pinctrl-bcm2711:58",
        "ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:"
          + PreloadLibrary.root.appendingPathComponent("Tests/Fixtures/alsa/test.asoundrc").path,
      ]
      let doctor = try ChildProcess(
        CrashConsistencyTests.headunit,
        ["doctor", "--config", path, "--wait", String(wait), "--silent"],
        environment: base.merging(environment) { _, new in new })
      let feeder = try gpsd.map { try Feeder(port: $0.udpPort, epochs: feed) }
      let status = await doctor.exitStatus(timeout: .seconds(Double(wait) + 60))
      feeder?.stop()
      return (status, doctor.out)
    }
  }

  /// The line of `check` among `lines`.
  static func line(_ check: String, in lines: [String]) -> String {
    lines.first { $0.dropFirst(5).hasPrefix(check + " ") } ?? "(no \(check) line in \(lines))"
  }

  @Test("a working bench: every device check is ok, exit 0")
  func workingBench() async throws {
    let bench = try Bench()
    let (status, lines) = try await bench.run(wait: 10)
    #expect(Self.line("config", in: lines).hasPrefix("ok"), "\(lines)")
    #expect(Self.line("gpsd", in: lines).hasPrefix("ok"), "\(lines)")
    #expect(Self.line("gpsd", in: lines).contains("fix"))
    #expect(Self.line("gpio", in: lines).hasPrefix("ok"))
    #expect(Self.line("gpio", in: lines).contains("4 of 4 lines free; ignition on"))
    #expect(Self.line("audio", in: lines).hasPrefix("ok"))
    #expect(Self.line("display", in: lines).contains("800×480"))
    #expect(Self.line("state", in: lines).hasPrefix("ok"))
    #expect(
      Self.line("clock", in: lines).contains(
        "time zone \(TimeZone.current.identifier) (the system's)"))
    #expect(!lines.contains { $0.hasPrefix("FAIL") }, "\(lines)")
    #expect(status == 0)
  }

  @Test("gpsd absent: FAIL naming where it was looked for, exit 1")
  func gpsdAbsent() async throws {
    let bench = try Bench(gpsd: false)
    let (status, lines) = try await bench.run()
    let gpsd = Self.line("gpsd", in: lines)
    #expect(gpsd.hasPrefix("FAIL"))
    #expect(gpsd.contains("not reachable at 127.0.0.1:\(bench.gpsdPort)"), "\(gpsd)")
    #expect(status == 1)
  }

  @Test("a receiver without a fix: a warning with how long and the satellites seen")
  func noFix() async throws {
    let bench = try Bench()
    let port = try #require(bench.gpsd?.udpPort)
    let (status, lines) = try await bench.run(wait: 2, feed: Bench.noFix)
    let gpsd = Self.line("gpsd", in: lines)
    #expect(gpsd.hasPrefix("warn"), "\(lines)")
    #expect(
      gpsd.contains("udp://127.0.0.1:\(port): no fix in 2 s, 3 satellites in view, 0 used"),
      "\(gpsd)")
    #expect(status == 0, "a warning alone is not a failure")
  }

  @Test("a line another program holds: FAIL naming the line and its user")
  func lineBusy() async throws {
    let bench = try Bench()
    let (status, lines) = try await bench.run(
      environment: ["FAKEGPIO_HELD": "pinctrl-bcm2711 22 headunit"])
    let busy = lines.first { $0.hasPrefix("FAIL gpio") } ?? "\(lines)"
    #expect(busy.contains("button \"select\" (GPIO22) is in use by \"headunit\""), "\(busy)")
    #expect(busy.contains("stop it first"))
    #expect(Self.line("gpio", in: lines).contains("3 of 4 lines free"))
    #expect(status == 1)
  }

  @Test("a button that reads pressed at rest: a warning about the wiring")
  func buttonPressedAtRest() async throws {
    let bench = try Bench()
    // The stand-in's lines rest high: a button configured active-high without a pull-up
    // reads pressed, as a button wired to 3.3 V and set up for ground would.
    bench.board = """
      "board": { "board": "pi4", "buttons": [
        { "role": "back", "pin": "GPIO23", "activeLow": false, "pullUp": false } ] }
      """
    let (_, lines) = try await bench.run()
    let warning = lines.first { $0.hasPrefix("warn gpio") && $0.contains("reads pressed") }
    #expect(warning?.contains("button \"back\" (GPIO23)") == true, "\(lines)")
  }

  @Test("no ALSA device: FAIL with ALSA's reason, exit 1")
  func noSoundDevice() async throws {
    let bench = try Bench()
    bench.audio = #""audio": { "device": "no_such_card" }"#
    let (status, lines) = try await bench.run()
    let audio = Self.line("audio", in: lines)
    #expect(audio.hasPrefix("FAIL"), "\(lines)")
    #expect(audio.contains("no_such_card"))
    #expect(status == 1)
  }

  @Test("no framebuffer: FAIL naming the device, exit 1")
  func noFramebuffer() async throws {
    let bench = try Bench()
    bench.display = #""display": { "framebuffer": "/dev/fb6" }"#
    let (status, lines) = try await bench.run()
    let display = Self.line("display", in: lines)
    #expect(display.hasPrefix("FAIL"), "\(lines)")
    #expect(display.contains("/dev/fb6"))
    #expect(status == 1)
  }

  @Test(
    "a read-only state directory: FAIL, trips cannot be saved, exit 1",
    .enabled(if: getuid() == 0, "mounts a read-only tmpfs"))
  func readOnlyState() async throws {
    let bench = try Bench()
    try DaemonFaultTests.SmallDisk.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=1m,ro", "tmpfs", bench.state.path])
    defer { try? DaemonFaultTests.SmallDisk.run("/bin/umount", ["-l", bench.state.path]) }
    let (status, lines) = try await bench.run()
    let state = Self.line("state", in: lines)
    #expect(state.hasPrefix("FAIL"), "\(lines)")
    #expect(state.contains("is not writable (Read-only file system)"), "\(state)")
    #expect(status == 1)
  }

  @Test("misuse exits 2")
  func misuse() throws {
    for words in [["doctor", "--wait", "-1"], ["doctor", "extra"], ["doctor", "--bogus"]] {
      let captured = Captured()
      #expect(HeadUnitCommand.run(words, console: captured.console) == .usage, "\(words)")
    }
  }
}

/// Sends gpsd's UDP port epochs of NMEA sentences, ten a second and over again, on a thread
/// of its own (a blocked task could starve the test pool's few threads) until stopped, or
/// for 20 minutes at most.
final class Feeder: Sendable {
  private let stopped = Atomic<Bool>(false)

  init(port: Int, epochs: [[String]]) throws {
    let sender = try NMEASender(port: port)
    let handoff = SenderHandoff(sender: sender)
    Thread.detachNewThread { [self] in
      for i in 0..<12_000 where !stopped.load(ordering: .relaxed) && !epochs.isEmpty {
        for sentence in epochs[i % epochs.count] { try? handoff.sender.send(sentence) }
        Thread.sleep(forTimeInterval: 0.1)
      }
    }
  }

  func stop() { stopped.store(true, ordering: .relaxed) }

  /// The sender, used by the feeding thread alone once handed over.
  private struct SenderHandoff: @unchecked Sendable {
    let sender: NMEASender
  }
}
