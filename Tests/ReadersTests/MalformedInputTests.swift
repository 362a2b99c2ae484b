import Foundation
import Navigation
import Testing

@testable import Readers

/// The error `body` throws, or nil (and a recorded issue) when it does not throw.
private func fail<T>(
  _ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) -> NavigationError? {
  ReaderFixtures.failure(body, sourceLocation: sourceLocation)
}

@Suite("Malformed routes")
struct MalformedRouteTests {
  /// helsinki-1.json with `change` applied to step `index` of the first leg.
  func route(changingStep index: Int, _ change: (inout [String: Any]) -> Void) throws -> Data {
    let data = try Data(contentsOf: ReaderFixtures.route("helsinki-1"))
    var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var routes = try #require(json["routes"] as? [[String: Any]])
    var legs = try #require(routes[0]["legs"] as? [[String: Any]])
    var steps = try #require(legs[0]["steps"] as? [[String: Any]])
    change(&steps[index])
    legs[0]["steps"] = steps
    routes[0]["legs"] = legs
    json["routes"] = routes
    return try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted])
  }

  func maneuver(_ step: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
    var maneuver = step["maneuver"] as? [String: Any] ?? [:]
    change(&maneuver)
    step["maneuver"] = maneuver
  }

  @Test func truncatedJSON() throws {
    let data = try Data(contentsOf: ReaderFixtures.route("helsinki-1"))
    let error = try #require(
      fail { try OSRMRouteReader.read(data.prefix(5_000), file: "cut.json") })
    #expect(error.code == .malformed)
    #expect(error.file == "cut.json")
    #expect(error.message.hasPrefix("not valid JSON"))
    #expect(error.line == data.prefix(5_000).filter { $0 == 0x0A }.count + 1)
  }

  @Test func syntaxErrorsNameTheLine() throws {
    let json = "{\n  \"routes\": [\n    {\"distance\": 1,,}\n  ]\n}"
    let error = try #require(fail { try OSRMRouteReader.read(Data(json.utf8), file: "x.json") })
    #expect(error.code == .malformed)
    #expect(error.line == 3)
  }

  @Test func distanceAsAString() throws {
    let data = try route(changingStep: 3) { $0["distance"] = "406" }
    let error = try #require(fail { try OSRMRouteReader.read(data, file: "h1.json") })
    #expect(error.code == .malformed)
    #expect(error.path == "$.routes[0].legs[0].steps[3].distance")
    #expect(error.message == "expected a number, found a string \"406\"")
    #expect(error.description == "h1.json: $.routes[0].legs[0].steps[3].distance: " + error.message)
  }

  @Test func maneuverTypeOfTheWrongType() throws {
    let data = try route(changingStep: 3) { maneuver(&$0) { $0["type"] = 7 } }
    let error = try #require(fail { try OSRMRouteReader.read(data) })
    #expect(error.path == "$.routes[0].legs[0].steps[3].maneuver.type")
    #expect(error.message == "expected a string, found the number 7")
  }

  @Test func missingRequiredKey() throws {
    let data = try route(changingStep: 2) { maneuver(&$0) { $0["location"] = nil } }
    let error = try #require(fail { try OSRMRouteReader.read(data) })
    #expect(error.code == .malformed)
    #expect(error.path == "$.routes[0].legs[0].steps[2].maneuver.location")
    #expect(error.message == "missing required key \"location\"")
    let noDuration = try route(changingStep: 0) { $0["duration"] = NSNull() }
    #expect(
      fail { try OSRMRouteReader.read(noDuration) }?.path == "$.routes[0].legs[0].steps[0].duration"
    )
  }

  @Test func unknownModifierIsAnError() throws {
    let data = try route(changingStep: 1) { maneuver(&$0) { $0["modifier"] = "sideways" } }
    let error = try #require(fail { try OSRMRouteReader.read(data) })
    #expect(error.path == "$.routes[0].legs[0].steps[1].maneuver.modifier")
    #expect(error.message.hasPrefix("expected one of: uturn, sharp right, right, slight right"))
    #expect(error.message.hasSuffix("found \"sideways\""))
  }

  @Test func otherWrongValues() throws {
    let cases: [(change: (inout [String: Any]) -> Void, path: String, message: String)] = [
      ({ $0["driving_side"] = "middle" }, "driving_side", "expected one of: left, right"),
      ({ $0["geometry"] = "_p~iF~ps|U_" }, "geometry", "invalid encoded polyline"),
      (
        { $0["geometry"] = ["type": "Point", "coordinates": [1, 2]] }, "geometry.type",
        "expected \"LineString\""
      ),
      ({ $0["geometry"] = 12 }, "geometry", "expected an encoded polyline string or a GeoJSON"),
      ({ $0["distance"] = -5 }, "distance", "expected 0–80000000, found the number -5"),
      // A duration no route takes: it would overflow the time estimates.
      ({ $0["duration"] = 1.7e20 }, "duration", "expected 0–32000000, found the number 1.7e+20"),
      ({ $0["distance"] = 1e300 }, "distance", "expected 0–80000000, found the number 1e+300"),
      ({ $0["distance"] = true }, "distance", "expected a number, found true"),
      (
        { maneuver(&$0) { $0["location"] = [24.9] } }, "maneuver.location",
        "expected [longitude, latitude]"
      ),
      (
        { maneuver(&$0) { $0["location"] = [24.9, 95.0] } }, "maneuver.location",
        "expected [longitude, latitude]"
      ),
      ({ maneuver(&$0) { $0["exit"] = 1.5 } }, "maneuver.exit", "expected an integer"),
      (
        { maneuver(&$0) { $0["bearing_after"] = 400 } }, "maneuver.bearing_after",
        "expected a bearing"
      ),
      (
        { $0["intersections"] = [["lanes": [["indications": ["left"], "valid": 1]]]] },
        "intersections[0].lanes[0].valid", "expected true or false"
      ),
      (
        { $0["bannerInstructions"] = [["primary": "Turn"]] }, "bannerInstructions[0].primary",
        "expected an object"
      ),
    ]
    for (change, path, message) in cases {
      let data = try route(changingStep: 4, change)
      let error = try #require(fail { try OSRMRouteReader.read(data) })
      #expect(error.code == .malformed)
      #expect(error.path == "$.routes[0].legs[0].steps[4].\(path)")
      #expect(error.message.hasPrefix(message), "\(error)")
    }
  }

  @Test func serverErrorsAndEmptyResponses() throws {
    let noRoute =
      #"{"code": "NoRoute", "message": "Impossible route between points", "routes": []}"#
    let error = try #require(fail { try OSRMRouteReader.read(Data(noRoute.utf8), file: "r.json") })
    #expect(error.code == .noData)
    #expect(error.path == "$.code")
    #expect(
      error.message.contains("NoRoute") && error.message.contains("Impossible route between points")
    )

    #expect(fail { try OSRMRouteReader.read(Data(#"{"routes": []}"#.utf8)) }?.code == .noData)
    #expect(fail { try OSRMRouteReader.read(Data(#"{"code": "Ok"}"#.utf8)) }?.path == "$.routes")
    #expect(
      fail { try OSRMRouteReader.read(Data("[1, 2]".utf8)) }?.message
        == "expected an object, found an array")
    #expect(fail { try OSRMRouteReader.read(Data()) }?.code == .empty)
    #expect(fail { try OSRMRouteReader.read(Data(" \n ".utf8)) }?.code == .empty)
    let garbage = ReaderFixtures.garbage(count: 4_096, seed: 1)
    #expect(fail { try OSRMRouteReader.read(garbage) }?.code == .malformed)
  }

  @Test func filesThatCannotBeRead() throws {
    let missing = ReaderFixtures.fixtures.appendingPathComponent("malformed/does-not-exist.json")
    let error = try #require(fail { try OSRMRouteReader.read(contentsOf: missing) })
    #expect(error.code == .unreadable)
    #expect(error.file == missing.path)
    let empty = ReaderFixtures.fixtures.appendingPathComponent("malformed/empty.nmea")
    #expect(fail { try RouteReader.read(contentsOf: empty) }?.code == .empty)
    #expect(fail { try OSRMRouteReader.read(contentsOf: empty) }?.file == empty.path)
  }
}

@Suite("Malformed tracks")
struct MalformedTrackTests {
  @Test func badSentencesAreCountedAndSkipped() throws {
    let url = ReaderFixtures.drive("helsinki-1-clean")
    var lines = try String(contentsOf: url, encoding: .utf8)
      .split(whereSeparator: \.isNewline).prefix(30).map(String.init)
    lines[4] = String(lines[4].dropLast(2)) + "00"  // GGA: wrong checksum
    lines[9] = lines[9].replacingOccurrences(of: "6010.", with: "6011.")  // RMC: content changed
    lines[13] = String(lines[13].dropLast(3))  // GGA: no checksum
    // GGA with too few fields.
    lines[16] = ReaderFixtures.nmea("GPGGA,080005.00,6010.0070,N,02456.9737,E,1,09")
    lines[18] = ReaderFixtures.nmea(
      "GPRMC,080006.00,A,60x0.0070,N,02456.9737,E,0.0,357.0,040526,,,A")  // not a number
    lines.append(ReaderFixtures.nmea("GPGSV,1,1,01,02,34,074,32"))  // ignored, not bad
    lines.insert("", at: 2)  // blank lines are skipped (and still counted as lines)
    let result = try NMEAReader.read(lines.joined(separator: "\r\n"), file: "drive.nmea")
    #expect(result.badSentences == 5)
    #expect(result.sentences == 26)
    #expect(result.fixes.count == 10)
    let problem = try #require(result.firstProblem)
    #expect(problem.code == .malformed)
    #expect(problem.file == "drive.nmea")
    #expect(problem.line == 6)
    #expect(problem.message.hasPrefix("bad checksum"))
  }

  @Test func problemMessages() throws {
    let cases: [(String, String)] = [
      ("$GPRMC,080000.00,A,6010.0070,N,02456.9737,E,0.0,357.0,040526,,,A", "missing checksum"),
      (
        ReaderFixtures.nmea("GPGGA,080000.00,6010.0070,N"),
        "GPGGA has 3 fields, expected at least 14"
      ),
      (
        ReaderFixtures.nmea("GPRMC,08:00:00,A,6010.0070,N,02456.9737,E,0.0,357.0,040526,,,A"),
        "field 1 (UTC time)"
      ),
      (
        ReaderFixtures.nmea("GPRMC,080000.00,X,6010.0070,N,02456.9737,E,0.0,357.0,040526,,,A"),
        "field 2 (status)"
      ),
      (
        ReaderFixtures.nmea("GPRMC,080000.00,A,6010.0070,Q,02456.9737,E,0.0,357.0,040526,,,A"),
        "field 4"
      ),
      (
        ReaderFixtures.nmea("GPRMC,080000.00,A,6010.0070,N,02456.9737,E,0.0,357.0,310226,,,A"),
        "field 9 (date)"
      ),
      (ReaderFixtures.nmea("GPGSA,A,7,,,,,,,,,,,,,1.6,0.9,1.3"), "field 2 (fix mode)"),
      // A satellite count too large for a whole number once crashed the reader.
      (
        ReaderFixtures.nmea(
          "GPGGA,080001.00,6010.0066,N,02456.9779,E,1,0922222222222222222222,0.9,15.0,M,18.0,M,,"),
        "field 7 (satellites in use)"
      ),
      (
        ReaderFixtures.nmea("GPGGA,080001.00,6010.0066,N,02456.9779,E,1,-3,0.9,15.0,M,18.0,M,,"),
        "field 7 (satellites in use)"
      ),
      ("hello world", "not an NMEA sentence"),
    ]
    for (line, message) in cases {
      let text = ReaderFixtures.nmea("GPGSV,1,1,00") + "\n" + line
      let result = try? NMEAReader.read(
        text + "\n"
          + ReaderFixtures.nmea(
            "GPGGA,080000.00,6010.0070,N,02456.9737,E,1,09,0.9,15.0,M,18.0,M,,"))
      #expect(result?.badSentences == 1, "\(line)")
      #expect(result?.firstProblem?.line == 2)
      #expect(
        result?.firstProblem?.message.hasPrefix(message) == true,
        "\(String(describing: result?.firstProblem))")
    }
  }

  @Test func nmeaFilesThatHoldNothingUsable() throws {
    #expect(fail { try NMEAReader.read("", file: "a.nmea") }?.code == .empty)
    #expect(fail { try NMEAReader.read("\r\n  \n") }?.code == .empty)
    let text = try #require(fail { try NMEAReader.read("\n\nthis is\nnot NMEA", file: "t.nmea") })
    #expect(text.code == .malformed)
    #expect(text.file == "t.nmea")
    #expect(text.line == 3)
    #expect(text.message.contains("no valid NMEA sentence"))
    let noFix = ReaderFixtures.nmea("GPGSA,A,1,,,,,,,,,,,,,99.9,99.9,99.9")
    #expect(fail { try NMEAReader.read(noFix) }?.code == .noData)

    let empty = ReaderFixtures.fixtures.appendingPathComponent("malformed/empty.nmea")
    let emptyError = try #require(fail { try NMEAReader.read(contentsOf: empty) })
    #expect(emptyError.code == .empty && emptyError.file == empty.path)

    let mixed = ReaderFixtures.fixtures.appendingPathComponent("malformed/bad-lines.nmea")
    let result = try NMEAReader.read(contentsOf: mixed)
    #expect(result.fixes.count == 2)
    #expect(result.badSentences == 2)
    #expect(result.firstProblem?.line == 2)
    #expect(result.firstProblem?.file == mixed.path)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func binaryGarbageThrowsInsteadOfCrashing(seed: UInt64) throws {
    let garbage = ReaderFixtures.garbage(count: 8_192, seed: seed)
    for name in ["garbage.nmea", "garbage.json", "garbage.gpx"] {
      let url = try ReaderFixtures.temporaryFile(name, garbage)
      let error = try #require(fail { try TrackReader.read(contentsOf: url) })
      #expect(error.code == .malformed, "\(name): \(error)")
      #expect(error.file == url.path)
      #expect(error.line == 1)
    }
    let unknown = try ReaderFixtures.temporaryFile("garbage.bin", garbage)
    #expect(fail { try TrackReader.read(contentsOf: unknown) }?.code == .unsupported)
    let text = String(decoding: garbage, as: UTF8.self)
    #expect(fail { try NMEAReader.read(text) }?.code == .malformed)
    #expect(fail { try GPSDLogReader.read(text) }?.code == .malformed)
    #expect(fail { try GPXReader.readTrack(garbage) }?.code == .malformed)
    #expect(fail { try GPXReader.readRoutes(garbage) }?.code == .malformed)
  }

  @Test func gpsdLinesWithWrongTypes() throws {
    let text = """
      {"class":"VERSION","release":"3.25","proto_major":3,"proto_minor":15}
      {"class":"WATCH","enable":true,"json":true}
      {"class":"TPV","mode":3,"time":"2026-05-04T08:00:00.000Z","lat":"60.1","lon":24.9}
      {"class":"TPV","mode":3,"time":"2026-05-04T08:00:01.000Z","lat":60.1,"lon":24.9}
      {"class":"TPV","mode":3,"time":"2026-05-04T08:00:02.000Z","lat":60.1}
      {"class":"TPV","mode":3,"time":"yesterday","lat":60.1,"lon":24.9}
      {"class":"TPV","mode":"3","time":"2026-05-04T08:00:03.000Z","lat":60.1,"lon":24.9}
      {"class":"SKY","uSat":"nine"}
      {"class":"TPV","mode":3,"time":"2026-05-04T08:00:04.000Z","lat":60.1,"lon":24.9
      [1, 2]
      {"mode":3}
      """
    let result = try GPSDLogReader.read(text, file: "gpsd.json")
    #expect(result.fixes.count == 1)
    #expect(result.sentences == 3)
    #expect(result.badSentences == 8)
    let problem = try #require(result.firstProblem)
    #expect(problem.code == .malformed)
    #expect(problem.file == "gpsd.json")
    #expect(problem.line == 3)
    #expect(problem.path == "$.lat")
    #expect(problem.message == "expected a number, found a string \"60.1\"")
    #expect(problem.description == "gpsd.json:3: $.lat: expected a number, found a string \"60.1\"")

    // Each bad line on its own, after one good line.
    let good = #"{"class":"TPV","mode":3,"time":"2026-05-04T08:00:01Z","lat":60.1,"lon":24.9}"#
    let expectations: [(line: Int, path: String?, message: String)] = [
      (5, "$.lon", "missing required key \"lon\""),
      (6, "$.time", "expected an ISO 8601 time"),
      (7, "$.mode", "expected a number"),
      (8, "$.uSat", "expected a number"),
      (9, nil, "not valid JSON"),
      (10, "$", "expected an object"),
      (11, "$.class", "missing required key \"class\""),
    ]
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (line, path, message) in expectations {
      let single = try GPSDLogReader.read(good + "\n" + lines[line - 1])
      #expect(single.badSentences == 1)
      #expect(single.firstProblem?.line == 2)
      #expect(single.firstProblem?.path == path)
      #expect(
        single.firstProblem?.message.hasPrefix(message) == true,
        "\(String(describing: single.firstProblem))")
    }
  }

  @Test func gpsdLogsThatHoldNothingUsable() throws {
    #expect(fail { try GPSDLogReader.read("\n\n") }?.code == .empty)
    let noTPV = #"{"class":"VERSION","release":"3.25"}"# + "\n" + #"{"class":"SKY","hdop":0.9}"#
    #expect(fail { try GPSDLogReader.read(noTPV) }?.code == .noData)
    let error = try #require(fail { try GPSDLogReader.read("\n{\"class\":\n", file: "g.json") })
    #expect(error.code == .malformed)
    #expect(error.line == 2)
    #expect(error.file == "g.json")
  }

  @Test("a log whose every TPV is bad names the first bad line, its JSON path and why")
  func gpsdLogWithOnlyBadReports() throws {
    let text = """
      {"class":"VERSION","release":"3.25"}
      {"class":"TPV","mode":3,"time":"2026-05-04T08:00:01Z","lat":95,"lon":24.9}
      {"class":"TPV","mode":3,"time":"2026-05-04T08:00:02Z","lat":60.1,"lon":"east"}
      """
    let error = try #require(fail { try GPSDLogReader.read(text, file: "g.json") })
    #expect(error.code == .noData)
    #expect(error.line == 2)
    #expect(error.path == "$.lat")
    #expect(error.message.contains("2 line(s) rejected"))
    #expect(error.message.hasSuffix("expected a latitude in -90…90, found the number 95"))
  }
}
