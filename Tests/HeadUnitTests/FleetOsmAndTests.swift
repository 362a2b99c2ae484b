import Core
import Foundation
import Geo
import TestSupport
import Testing

@testable import HeadUnit

/// `Tests/Support/fleet/traccar_server.py` on loopback: checks each position against the
/// parameters traccar.org/osmand documents and records it.
private struct TraccarServer {
  let process: ChildProcess
  let port: Int

  static func start() async throws -> TraccarServer {
    let script = Paths.root.appendingPathComponent("Tests/Support/fleet/traccar_server.py").path
    let process = try ChildProcess("/usr/bin/env", ["python3", script])
    let line = try #require(
      await process.waitForLine(inOutput: true) { $0.hasPrefix("listening ") })
    return TraccarServer(process: process, port: try #require(Int(line.dropFirst(10))))
  }

  var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }

  func log() throws -> [[String: Any]] {
    let data = try request(url.appendingPathComponent("log"), body: nil)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
  }

  func stop() async {
    process.signal(SIGKILL)
    _ = await process.exitStatus()
  }
}

@Suite("Fleet reporting to Traccar (OsmAnd protocol)")
struct FleetOsmAndTests {
  @Test func positionsCarryTheDocumentedParameters() async throws {
    let server = try await TraccarServer.start()
    defer { Task { await server.stop() } }
    let osmand = OsmAndTransport(endpoint: server.url, timeout: .seconds(5))
    let values = FleetSnapshot(
      location: Coordinate(latitude: 60.169857, longitude: 24.938379), altitude: 21.04,
      accuracy: 3.96, heading: 92.5, speed: 8.3)
    // Only the heading changed: Traccar still gets the whole position.
    try osmand.send(
      FleetReport(
        vehicleId: "van 7", sequence: 1, time: Date(timeIntervalSince1970: 1_800_000_000),
        values: values, fields: [.heading]), token: nil)
    // No fix: no request, and delivered.
    try osmand.send(
      FleetReport(
        vehicleId: "van 7", sequence: 2, time: Date(), values: .empty, fields: [.location]),
      token: nil)
    let log = try server.log()
    try #require(log.count == 1, "\(log)")
    #expect(log[0]["status"] as? Int == 200, "\(log[0])")
    let params = try #require(log[0]["params"] as? [String: String])
    #expect(
      params == [
        "id": "van 7", "timestamp": "1800000000", "lat": "60.169857", "lon": "24.938379",
        "speed": "16.1", "bearing": "92.5", "altitude": "21.0", "accuracy": "4.0",
      ])
  }

  @Test func aRefusedPositionIsAnHTTPStatus() async throws {
    let server = try await TraccarServer.start()
    defer { Task { await server.stop() } }
    let osmand = OsmAndTransport(endpoint: server.url, timeout: .seconds(5))
    var values = FleetSnapshot(location: Coordinate(latitude: 60.17, longitude: 24.94))
    values.heading = 400  // Out of range: the server answers 400.
    #expect {
      try osmand.send(
        FleetReport(vehicleId: "v", sequence: 1, time: Date(), values: values, fields: []),
        token: nil)
    } throws: { error in
      (error as? FleetError)?.status == 400
    }
  }
}
