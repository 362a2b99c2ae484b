import Foundation
import Geo
import JSON
import Navigation

/// Reads gpsd JSON logs as `gpspipe -w` writes them: one JSON object per line.
///
/// `TPV` lines become fixes (mode 0 or 1 → `.noFix`); `SKY` lines set the HDOP and the
/// number of satellites used for the fixes that follow. Other classes (`VERSION`,
/// `DEVICES`, `WATCH`, `PPS`, …) and TPVs without a time are ignored. A line that is
/// not a JSON object, lacks `class`, or is a TPV/SKY with a value of the wrong type is
/// counted in `badSentences` and skipped; the first such problem is kept with its line
/// and JSON path (`$.lat: expected a number, found a string "60.1"`).
public enum GPSDLogReader {
  /// Reads the log at `url`; bytes that are not UTF-8 are replaced, not fatal.
  ///
  /// - Throws: `.unreadable`, `.empty`, or as `read(_:file:)` with `file` set to the path.
  public static func read(contentsOf url: URL) throws(NavigationError) -> TrackReadResult {
    let data = try ReaderFile.data(contentsOf: url)
    return try read(String(decoding: data, as: UTF8.self), file: url.path)
  }

  /// Reads a gpsd JSON log.
  ///
  /// - Throws: `.empty` when `text` is blank; `.malformed` (with file and line of the
  ///   first problem) when no line is a valid gpsd object; `.noData` when there is no
  ///   TPV with a time.
  public static func read(_ text: String, file: String? = nil) throws(NavigationError)
    -> TrackReadResult
  {
    var fixes: [Fix] = []
    var records = 0
    var bad = 0
    var firstProblem: NavigationError?
    var sawText = false
    var sky = Sky()

    for (number, rawLine) in ReaderFile.lines(text) {
      let line = ReaderFile.trimmed(rawLine)
      guard !line.isEmpty else { continue }
      sawText = true
      do throws(JSONError) {
        let node = try JSONNode(parsing: Data(line.utf8))
        switch try node.required("class").string() {
        case "TPV":
          if let fix = try fix(node, sky: sky) { fixes.append(fix) }
        case "SKY":
          sky = try self.sky(node, previous: sky)
        default:
          break
        }
        records += 1
      } catch {
        bad += 1
        if firstProblem == nil { firstProblem = NavigationError(error, file: file, line: number) }
      }
    }

    guard sawText else { throw NavigationError(.empty, "the gpsd log is empty", file: file) }
    guard records > 0 else {
      throw NavigationError(
        .malformed,
        "no valid gpsd JSON line (\(bad) line(s) rejected); first problem: "
          + (firstProblem?.description ?? "none"),
        file: file, line: firstProblem?.line)
    }
    guard !fixes.isEmpty else {
      // The first rejected line is where to look: its line, path and reason.
      guard var problem = firstProblem else {
        throw NavigationError(
          .noData, "\(records) gpsd object(s) but no TPV report with a time", file: file)
      }
      problem.code = .noData
      problem.message =
        "no usable TPV report (\(bad) line(s) rejected); the first: \(problem.message)"
      throw problem
    }
    let ordered = fixes.enumerated().sorted { a, b in
      a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
    }.map(\.element)
    return TrackReadResult(
      fixes: ordered, sentences: records, badSentences: bad, firstProblem: firstProblem)
  }

  /// The latest `SKY` report.
  private struct Sky {
    var hdop: Double?
    var satellites: Int?
  }

  private static func sky(_ node: JSONNode, previous: Sky) throws(JSONError) -> Sky {
    var sky = previous
    if let hdop = try node.optional("hdop") { sky.hdop = try hdop.number(atLeast: 0) }
    if let used = try node.optional("uSat") {
      sky.satellites = try used.wholeNumber()
    } else if let satellites = try node.optional("satellites") {
      var count = 0
      for satellite in try satellites.array() where try satellite.optional("used")?.bool() == true {
        count += 1
      }
      sky.satellites = count
    }
    return sky
  }

  /// The fix of a TPV report; nil when the report has no time.
  private static func fix(_ node: JSONNode, sky: Sky) throws(JSONError) -> Fix? {
    let modeNode = try node.required("mode")
    let modeNumber = try modeNode.wholeNumber()
    guard (0...3).contains(modeNumber) else {
      throw modeNode.error(expected: "a mode 0…3", code: .outOfRange)
    }
    guard let timeNode = try node.optional("time") else { return nil }
    guard let time = UTCTime.parseISO8601(try timeNode.string()) else {
      throw timeNode.error(expected: "an ISO 8601 time", code: .outOfRange)
    }
    guard modeNumber >= 2 else {
      return Fix(
        time: time, mode: .noFix, coordinate: nil, hdop: sky.hdop, satellites: sky.satellites)
    }
    let latitudeNode = try node.required("lat")
    let latitude = try latitudeNode.number()
    guard abs(latitude) <= 90 else {
      throw latitudeNode.error(expected: "a latitude in -90…90", code: .outOfRange)
    }
    let longitudeNode = try node.required("lon")
    let longitude = try longitudeNode.number()
    guard abs(longitude) <= 180 else {
      throw longitudeNode.error(expected: "a longitude in -180…180", code: .outOfRange)
    }
    var altitude = try node.optional("altMSL")?.number()
    if altitude == nil { altitude = try node.optional("alt")?.number() }
    var error = try node.optional("eph")?.number(atLeast: 0)
    if error == nil, let x = try node.optional("epx")?.number(atLeast: 0),
      let y = try node.optional("epy")?.number(atLeast: 0)
    {
      error = (x * x + y * y).squareRoot()
    }
    return Fix(
      time: time, mode: modeNumber == 3 ? .threeD : .twoD,
      coordinate: Coordinate(latitude: latitude, longitude: longitude),
      altitude: altitude,
      speed: try node.optional("speed")?.number(),
      course: try node.optional("track")?.number(),
      horizontalError: error, hdop: sky.hdop, satellites: sky.satellites)
  }
}
