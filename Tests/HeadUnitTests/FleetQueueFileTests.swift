import Core
import Foundation
import Geo
import Synchronization
import TestSupport
import Testing

@testable import HeadUnit

/// `fleet-queue.json`: what is saved loads back the same; a damaged or hostile file is set
/// aside with a warning and the reporter starts empty.
@Suite("The fleet queue on disk")
struct FleetQueueFileTests {
  static let epoch = Date(timeIntervalSince1970: 1_800_000_000)

  func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fleet-queue-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Report `sequence`, every field set, a 100-point route ahead.
  static func report(_ sequence: Int) -> FleetReport {
    let route = (0..<100).map {
      Coordinate(latitude: 60.17 + Double($0) * 0.001, longitude: 24.94 + Double($0) * 0.0005)
    }
    return FleetReport(
      vehicleId: "van-7", sequence: sequence, time: epoch.addingTimeInterval(Double(sequence)),
      values: FleetSnapshot(
        location: Coordinate(latitude: 60.169857, longitude: 24.938379), heading: 92.5,
        speed: 8.3, route: route, remainingDistance: 1840,
        eta: epoch.addingTimeInterval(600)),
      fields: Set(FleetField.allCases))
  }

  static func backlog(_ sequences: ClosedRange<Int>, next: Int? = nil) -> FleetBacklog {
    FleetBacklog(
      reports: sequences.map(report), nextSequence: next ?? sequences.upperBound + 1)
  }

  @Test("a saved queue loads back as it was sent: the same request bodies, in order")
  func roundTrip() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = FleetQueueFile(directory: directory)
    #expect(file.load(limit: 360) == (.empty, nil))
    // A field that became unknown (`null`) and one not sent (absent) both come back.
    var partial = Self.report(3)
    partial.values.eta = nil
    partial.fields = [.location, .eta]
    let saved = FleetBacklog(
      reports: [Self.report(1), Self.report(2), partial], nextSequence: 104)
    try file.save(saved)
    let (loaded, warning) = file.load(limit: 360)
    #expect(warning == nil)
    #expect(loaded.nextSequence == 104)
    #expect(loaded.reports.map(\.json) == saved.reports.map(\.json))
    #expect(loaded.reports.map(\.fields) == saved.reports.map(\.fields))
    #expect(FileManager.default.fileExists(atPath: file.url.path))
  }

  /// A full queue's file, as bytes.
  static var full: Data { FleetQueueFile.encode(backlog(1...360)) }

  static let hostile: [(String, Data, String)] = [
    ("truncated", full.prefix(full.count / 2), "not valid JSON"),
    ("garbage", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }), "not valid JSON"),
    ("empty", Data(), "the document is empty"),
    (
      "wrong version",
      Data(#"{"nextSequence": 5, "reports": [], "version": 2}"#.utf8),
      "$.version: expected version 1 (a file of another version of headunit), got the number 2"
    ),
    (
      "10,000 reports above the limit", FleetQueueFile.encode(backlog(1...10_360)),
      "$.reports: 10360 reports, more than the queue's limit of 360"
    ),
    (
      "sequence numbers going back",
      FleetQueueFile.encode(
        FleetBacklog(reports: [report(5), report(4)], nextSequence: 6)),
      "$.reports[1].sequence: expected a sequence number above the one before, 5"
    ),
    (
      "nextSequence below a report's",
      FleetQueueFile.encode(FleetBacklog(reports: [report(5)], nextSequence: 3)),
      "$.nextSequence: expected a number above the last report's sequence, 5"
    ),
    (
      "a latitude off the globe",
      Data(
        String(decoding: FleetQueueFile.encode(backlog(1...1)), as: UTF8.self)
          .replacingOccurrences(of: "60.169857", with: "160.169857").utf8),
      "$.reports[0].location.latitude: expected -90–90"
    ),
    (
      "an unknown key", Data(#"{"nextSequence": 5, "reports": [], "version": 1, "x": 1}"#.utf8),
      "$.x: unknown key"
    ),
  ]

  @Test(
    "a damaged or hostile file is moved aside, named in the warning, and the queue starts empty",
    arguments: hostile.indices)
  func hostileFile(_ index: Int) throws {
    let (name, bytes, reason) = Self.hostile[index]
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = FleetQueueFile(directory: directory)
    try bytes.write(to: file.url)
    let (loaded, warning) = file.load(limit: 360, now: Date(timeIntervalSince1970: 1_800_000_100))
    #expect(loaded == .empty, "\(name)")
    let aside = directory.appendingPathComponent("fleet-queue.json.corrupt-1800000100")
    let text = try #require(warning, "\(name)")
    #expect(text.hasPrefix("\(file.url.path) failed validation ("), "\(name): \(text)")
    #expect(text.contains(reason), "\(name): \(text)")
    #expect(text.hasSuffix("moved aside to \(aside.path)"), "\(name): \(text)")
    #expect(try Data(contentsOf: aside) == bytes, "\(name): kept as it was")
    #expect(!FileManager.default.fileExists(atPath: file.url.path), "\(name)")
    // The next save starts a good file again.
    try file.save(Self.backlog(1...2))
    #expect(file.load(limit: 360).backlog.reports.map(\.sequence) == [1, 2])
  }

  @Test("the fuzzer's seeds are good files that save back byte for byte")
  func fuzzSeeds() throws {
    let folder = Paths.root.appendingPathComponent("Fuzz/corpus/fleet-queue")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.count == 2)
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      let backlog = try FleetQueueFile.decode(data, limit: 360)
      #expect(FleetQueueFile.encode(backlog) == data, "\(name)")
    }
  }

  @Test("a 50 MB file is set aside unread, at once")
  func hugeFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = FleetQueueFile(directory: directory)
    try Data(repeating: 0x5B, count: 50 << 20).write(to: file.url)
    let started = ContinuousClock.now
    let (loaded, warning) = file.load(limit: 100_000)
    #expect(ContinuousClock.now - started < .seconds(1))
    #expect(loaded == .empty)
    #expect(
      warning?.contains("failed validation (52428800 bytes, more than the 33554432 it may hold)")
        == true, "\(warning ?? "")")
  }

  @Test("a slow store never holds up the start: it is read on the service's queue")
  func startDoesNotWaitForTheStore() {
    final class SlowStore: FleetQueueStore {
      func load(limit: Int) -> (backlog: FleetBacklog, warning: String?) {
        Thread.sleep(forTimeInterval: 1)
        return (.empty, "slow")
      }
      func save(_ backlog: FleetBacklog) throws(AtomicFile.Error) {}
    }
    let lines = Mutex<[String]>([])
    let service = FleetService(
      reporter: FleetReporter(configuration: .init(vehicleId: "v")),
      transport: FleetClient(
        endpoint: URL(string: "http://127.0.0.1:9/r")!, tokenURL: nil, clientId: nil,
        clientSecret: nil, timeout: .seconds(1)),
      store: SlowStore(),
      logger: Logger(label: "fleet", level: .debug) { line in lines.withLock { $0.append(line) } },
      automatic: false)
    let started = ContinuousClock.now
    service.start()
    #expect(ContinuousClock.now - started < .milliseconds(200))
    service.drain()
    #expect(service.reporter.isRunning)
    #expect(lines.withLock { $0 }.contains { $0.contains("fleet: saved queue: slow") })
    service.stop()
    service.drain()
  }
}
