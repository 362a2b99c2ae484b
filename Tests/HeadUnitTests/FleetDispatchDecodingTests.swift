import Core
import Foundation
import Geo
import Testing

@testable import HeadUnit

/// A dispatcher's destination as the transport reads it: what is taken, and the error
/// reply (with the command's id where it has one) for everything else.
@Suite("Fleet dispatch commands: reading")
struct FleetDispatchDecodingTests {
  static func read(_ text: String) -> Result<FleetDispatch, FleetCommandReply> {
    Result { () throws(FleetCommandReply) in try FleetDispatch(payload: Data(text.utf8)) }
  }

  @Test func aDestinationWithIdAndName() throws {
    let dispatch = try Self.read(
      #"{"type": "destination", "id": "job-42", "lat": 60.1699, "lon": 24.9384, "name": "Depot"}"#
    ).get()
    #expect(dispatch.id == "job-42")
    #expect(dispatch.place.name == "Depot")
    #expect(dispatch.place.coordinate == Coordinate(latitude: 60.1699, longitude: 24.9384))
    #expect(dispatch.place.id == "dispatch:job-42")
  }

  @Test func anExpiryTime() throws {
    let dispatch = try Self.read(
      #"{"lat": 60.17, "lon": 24.94, "expires": "2027-01-15T10:00:00+02:00"}"#
    ).get()
    #expect(dispatch.expires == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(try Self.read(#"{"lat": 60.17, "lon": 24.94}"#).get().expires == nil)
  }

  @Test func withoutIdOrNameTheCoordinatesNameIt() throws {
    let dispatch = try Self.read(#"{"lat": -33.8568, "lon": 151.2153}"#).get()
    #expect(dispatch.id == nil)
    #expect(dispatch.place.name == "-33.85680, 151.21530")
  }

  @Test(
    "malformed commands: an error naming the JSON path, with the id when it has one",
    arguments: [
      (#"{"id": "a", "lon": 24.9}"#, "a", #"$.lat: missing required key "lat""#),
      (#"{"id": "b", "lat": 200, "lon": 24.9}"#, "b", "$.lat: expected -90–90, got 200"),
      (#"{"lat": 60, "lon": "east"}"#, nil, "$.lon"),
      (#"{"id": "c", "lat": 60, "lon": 24, "speed": 3}"#, "c", "speed"),
      (#"{"id": "d", "type": "reboot", "lat": 60, "lon": 24}"#, "d", #"unknown command "reboot""#),
      (#"{"id": "e", "lat": 60, "lon": 24, "name": ""}"#, "e", "$.name"),
      (#"{"id": "f", "lat": 60, "lon": 24, "name": "a\u0007b"}"#, "f", "control characters"),
      (#"{"id": "g", "lat": 60, "lon": 24, "expires": "tomorrow"}"#, "g", "$.expires: expected"),
      (#"{"id": "h", "lat": 60, "lon": 24, "expires": 1800000000}"#, "h", "$.expires"),
      (#"{"id": "#, nil, "not valid JSON"),
      ("[1, 2]", nil, "$"),
      ("", nil, "empty"),
    ] as [(String, String?, String)])
  func malformed(_ payload: String, id: String?, saying: String) throws {
    let result = Self.read(payload)
    guard case .failure(let reply) = result else {
      Issue.record("\(payload) was taken: \(result)")
      return
    }
    #expect(reply.status == .error)
    #expect(reply.id == id)
    let message = try #require(reply.message)
    #expect(message.contains(saying), "\(message)")
  }

  @Test func aMegabyteIsRefusedUnread() throws {
    let huge = #"{"lat": 60, "lon": 24, "name": ""# + String(repeating: "x", count: 1 << 20) + "\"}"
    guard case .failure(let reply) = Self.read(huge) else {
      Issue.record("a 1 MB command was taken")
      return
    }
    #expect(reply.message == "the command is \(huge.utf8.count) bytes; at most 4096 are read")
  }

  @Test func aReplyIsCompactJSONWithSortedKeys() {
    let refused = FleetCommandReply(id: "job-42", status: .error, message: "$.lat: expected …")
    #expect(
      String(decoding: refused.json, as: UTF8.self)
        == #"{"id":"job-42","message":"$.lat: expected …","status":"error"}"#)
    let shown = FleetCommandReply(id: nil, status: .shown)
    #expect(String(decoding: shown.json, as: UTF8.self) == #"{"id":null,"status":"shown"}"#)
  }
}
