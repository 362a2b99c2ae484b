import Foundation
import Rigs
import Synchronization
import TestSupport
import Testing

/// The GPS receiver and clock set-up: `Deploy/install-gps` staged for a USB receiver, a
/// UART one and none (gpsd's /etc/default/gpsd, the Pi's boot files, chrony's drop-in),
/// chrony accepting the drop-in, and a real chronyd taking the time from a real gpsd fed
/// the current time.
@Suite("GPS and clock set-up", .serialized)
struct GPSSetupTests {
  static let deploy = Paths.root.appendingPathComponent("Deploy")
  static let script = deploy.appendingPathComponent("install-gps").path
  static let dropIn = deploy.appendingPathComponent("headunit-gps.chrony.conf")

  /// A staging directory, removed when dropped.
  final class Stage {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("gps-stage-\(UUID().uuidString)", isDirectory: true)

    deinit { try? FileManager.default.removeItem(at: root) }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func write(_ path: String, _ text: String) throws {
      try FileManager.default.createDirectory(
        at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url(path))
    }

    func read(_ path: String) throws -> String {
      try String(contentsOf: url(path), encoding: .utf8)
    }

    /// The files in the directory of `path` whose names start with `path`'s and a backup's.
    func backups(of path: String) throws -> [String] {
      let name = url(path).lastPathComponent
      return try FileManager.default.contentsOfDirectory(
        atPath: url(path).deletingLastPathComponent().path
      ).filter { $0.hasPrefix(name + ".bak-") }
    }

    /// `key="value"` lines of a shell variables file, as gpsd's init reads them.
    func variables(_ path: String) throws -> [String: String] {
      var values: [String: String] = [:]
      for line in try read(path).split(separator: "\n") where !line.hasPrefix("#") {
        guard let equals = line.firstIndex(of: "=") else { continue }
        values[String(line[..<equals])] = line[line.index(after: equals)...]
          .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      }
      return values
    }
  }

  /// Runs `executable` with `arguments`, standard input from /dev/null (not a terminal, so
  /// nothing is asked); its status and all it printed.
  static func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    try ChildProcess.output(
      of: "/bin/sh", ["-c", #"exec "$0" "$@" </dev/null"#, executable] + arguments)
  }

  @Test("a USB receiver: DEVICES, -n, USBAUTO true, and chrony's drop-in")
  func usbReceiver() throws {
    let stage = Stage()
    let (status, output) = try Self.run(
      Self.script, ["--prefix", stage.root.path, "--gps", "/dev/ttyACM0"])
    #expect(status == 0, "\(output)")
    let gpsd = try stage.variables("etc/default/gpsd")
    #expect(gpsd == ["DEVICES": "/dev/ttyACM0", "GPSD_OPTIONS": "-n", "USBAUTO": "true"])
    #expect(
      try stage.read("etc/chrony/conf.d/headunit-gps.conf")
        == String(contentsOf: Self.dropIn, encoding: .utf8))
    #expect(!output.contains("reboot"), "\(output)")
  }

  @Test("a UART receiver: USBAUTO false, the UART on, the serial console off, with backups")
  func uartReceiver() throws {
    let stage = Stage()
    try stage.write("boot/firmware/config.txt", "dtparam=audio=on\n[all]\nenable_uart=0\n")
    try stage.write(
      "boot/firmware/cmdline.txt",
      "console=serial0,115200 console=tty1 root=PARTUUID=1-02 rootwait\n")
    let (status, output) = try Self.run(
      Self.script, ["--prefix", stage.root.path, "--gps", "/dev/serial0"])
    #expect(status == 0, "\(output)")
    let gpsd = try stage.variables("etc/default/gpsd")
    #expect(gpsd == ["DEVICES": "/dev/serial0", "GPSD_OPTIONS": "-n", "USBAUTO": "false"])
    #expect(
      try stage.read("boot/firmware/config.txt") == "dtparam=audio=on\n[all]\nenable_uart=1\n")
    #expect(
      try stage.read("boot/firmware/cmdline.txt") == "console=tty1 root=PARTUUID=1-02 rootwait\n")
    #expect(try stage.backups(of: "boot/firmware/config.txt").count == 1)
    #expect(try stage.backups(of: "boot/firmware/cmdline.txt").count == 1)
    #expect(output.contains("reboot"), "\(output)")
    // Again: nothing left to change, no new backups, no reboot asked for.
    let again = try Self.run(Self.script, ["--prefix", stage.root.path, "--gps", "/dev/serial0"])
    #expect(again.status == 0 && !again.output.contains("reboot"), "\(again.output)")
    #expect(try stage.backups(of: "boot/firmware/config.txt").count == 1)
  }

  @Test("no receiver named: DEVICES empty, the earlier file kept as a backup")
  func noReceiver() throws {
    let stage = Stage()
    try stage.write("etc/default/gpsd", "DEVICES=\"/dev/ttyUSB3\"\nGPSD_OPTIONS=\"\"\n")
    let (status, output) = try Self.run(
      Self.script, ["--prefix", stage.root.path, "--gps", "none"])
    #expect(status == 0, "\(output)")
    #expect(
      try stage.variables("etc/default/gpsd")
        == ["DEVICES": "", "GPSD_OPTIONS": "-n", "USBAUTO": "true"])
    let backups = try stage.backups(of: "etc/default/gpsd")
    #expect(backups.count == 1)
    #expect(try stage.read("etc/default/\(backups.first ?? "")").contains("/dev/ttyUSB3"))
  }

  @Test("without --gps and not on a terminal: gpsd's config kept, a missing -n pointed out")
  func keepsTheConfig() throws {
    let stage = Stage()
    let before = "DEVICES=\"/dev/ttyUSB3\"\nGPSD_OPTIONS=\"\"\n"
    try stage.write("etc/default/gpsd", before)
    let (status, output) = try Self.run(Self.script, ["--prefix", stage.root.path])
    #expect(status == 0, "\(output)")
    #expect(try stage.read("etc/default/gpsd") == before)
    #expect(output.contains("keeping"), "\(output)")
    #expect(output.contains("without -n"), "\(output)")
    #expect(
      FileManager.default.fileExists(atPath: stage.url("etc/chrony/conf.d/headunit-gps.conf").path))
    let bad = try Self.run(Self.script, ["--prefix", stage.root.path, "--gps", "ttyACM0; reboot"])
    #expect(bad.status == 1 && bad.output.contains("not a device under /dev"), "\(bad.output)")
  }

  @Test("Deploy/install passes --gps on when staging a built binary")
  func installPassesTheReceiver() throws {
    let headunit = CrashConsistencyTests.headunit
    let stage = Stage()
    // A config of the car's own, kept: the example's names group headunit, which a bench
    // computer may not have, and `config check` would refuse it.
    try stage.write("etc/headunit/config.json", "{}\n")
    let install = Self.deploy.appendingPathComponent("install").path
    let (status, output) = try Self.run(
      install, ["--prefix", stage.root.path, "--skip-build", headunit, "--gps", "/dev/ttyUSB0"])
    #expect(status == 0, "\(output)")
    #expect(try stage.variables("etc/default/gpsd")["DEVICES"] == "/dev/ttyUSB0")
    #expect(
      FileManager.default.fileExists(atPath: stage.url("etc/chrony/conf.d/headunit-gps.conf").path))
    let help = try Self.run(install, ["--help"])
    #expect(help.output.contains("--gps DEVICE"), "\(help.output)")
  }

  @Test("chrony parses the drop-in, through confdir as Debian's chrony.conf reads it")
  func chronyParsesTheDropIn() throws {
    let chronyd = try #require(
      FileManager.default.isExecutableFile(atPath: ChronyDaemon.defaultExecutable)
        ? ChronyDaemon.defaultExecutable : nil, "Deploy/setup installs chrony")
    let stage = Stage()
    let staged = try Self.run(Self.script, ["--prefix", stage.root.path, "--gps", "none"])
    #expect(staged.status == 0, "\(staged.output)")
    try stage.write(
      "etc/chrony/chrony.conf", "confdir \(stage.url("etc/chrony/conf.d").path)\nrtcsync\n")
    let (status, output) = try Self.run(
      chronyd, ["-p", "-f", stage.url("etc/chrony/chrony.conf").path])
    #expect(status == 0, "\(output)")
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.contains("refclock SHM 0 refid GPS offset 0.1 delay 0.2 poll 3"), "\(lines)")
    #expect(lines.contains("makestep 1 3"), "\(lines)")
    #expect(!lines.contains { $0.hasPrefix("refclock SOCK") }, "\(lines)")
  }

  /// The drop-in's directives, comments left out.
  static func dropInDirectives() throws -> [String] {
    try String(contentsOf: dropIn, encoding: .utf8).split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  @Test(
    "chronyd takes the time from gpsd through the drop-in's refclock",
    .enabled(if: getuid() == 0, "gpsd writes the NTP shared memory as root only"))
  func chronyFollowsGPSD() async throws {
    let (gpsd, chrony, feeder) = try Self.gpsTime(commandPort: nil)
    defer { feeder.stop() }
    let sources = try await Self.waitForGPS(chrony)
    #expect(sources.hasPrefix("#,*,GPS,0,"), "\(sources)")
    let tracking = try chrony.chronyc(["tracking"]).output
    #expect(tracking.hasPrefix("47505300,GPS,"), "\(tracking)")
    // The drop-in's offset (0.1 s) against sentences sent 50 ms into their second: chrony
    // sees the GPS within a fraction of a second of this machine's clock.
    let offset = Double(sources.split(separator: ",")[7]) ?? .infinity
    #expect(abs(offset) < 0.5, "\(sources)")
    #expect(gpsd.isRunning)
  }

  /// A gpsd in a System V IPC namespace of its own, fed the current time, and a chronyd in
  /// that namespace with the drop-in's directives (commands also on 127.0.0.1 at
  /// `commandPort`).
  static func gpsTime(commandPort: Int?) throws -> (GPSDDaemon, ChronyDaemon, TimeFeeder) {
    let gpsd = try GPSDDaemon.start(privateIPC: true)
    let feeder = try TimeFeeder(port: gpsd.udpPort)
    let chrony = try ChronyDaemon.start(
      try dropInDirectives(), commandPort: commandPort, sharingIPCWith: gpsd.processIdentifier)
    return (gpsd, chrony, feeder)
  }

  /// `chronyc -c sources`' GPS line once chrony has selected it, or the last one after
  /// 90 s.
  static func waitForGPS(_ chrony: ChronyDaemon) async throws -> String {
    var line = ""
    for _ in 0..<180 {
      line =
        try chrony.chronyc(["sources"]).output.split(separator: "\n")
        .first { $0.contains(",GPS,") }.map(String.init) ?? ""
      if line.hasPrefix("#,*,") { break }
      try await Task.sleep(for: .milliseconds(500))
    }
    return line
  }
}

/// Sends gpsd's UDP port an RMC and a GGA with the current UTC time once a second, 50 ms
/// into the second, as a receiver with a fix does, on a thread of its own until stopped
/// (or for 10 minutes at most).
final class TimeFeeder: Sendable {
  private let stopped = Atomic<Bool>(false)

  init(port: Int) throws {
    let sender = SenderHandoff(sender: try NMEASender(port: port))
    Thread.detachNewThread { [self] in
      for _ in 0..<600 where !stopped.load(ordering: .relaxed) {
        let now = Date().timeIntervalSince1970
        Thread.sleep(forTimeInterval: 1.05 - now.truncatingRemainder(dividingBy: 1))
        for sentence in Self.sentences(at: Date()) { try? sender.sender.send(sentence) }
      }
    }
  }

  func stop() { stopped.store(true, ordering: .relaxed) }

  /// A fix in Helsinki at `date`'s whole second, UTC.
  static func sentences(at date: Date) -> [String] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    let two = { (n: Int?) in String(format: "%02d", n ?? 0) }
    let time = two(c.hour) + two(c.minute) + two(c.second) + ".00"
    let day = two(c.day) + two(c.month) + two((c.year ?? 2000) % 100)
    return [
      "GPRMC,\(time),A,6010.000,N,02456.000,E,0.0,0.0,\(day),,,A",
      "GPGGA,\(time),6010.000,N,02456.000,E,1,08,1.0,10.0,M,17.0,M,,",
    ].map { body in
      let sum = String(body.utf8.reduce(UInt8(0), ^), radix: 16, uppercase: true)
      return "$\(body)*\(sum.count < 2 ? "0" + sum : sum)"
    }
  }

  /// The sender, used by the feeding thread alone once handed over.
  private struct SenderHandoff: @unchecked Sendable {
    let sender: NMEASender
  }
}
