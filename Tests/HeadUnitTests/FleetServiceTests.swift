import Foundation
import Geo
import Synchronization
import TestSupport
import Testing

@testable import Core
@testable import HeadUnit

/// `Tests/Support/fleet/fleet_server.py` on loopback: a fleet endpoint and a token endpoint
/// that record every request.
struct FleetServer {
  let process: ChildProcess
  let port: Int

  /// Starts the server on `port` (0: a free one) and waits until it listens.
  static func start(port: Int = 0) async throws -> FleetServer {
    let script = Paths.root.appendingPathComponent("Tests/Support/fleet/fleet_server.py").path
    let process = try ChildProcess("/usr/bin/env", ["python3", script, "\(port)"])
    let line = try #require(
      await process.waitForLine(inOutput: true) { $0.hasPrefix("listening ") })
    return FleetServer(process: process, port: try #require(Int(line.dropFirst(10))))
  }

  func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  func control(_ settings: [String: Any]) throws {
    _ = try request(url("/control"), body: JSONSerialization.data(withJSONObject: settings))
  }

  /// Every request so far: path, authorization, body (a report's as an object), status.
  func log() throws -> [[String: Any]] {
    let data = try request(url("/log"), body: nil)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
  }

  /// The reports delivered (answered 2xx), in the order they came.
  func delivered() throws -> [[String: Any]] {
    try log().filter { $0["path"] as? String == "/reports" && ($0["status"] as? Int) == 204 }
      .compactMap { $0["body"] as? [String: Any] }
  }

  func stop() async {
    process.signal(SIGKILL)
    _ = await process.exitStatus()
  }
}

/// One blocking request for the test's own use (control and log).
func request(_ url: URL, body: Data?) throws -> Data {
  let request = HTTPClient.Request(method: body == nil ? "GET" : "POST", url: url, body: body)
  return try HTTPClient.send(request, timeout: .seconds(10)).body
}

/// The test's clock: time moves only when the test says.
private final class ManualClock: Sendable {
  private let instant = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
  var now: Date { instant.withLock { $0 } }
  func advance(_ seconds: TimeInterval) { instant.withLock { $0 += seconds } }
}

private func vehicle(_ metres: Double, speed: Double = 10) -> FleetVehicleState {
  FleetVehicleState(
    location: Coordinate(latitude: 60.1699 + metres / 111_195, longitude: 24.9384),
    heading: 0, speed: speed)
}

/// A service on `server` with a manual tick and the test's clock; its log lines kept.
private func service(
  _ server: FleetServer, clock: ManualClock, interval: Duration = .seconds(10),
  queueLimit: Int = 360,
  authenticated: Bool = true, timeout: Duration = .seconds(5), lines: Lines = Lines()
) -> FleetService {
  let client = FleetClient(
    endpoint: server.url("/reports"), tokenURL: authenticated ? server.url("/token") : nil,
    clientId: "headunit", clientSecret: "s3cret", timeout: timeout)
  let reporter = FleetReporter(
    configuration: .init(
      vehicleId: "van-7", interval: interval, queueLimit: queueLimit,
      authenticated: authenticated))
  let logger = Logger(label: "fleet", level: .debug) { line in lines.append(line) }
  let service = FleetService(
    reporter: reporter, transport: client, logger: logger, automatic: false
  ) { clock.now }
  service.start()
  service.drain()
  return service
}

private final class Lines: Sendable {
  private let value = Mutex<[String]>([])
  func append(_ line: String) { value.withLock { $0.append(line) } }
  var all: [String] { value.withLock { $0 } }
}

@Suite("Fleet reporting over HTTP")
struct FleetServiceTests {
  @Test func tokenIsFetchedOnceAndReusedUntilItExpires() async throws {
    let server = try await FleetServer.start()
    try server.control(["expiresIn": 100])
    let clock = ManualClock()
    let fleet = service(server, clock: clock)
    // 0 … 80 s, moving: 9 reports on one token (renewal is due 90 s after it came).
    for i in 0...8 {
      fleet.observe(vehicle(Double(i) * 100))
      fleet.tick()
      clock.advance(10)
    }
    var log = try server.log()
    #expect(
      log.map { $0["path"] as? String } == ["/token"] + Array(repeating: "/reports", count: 9))
    #expect(log.dropFirst().allSatisfy { $0["authorization"] as? String == "Bearer token-1" })
    #expect(log.dropFirst().allSatisfy { $0["status"] as? Int == 204 })
    let form = try #require(log.first?["body"] as? String)
    #expect(form == "grant_type=client_credentials&client_id=headunit&client_secret=s3cret")
    // 90 s: renewed before the next report.
    fleet.observe(vehicle(900))
    fleet.tick()
    log = try server.log()
    #expect(log.suffix(2).map { $0["path"] as? String } == ["/token", "/reports"])
    #expect(log.last?["authorization"] as? String == "Bearer token-2")
    #expect(fleet.reporter.failures.isEmpty)
    #expect(fleet.reporter.deliveredCount == 10)

    // The first report is full, with nulls for what is not known; later ones only changes.
    let reports = try server.delivered()
    #expect(
      Set(reports[0].keys) == [
        "vehicleId", "sequence", "time", "location", "heading", "speed", "remainingPolyline",
        "remainingDistance", "eta",
      ])
    #expect(reports[0]["remainingPolyline"] is NSNull)
    #expect(reports[0]["time"] as? String == "2027-01-15T08:00:00Z")
    #expect(Set(reports[1].keys) == ["vehicleId", "sequence", "time", "location"])
    #expect(reports.map { $0["sequence"] as? Int } == (1...10).map { $0 })
    await server.stop()
  }

  @Test func unauthorizedRefreshesTheTokenAndRetries() async throws {
    let server = try await FleetServer.start()
    let clock = ManualClock()
    let lines = Lines()
    let fleet = service(server, clock: clock, lines: lines)
    fleet.observe(vehicle(0))
    fleet.tick()
    // The server forgets the token long before it said it would expire.
    try server.control(["revoke": true])
    clock.advance(10)
    fleet.observe(vehicle(100))
    fleet.tick()
    let log = try server.log()
    let summary = log.map {
      "\($0["path"] as? String ?? "") \($0["authorization"] as? String ?? "-") "
        + "\($0["status"] as? Int ?? 0)"
    }
    #expect(
      summary == [
        "/token - 200", "/reports Bearer token-1 204",
        "/reports Bearer token-1 401", "/token - 200", "/reports Bearer token-2 204",
      ])
    // The retry is the same report.
    let refused = try #require(log[2]["body"] as? [String: Any])
    let retried = try #require(log[4]["body"] as? [String: Any])
    #expect(refused["sequence"] as? Int == 2 && retried["sequence"] as? Int == 2)
    #expect(fleet.reporter.failures.isEmpty)
    #expect(lines.all.contains { $0.contains("refused the token; fetching a new one") })

    // Refused twice in a row: counted once, and tried again at the next tick.
    try server.control(["requireToken": true, "expiresIn": 3600])
    try server.control(["revoke": true])
    try server.control(["status": 401])
    clock.advance(10)
    fleet.observe(vehicle(200))
    fleet.tick()
    #expect(fleet.reporter.failures == ["HTTP 401": 1])
    #expect(fleet.reporter.queue.map(\.sequence) == [3])
    await server.stop()
  }

  @Test func outageQueuesAndCatchesUpInOrder() async throws {
    let server = try await FleetServer.start()
    let clock = ManualClock()
    let lines = Lines()
    let fleet = service(server, clock: clock, queueLimit: 4, lines: lines)
    fleet.observe(vehicle(0))
    fleet.tick()
    // The endpoint answers 503 for six ticks while the vehicle drives on.
    try server.control(["status": 503])
    for i in 1...6 {
      clock.advance(10)
      fleet.observe(vehicle(Double(i) * 100))
      fleet.tick()
    }
    #expect(fleet.reporter.failures == ["HTTP 503": 6, "queue full": 2])
    #expect(fleet.reporter.queue.map(\.sequence) == [4, 5, 6, 7])
    #expect(
      lines.all.contains {
        $0.hasPrefix("<4>fleet: fleet: \(server.url("/reports")): HTTP status 503")
      })

    // Then the server is gone altogether: connection refused.
    await server.stop()
    clock.advance(10)
    fleet.observe(vehicle(700))
    fleet.tick()
    #expect(fleet.reporter.failures["unreachable"] == 1)
    #expect(fleet.reporter.queue.map(\.sequence) == [5, 6, 7, 8])
    #expect(lines.all.contains { $0.contains("unreachable") })

    // Back on the same port (a new process: it knows no token, so the cached one is
    // refused and renewed on the way).
    let back = try await FleetServer.start(port: server.port)
    clock.advance(10)
    fleet.observe(vehicle(800))
    fleet.tick()
    let delivered = try back.delivered()
    #expect(delivered.map { $0["sequence"] as? Int } == [6, 7, 8, 9])
    let latitudes = delivered.compactMap {
      ($0["location"] as? [String: Any])?["latitude"] as? Double
    }
    #expect(latitudes == latitudes.sorted() && latitudes.count == 4)
    #expect(fleet.reporter.queue.isEmpty)
    #expect(lines.all.contains { $0.contains("endpoint back after 7 failed attempts") })
    await back.stop()
  }

  @Test func nothingIsSentWhileStationary() async throws {
    let server = try await FleetServer.start()
    let clock = ManualClock()
    let fleet = service(server, clock: clock, authenticated: false)
    try server.control(["requireToken": false])
    for i in 0..<30 {
      // Parked: the fix wanders by a metre, the speed by 0.1 m/s.
      fleet.observe(vehicle(i.isMultiple(of: 2) ? 1 : 0, speed: i.isMultiple(of: 3) ? 0.1 : 0))
      fleet.tick()
      clock.advance(10)
    }
    let log = try server.log()
    #expect(log.count == 1)
    #expect(log.first?["authorization"] is NSNull)
    // Driving off: reported at the next tick.
    fleet.observe(vehicle(50, speed: 8))
    fleet.tick()
    let reports = try server.delivered()
    #expect(reports.count == 2)
    #expect(Set(reports[1].keys) == ["vehicleId", "sequence", "time", "location", "speed"])
    await server.stop()
  }

  @Test func turningOffStopsARequestUnderWay() async throws {
    let server = try await FleetServer.start()
    try server.control(["requireToken": false, "delay": 20])
    let clock = ManualClock()
    let fleet = service(server, clock: clock, authenticated: false, timeout: .seconds(30))
    fleet.observe(vehicle(0))
    let finished = Mutex<ContinuousClock.Instant?>(nil)
    Thread.detachNewThread {
      fleet.tick()
      finished.withLock { $0 = .now }
    }
    // Wait for the request to reach the server (it holds the answer back 20 s).
    var arrived = false
    for _ in 0..<500 where !arrived {
      arrived = try !server.log().isEmpty
      if !arrived { try await Task.sleep(for: .milliseconds(10)) }
    }
    #expect(arrived)
    let stopped = ContinuousClock.now
    fleet.stop()
    fleet.drain()
    // libcurl looks at the cancellation about once a second.
    while finished.withLock({ $0 }) == nil, stopped.duration(to: .now) < .seconds(10) {
      try await Task.sleep(for: .milliseconds(20))
    }
    let end = try #require(finished.withLock { $0 })
    #expect(end - stopped < .seconds(5))
    #expect(!fleet.reporter.isRunning)
    #expect(fleet.reporter.queue.isEmpty)
    // Nothing more is sent.
    try server.control(["delay": 0])
    fleet.observe(vehicle(500))
    fleet.tick()
    #expect(try server.log().count == 1)
    await server.stop()
  }
}
