import Foundation
import JSON
import Testing

private struct Trip: Codable, Equatable {
  enum Mode: String, Codable { case car, bike }

  struct Leg: Codable, Equatable {
    var name: String
    var distance: Double
    var steps: UInt8
  }

  var id: Int
  var mode: Mode
  var legs: [Leg]
  var note: String?
  var savedAt: Date
  var tags: [String: Int]
  var server: URL?
}

private let trip = Trip(
  id: 17, mode: .bike,
  legs: [.init(name: "a", distance: 12.5, steps: 3), .init(name: "b", distance: 0, steps: 0)],
  note: nil, savedAt: Date(timeIntervalSince1970: 1_800_000_000.25), tags: ["x": 1, "y": -2],
  server: URL(string: "http://127.0.0.1:8002"))

/// `trip` as `JSONEncoder` writes it, with `change` applied to the object.
private func document(_ change: (inout [String: Any]) -> Void = { _ in }) throws -> Data {
  let encoder = JSONEncoder()
  encoder.dateEncodingStrategy = .secondsSince1970
  let data = try encoder.encode(trip)
  var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  change(&object)
  return try JSONSerialization.data(withJSONObject: object)
}

private func decodeFailure(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation)
  -> JSONError?
{
  failure(
    {
      try JSONNode(parsing: data).decode(Trip.self, dates: .secondsSince1970)
    }, sourceLocation: sourceLocation)
}

@Suite("Decoding through the JSON layer")
struct JSONDecodingTests {
  @Test func whatJSONEncoderWroteDecodesToTheSameValue() throws {
    let node = try JSONNode(parsing: try document())
    #expect(try node.decode(Trip.self, dates: .secondsSince1970) == trip)
    let plain = try JSONEncoder().encode(trip)
    #expect(try JSONNode(parsing: plain).decode(Trip.self) == trip)
  }

  @Test func errorsNameThePathAndWhatWasFound() throws {
    let distance = try document {
      var legs = $0["legs"] as! [[String: Any]]
      legs[1]["distance"] = "far"
      $0["legs"] = legs
    }
    #expect(
      decodeFailure(distance)?.description
        == #"$.legs[1].distance: expected a number, got the string "far""#)
    let missing = try document {
      var legs = $0["legs"] as! [[String: Any]]
      legs[0]["name"] = nil
      $0["legs"] = legs
    }
    let error = try #require(decodeFailure(missing))
    #expect(error.code == .missing)
    #expect(error.description == #"$.legs[0].name: missing required key "name""#)
    #expect(
      decodeFailure(try document { $0["id"] = 2.5 })?.description
        == "$.id: expected a whole number, got the number 2.5")
    #expect(
      decodeFailure(try document { $0["legs"] = ["x": 1] })?.description
        == "$.legs: expected an array, got an object")
    #expect(
      decodeFailure(try document { $0["tags"] = ["x": true] })?.description
        == "$.tags.x: expected a whole number, got true")
    #expect(
      decodeFailure(try document { $0["id"] = NSNull() })?.description
        == "$.id: expected a whole number, got null")
  }

  @Test func integersMustFitTheirType() throws {
    let steps = try document {
      var legs = $0["legs"] as! [[String: Any]]
      legs[0]["steps"] = 300
      $0["legs"] = legs
    }
    #expect(decodeFailure(steps)?.description == "$.legs[0].steps: expected 0–255, got 300")
    let huge = Data(
      String(decoding: try document(), as: UTF8.self)
        .replacingOccurrences(of: #""id":17"#, with: #""id":9223372036854775808"#).utf8)
    #expect(decodeFailure(huge)?.code == .outOfRange)
  }

  @Test func nullAndAbsentOptionalsAreNil() throws {
    let withNull = try document { $0["note"] = NSNull() }
    #expect(try JSONNode(parsing: withNull).decode(Trip.self, dates: .secondsSince1970) == trip)
    let withNote = try document { $0["note"] = "hi" }
    #expect(
      try JSONNode(parsing: withNote).decode(Trip.self, dates: .secondsSince1970).note == "hi")
  }

  @Test func errorsTheTypesThrowKeepTheirPath() throws {
    let error = try #require(decodeFailure(try document { $0["mode"] = "plane" }))
    #expect(error.code == .invalid)
    #expect(error.path == "$.mode")
    let url = try #require(decodeFailure(try document { $0["server"] = 8002 }))
    #expect(url.description == "$.server: expected a string, got the number 8002")
  }

  @Test func aDocumentTooDeepNeverReachesTheDecoder() throws {
    let deep = Data((String(repeating: "[", count: 100_000)).utf8)
    #expect(decodeFailure(deep)?.code == .tooDeep)
  }
}
