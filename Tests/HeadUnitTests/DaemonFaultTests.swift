import Foundation
import Rigs
import Synchronization
import TestSupport
import Testing

@testable import Core
@testable import HeadUnit

/// `headunit run` through one scripted drive while its world breaks, one fault after
/// another: gpsd killed and started again, the sound card gone, the disk full, the bridge
/// flooded, a broken configuration on SIGHUP, SIGKILL at random moments, and the clock gone
/// back across a restart. After each, the unit must still draw, keep its watchdog, keep
/// its trip (resumed after every kill) and never leave a saved state that does not load.
@Suite("headunit run under faults (process)", .serialized)
struct DaemonFaultTests {
  typealias Rig = DaemonProcessTests.Rig

  /// A 2 MB tmpfs to fill: the state directory's disk.
  final class SmallDisk {
    let url: URL

    init() throws {
      url = FileManager.default.temporaryDirectory
        .appendingPathComponent("disk-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", url.path])
    }

    deinit {
      try? Self.run("/bin/umount", ["-l", url.path])
      try? FileManager.default.removeItem(at: url)
    }

    /// Fills the disk with one file; returns it.
    func fill() -> URL {
      let filler = url.appendingPathComponent("filler")
      _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
      if let handle = FileHandle(forWritingAtPath: filler.path) {
        let block = Data(count: 64 * 1024)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()
      }
      return filler
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = arguments
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
  }

  /// The trip the daemon saved last, read without touching its files (a store's `load`
  /// would tidy the directory under the daemon's feet).
  static func saved(_ rig: Rig) -> TripSnapshot? {
    guard let data = FileManager.default.contents(atPath: TripStore(directory: rig.state).url.path)
    else { return nil }
    return try? TripStore.decode(data)
  }

  /// Whether `condition` holds within `timeout`, looking every 50 ms.
  static func eventually(
    _ timeout: Duration = .seconds(10), _ condition: () -> Bool
  ) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
  }

  static func pings(_ rig: Rig) -> Int {
    rig.notifications.received.filter { $0 == "WATCHDOG=1" }.count
  }

  /// The unit is alive: pinging its watchdog and drawing.
  static func expectAlive(_ rig: Rig, _ when: String) async {
    let before = pings(rig)
    #expect(
      await eventually(.seconds(5)) { pings(rig) >= before + 2 }, "watchdog pings \(when)")
    #expect(rig.daemon.isRunning, "running \(when)")
    #expect(rig.screenColours > 20, "drawing \(when)")
  }

  @Test(
    "a drive through gpsd, sound, disk, bridge, configuration, kill and clock faults",
    .enabled(if: getuid() == 0, "mounts a small tmpfs as the disk to fill"))
  func faults() async throws {
    let disk = try SmallDisk()
    let rig = try Rig(state: disk.url.appendingPathComponent("state", isDirectory: true))
    try #require(
      await rig.daemon.waitForLine { $0.contains("first frame") } != nil,
      "no first frame; stderr:\n\(rig.daemon.err.joined(separator: "\n"))")
    #expect(rig.log("resuming the trip"))
    // The car drives on through the faults below, as a car would: up to 200 of the drive's
    // 291 epochs, 0.1 s apart, so it never arrives while the test runs. The drive holds its
    // place while gpsd is down (sends would fail and be dropped), and waits after its first
    // 60 epochs until gpsd is back, so however slowly a loaded machine gets to the outage,
    // 14 s of road are left to drive after it: more than the 10 s between two saves.
    let epochs = try EmbeddedData.epochs(forDrive: "helsinki-1-clean")
    let feed = DriveFeed(port: rig.gpsd.udpPort, allowed: 60)
    let feeding = Task {
      var sender = try NMEASender(port: rig.gpsd.udpPort)
      var port = rig.gpsd.udpPort
      for (i, epoch) in epochs.prefix(200).enumerated() {
        while feed.state.withLock({ $0.held || i >= $0.allowed }) {
          try? await Task.sleep(for: .milliseconds(20))
        }
        let now = feed.state.withLock { $0.port }
        if now != port { (sender, port) = (try NMEASender(port: now), now) }
        for sentence in epoch { try? sender.send(sentence) }
        try? await Task.sleep(for: .milliseconds(100))
      }
    }
    #expect(await Self.eventually { (Self.saved(rig)?.sequence ?? 0) > rig.seeded.sequence })

    // gpsd killed, then started again on its port: the drive goes on. The receiver's feed
    // comes in on a fresh UDP port: while gpsd was down, another test's socket may have
    // been handed the old one.
    let port = rig.gpsd.port
    feed.state.withLock { $0.held = true }
    rig.gpsd.kill()
    await Self.expectAlive(rig, "without gpsd")
    rig.gpsd = try GPSDDaemon.start(port: port)
    let udp = rig.gpsd.udpPort
    feed.state.withLock { $0 = (held: false, port: udp, allowed: 200) }
    let offset = Self.saved(rig)?.progress?.offset ?? 0
    #expect(
      await Self.eventually(.seconds(30)) {
        (Self.saved(rig)?.progress?.offset ?? 0) > offset + 20
      }, "the car moves on along the route after gpsd came back: \(rig.daemon.err.suffix(6))")

    // The sound card unplugged: the ALSA file PCM's folder gone, while prompts are due.
    try FileManager.default.removeItem(at: rig.audio)
    #expect(
      await Self.eventually(.seconds(15)) { rig.log("prompts on screen only") },
      "the lost sound card is logged: \(rig.daemon.err.suffix(8))")
    await Self.expectAlive(rig, "without sound")
    try FileManager.default.createDirectory(at: rig.audio, withIntermediateDirectories: true)

    // The disk full: saves fail and are logged; the last saved trip stays whole.
    let filler = disk.fill()
    #expect(
      await Self.eventually(.seconds(15)) { rig.log("cannot save the trip") },
      "\(rig.daemon.err.suffix(5))")
    let kept = try #require(Self.saved(rig), "the trip saved before the disk filled loads")
    await Self.expectAlive(rig, "with the disk full")
    try FileManager.default.removeItem(at: filler)
    #expect(
      await Self.eventually(.seconds(15)) { (Self.saved(rig)?.sequence ?? 0) > kept.sequence },
      "saves again")
    try await feeding.value
    var epoch = 200
    var sequence = Self.saved(rig)?.sequence ?? 0

    // The bridge flooded: many clients, garbage lines.
    let socket = rig.directory.appendingPathComponent("bridge.sock").path
    var flood: [BridgeClient] = []
    for _ in 0..<40 { if let client = try? BridgeClient(path: socket) { flood.append(client) } }
    let garbage = Array(String(repeating: "{\"type\":\"nonsense\"}\n", count: 500).utf8)
    for client in flood { try? client.write(garbage) }
    await Self.expectAlive(rig, "under a bridge flood")
    #expect(await Self.eventually { rig.log("bridge: refused a client") })
    flood.removeAll()

    // SIGHUP with a broken configuration: refused, the running one kept.
    let good = try String(contentsOfFile: rig.configPath, encoding: .utf8)
    try Data("{ \"display\": { \"theme\": 7 } }".utf8).write(
      to: URL(fileURLWithPath: rig.configPath))
    rig.daemon.signal(SIGHUP)
    #expect(await Self.eventually { rig.log("keeping the running configuration") })
    try Data(good.utf8).write(to: URL(fileURLWithPath: rig.configPath))
    await Self.expectAlive(rig, "after a bad SIGHUP")

    // SIGKILL at random moments: every time the saved trip loads and the next start
    // resumes it.
    var generator = SystemRandomNumberGenerator()
    for round in 1...3 {
      let count = Int.random(in: 3...10, using: &generator)
      try await rig.drive(count, from: epoch, pace: .milliseconds(100))
      epoch += count
      rig.daemon.signal(SIGKILL)
      _ = await rig.daemon.exitStatus(timeout: .seconds(5))
      let left = try #require(Self.saved(rig), "round \(round): a whole trip after SIGKILL")
      #expect(left.route != nil)
      try rig.restart()
      #expect(
        await rig.daemon.waitForLine { $0.contains("resuming the trip") } != nil,
        "round \(round): \(rig.daemon.err.suffix(8))")
      #expect(await rig.daemon.waitForLine { $0.contains("first frame") } != nil)
      sequence = left.sequence
      try await rig.drive(10, from: epoch, pace: .milliseconds(100))
      epoch += 10
      #expect(
        await Self.eventually { (Self.saved(rig)?.sequence ?? 0) > sequence },
        "round \(round): saves continue from #\(sequence)")
    }

    // The clock went back across a restart: the trip saved "in the future" still resumes.
    rig.daemon.signal(SIGKILL)
    _ = await rig.daemon.exitStatus(timeout: .seconds(5))
    var ahead = try #require(Self.saved(rig))
    ahead.savedAt = Date().addingTimeInterval(3600)
    try TripStore.encode(ahead).write(to: TripStore(directory: rig.state).url)
    try rig.restart()
    #expect(
      await rig.daemon.waitForLine { $0.contains("did the clock go back?") } != nil,
      "\(rig.daemon.err.suffix(8))")
    await Self.expectAlive(rig, "after the clock went back")

    rig.daemon.signal(SIGTERM)
    #expect(await rig.daemon.exitStatus(timeout: .seconds(10)) == 0)
    let final = try #require(Self.saved(rig))
    #expect(final.sequence > ahead.sequence, "the trip was saved on the way out")
  }
}

/// The test's drive: whether it holds its place, and the UDP port gpsd hears it on;
/// shared with the task that feeds it.
private final class DriveFeed: Sendable {
  /// Held while gpsd is down; the UDP port to send to; how many epochs may be sent.
  let state: Mutex<(held: Bool, port: Int, allowed: Int)>

  init(port: Int, allowed: Int) { state = Mutex((held: false, port: port, allowed: allowed)) }
}
