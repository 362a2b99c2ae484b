import Core
import Foundation
import Geo
import JSON
import Testing

@testable import HeadUnit

/// A fleet report on the wire: the fields that changed, keys sorted, unknown values null.
@Suite("Fleet report encoding")
struct FleetReportEncodingTests {
  static let time = Date(timeIntervalSince1970: 1_800_000_030)

  @Test("only the fields that changed, with who, which one and when; keys sorted")
  func changedFields() {
    let report = FleetReport(
      vehicleId: "van-7", sequence: 3, time: Self.time,
      values: FleetSnapshot(
        location: Coordinate(latitude: 60.1698571, longitude: 24.9383789), heading: 30.04,
        speed: 5, eta: Self.time.addingTimeInterval(690)),
      fields: [.heading, .speed, .eta])
    let object = report.object
    #expect(object["heading"] == .number(30))
    #expect(object["speed"] == .number(5))
    #expect(object["location"] == nil)
    #expect(object["vehicleId"] == .string("van-7"))
    #expect(object["sequence"] == .number(3))
    #expect(object["time"] == .string(FleetReport.timestamp(Self.time)))
    #expect(object["eta"] == .string(FleetReport.timestamp(Self.time.addingTimeInterval(690))))
    guard case .object(let members) = object else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.0) == members.map(\.0).sorted())
    #expect(String(decoding: report.json, as: UTF8.self) == object.serialized)
  }

  @Test("a field that became unknown is sent as null; a position to 6 decimals")
  func nulls() {
    let report = FleetReport(
      vehicleId: "v", sequence: 9, time: Self.time,
      values: FleetSnapshot(location: Coordinate(latitude: 60.16985714, longitude: 24.93837891)),
      fields: [.location, .speed, .route, .remainingDistance, .eta])
    let object = report.object
    #expect(object["remainingPolyline"] == .null)
    #expect(object["speed"] == .null)
    #expect(object["remainingDistance"] == .null)
    #expect(
      object["location"]
        == .object([("latitude", .number(60.169857)), ("longitude", .number(24.938379))]))
  }

  @Test("altitude and accuracy travel inside location, rounded, and read back the same")
  func altitudeAndAccuracy() throws {
    let report = FleetReport(
      vehicleId: "v", sequence: 2, time: Self.time,
      values: FleetSnapshot(
        location: Coordinate(latitude: 60.17, longitude: 24.94), altitude: 23.456,
        accuracy: 4.04),
      fields: [.location])
    #expect(
      report.object["location"]
        == .object([
          ("accuracy", .number(4)), ("altitude", .number(23.5)), ("latitude", .number(60.17)),
          ("longitude", .number(24.94)),
        ]))
    let back = try FleetReport(object: JSONNode(parsing: report.json))
    #expect(back.values.altitude == 23.5)
    #expect(back.values.accuracy == 4)
    #expect(back.object == report.object)
  }

  @Test("a receiver's altitude or accuracy out of range is left out, the position kept")
  func outOfRange() {
    let vehicle = FleetVehicleState(
      location: Coordinate(latitude: 60.17, longitude: 24.94), altitude: 1e9, accuracy: -3)
    #expect(vehicle.snapshot.location != nil)
    #expect(vehicle.snapshot.altitude == nil)
    #expect(vehicle.snapshot.accuracy == nil)
  }
}
