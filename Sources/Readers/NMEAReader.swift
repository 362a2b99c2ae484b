import Foundation
import Geo
import JSON
import Navigation

/// Reads NMEA 0183 logs (RMC, GGA, GSA and VTG from any talker: GP, GN, GL, GA, BD, …)
/// into fixes, one per epoch.
///
/// Sentences are grouped into epochs by their UTC time of day; GSA and VTG, which
/// carry no time, belong to the epoch of the timed sentence before them. The date
/// comes from RMC: an epoch without one takes the most recent date (rolling over at
/// midnight), and epochs before the first RMC take the first RMC's date. A log
/// without any RMC date is dated 1970-01-01.
///
/// Each sentence must end in a valid `*hh` checksum. Sentences with a bad or missing
/// checksum, the wrong number of fields or unparseable values are counted in
/// `badSentences` and skipped; sentences of other types (GSV, GLL, proprietary) are
/// ignored.
public enum NMEAReader {
  /// The result shape shared with the other track readers.
  public typealias Result = TrackReadResult

  /// Knots to metres per second.
  static let metresPerSecondPerKnot = 1852.0 / 3600

  /// Reads the log at `url`; bytes that are not UTF-8 are replaced, not fatal.
  ///
  /// - Throws: `.unreadable`, `.empty`, or as `read(_:file:)` with `file` set to the path.
  public static func read(contentsOf url: URL) throws(NavigationError) -> TrackReadResult {
    let data = try ReaderFile.data(contentsOf: url)
    return try read(String(decoding: data, as: UTF8.self), file: url.path)
  }

  /// Reads an NMEA log.
  ///
  /// - Throws: `.empty` when `text` is blank; `.malformed` (with the file and the line
  ///   of the first problem) when no line is a valid sentence; `.noData` when there are
  ///   valid sentences but no RMC or GGA to make a fix from.
  public static func read(_ text: String, file: String? = nil) throws(NavigationError)
    -> TrackReadResult
  {
    var epochs: [Epoch] = []
    var current: Epoch?
    var sentences = 0
    var bad = 0
    var firstProblem: NavigationError?
    var sawText = false

    for (number, rawLine) in ReaderFile.lines(text) {
      let line = ReaderFile.trimmed(rawLine)
      guard !line.isEmpty else { continue }
      sawText = true
      do throws(SentenceError) {
        let fields = try checkedFields(line)
        let address = fields[0]
        let type = address.count == 5 && !address.hasPrefix("P") ? address.suffix(3) : ""
        switch type {
        case "RMC", "GGA":
          let parsed = try type == "RMC" ? rmc(fields) : gga(fields)
          if var open = current, open.timeOfDay == nil || open.timeOfDay == parsed.timeOfDay {
            open.merge(parsed)
            current = open
          } else {
            if let open = current { epochs.append(open) }
            current = parsed
          }
        case "GSA", "VTG":
          var open = current ?? Epoch()
          open.merge(try type == "GSA" ? gsa(fields) : vtg(fields))
          current = open
        default:
          break
        }
        sentences += 1
      } catch {
        bad += 1
        if firstProblem == nil {
          firstProblem = NavigationError(.malformed, error.message, file: file, line: number)
        }
      }
    }
    if let open = current { epochs.append(open) }

    guard sawText else { throw NavigationError(.empty, "the NMEA log is empty", file: file) }
    guard sentences > 0 else {
      throw NavigationError(
        .malformed,
        "no valid NMEA sentence (\(bad) line(s) rejected); first problem: "
          + (firstProblem?.message ?? "none"),
        file: file, line: firstProblem?.line)
    }
    let fixes = self.fixes(epochs)
    guard !fixes.isEmpty else {
      throw NavigationError(
        .noData, "\(sentences) valid sentence(s) but no RMC or GGA to make a fix from",
        file: file)
    }
    return TrackReadResult(
      fixes: fixes, sentences: sentences, badSentences: bad, firstProblem: firstProblem)
  }

  // MARK: - Epochs

  /// What the sentences of one epoch said.
  private struct Epoch {
    var timeOfDay: Double?
    /// Days since 1970-01-01, from RMC.
    var day: Int?
    var rmcValid: Bool?
    var ggaQuality: Int?
    var gsaMode: Int?
    var coordinate: Coordinate?
    var altitude: Double?
    var speed: Double?
    var course: Double?
    var ggaHdop: Double?
    var gsaHdop: Double?
    var satellites: Int?

    /// Takes the values `other` has (later sentences win).
    mutating func merge(_ other: Epoch) {
      timeOfDay = other.timeOfDay ?? timeOfDay
      day = other.day ?? day
      rmcValid = other.rmcValid ?? rmcValid
      ggaQuality = other.ggaQuality ?? ggaQuality
      gsaMode = other.gsaMode ?? gsaMode
      coordinate = other.coordinate ?? coordinate
      altitude = other.altitude ?? altitude
      speed = other.speed ?? speed
      course = other.course ?? course
      ggaHdop = other.ggaHdop ?? ggaHdop
      gsaHdop = other.gsaHdop ?? gsaHdop
      satellites = other.satellites ?? satellites
    }
  }

  /// Dates the epochs and turns each into a fix, in time order.
  private static func fixes(_ epochs: [Epoch]) -> [Fix] {
    let timed = epochs.filter { $0.timeOfDay != nil }
    guard let firstDated = timed.firstIndex(where: { $0.day != nil }) else {
      return assignDays(timed, startDay: 0, startTime: timed.first?.timeOfDay ?? 0)
    }
    let anchor = timed[firstDated]
    var fixes: [Fix] = []
    // Epochs before the first RMC date take that date, or the day before when they
    // are more than half a day later in the day (the log started before midnight).
    for epoch in timed[..<firstDated] {
      let time = epoch.timeOfDay ?? 0
      let day = (anchor.day ?? 0) - (time - (anchor.timeOfDay ?? 0) > 43_200 ? 1 : 0)
      if let fix = fix(epoch, day: day) { fixes.append(fix) }
    }
    fixes += assignDays(
      Array(timed[firstDated...]), startDay: anchor.day ?? 0, startTime: anchor.timeOfDay ?? 0)
    return fixes.enumerated().sorted { a, b in
      a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
    }.map(\.element)
  }

  /// Fixes for `epochs`, each dated by its own RMC or else by the previous date,
  /// advanced by a day when the time of day jumps back by more than half a day.
  private static func assignDays(_ epochs: [Epoch], startDay: Int, startTime: Double) -> [Fix] {
    var day = startDay
    var lastTime = startTime
    var fixes: [Fix] = []
    for epoch in epochs {
      let time = epoch.timeOfDay ?? lastTime
      if let own = epoch.day {
        day = own
      } else if time < lastTime - 43_200 {
        day += 1
      }
      lastTime = time
      if let fix = fix(epoch, day: day) { fixes.append(fix) }
    }
    return fixes
  }

  private static func fix(_ epoch: Epoch, day: Int) -> Fix? {
    guard let timeOfDay = epoch.timeOfDay else { return nil }
    let time = UTCTime.date(days: day, seconds: timeOfDay)
    let hdop = epoch.ggaHdop ?? epoch.gsaHdop
    let noFix =
      epoch.rmcValid == false || epoch.ggaQuality == 0 || epoch.gsaMode == 1
      || epoch.coordinate == nil
    if noFix {
      return Fix(
        time: time, mode: .noFix, coordinate: nil, hdop: hdop, satellites: epoch.satellites)
    }
    let mode: Fix.Mode =
      epoch.gsaMode.flatMap(Fix.Mode.init(rawValue:))
      ?? ((epoch.ggaQuality ?? 0) > 0 && epoch.altitude != nil ? .threeD : .twoD)
    return Fix(
      time: time, mode: mode, coordinate: epoch.coordinate, altitude: epoch.altitude,
      speed: epoch.speed, course: epoch.course, hdop: hdop, satellites: epoch.satellites)
  }

  // MARK: - Sentences

  /// Why a line was rejected.
  private struct SentenceError: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// The comma-separated fields of a sentence (address first), after checking the
  /// `$` start and the `*hh` checksum.
  private static func checkedFields(_ line: Substring) throws(SentenceError) -> [Substring] {
    let bytes = Array(line.utf8)
    guard let start = bytes.first, start == 0x24 || start == 0x21 else {
      throw SentenceError("not an NMEA sentence (expected a line starting with $)")
    }
    guard bytes.count >= 4, bytes[bytes.count - 3] == 0x2A,
      let expected = UInt8(
        String(decoding: bytes[(bytes.count - 2)...], as: UTF8.self), radix: 16)
    else {
      throw SentenceError("missing checksum (expected *hh at the end of the sentence)")
    }
    let body = bytes[1..<(bytes.count - 3)]
    let actual = body.reduce(0, ^)
    guard actual == expected else {
      throw SentenceError(
        "bad checksum: the sentence says \(hex(expected)), its content gives \(hex(actual))")
    }
    let fields = String(decoding: body, as: UTF8.self).split(
      separator: ",", omittingEmptySubsequences: false)
    guard let address = fields.first, address.count >= 3,
      address.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else {
      throw SentenceError("expected a sentence address such as GPRMC after $")
    }
    return fields
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count < 2 ? "0" + digits : digits
  }

  private static func requireFields(_ fields: [Substring], _ minimum: Int) throws(SentenceError) {
    guard fields.count >= minimum else {
      throw SentenceError(
        "\(fields[0]) has \(fields.count - 1) fields, expected at least \(minimum - 1)")
    }
  }

  /// `$xxRMC,time,status,lat,N,lon,E,knots,course,ddmmyy,magvar,E[,mode[,navstatus]]`
  private static func rmc(_ f: [Substring]) throws(SentenceError) -> Epoch {
    try requireFields(f, 12)
    var epoch = Epoch()
    epoch.timeOfDay = try time(f[1], field: 1)
    switch f[2] {
    case "A": epoch.rmcValid = f.count > 12 && f[12] == "N" ? false : true
    case "V": epoch.rmcValid = false
    default: throw SentenceError("field 2 (status) is \(JSONNode.quoted(f[2])), expected A or V")
    }
    if epoch.rmcValid == true {
      epoch.coordinate = try coordinate(f, at: 3)
      epoch.speed = try number(f[7], field: 7).map { $0 * metresPerSecondPerKnot }
      epoch.course = try number(f[8], field: 8)
    }
    if !f[9].isEmpty { epoch.day = try day(f[9]) }
    return epoch
  }

  /// `$xxGGA,time,lat,N,lon,E,quality,satellites,hdop,altitude,M,separation,M,age,station`
  private static func gga(_ f: [Substring]) throws(SentenceError) -> Epoch {
    try requireFields(f, 15)
    var epoch = Epoch()
    epoch.timeOfDay = try time(f[1], field: 1)
    guard let quality = Int(f[6]), quality >= 0 else {
      throw SentenceError(
        "field 6 (fix quality) is \(JSONNode.quoted(f[6])), expected a number 0…9")
    }
    epoch.ggaQuality = quality
    if let satellites = try number(f[7], field: 7) {
      guard (0...999).contains(satellites) else {
        throw SentenceError(
          "field 7 (satellites in use) is \(JSONNode.quoted(f[7])), expected a number 0…999")
      }
      epoch.satellites = Int(satellites)
    }
    epoch.ggaHdop = try number(f[8], field: 8)
    if quality > 0 {
      epoch.coordinate = try coordinate(f, at: 2)
      epoch.altitude = try number(f[9], field: 9)
    }
    return epoch
  }

  /// `$xxGSA,A,mode,prn×12,pdop,hdop,vdop[,system]`
  private static func gsa(_ f: [Substring]) throws(SentenceError) -> Epoch {
    try requireFields(f, 18)
    var epoch = Epoch()
    if !f[2].isEmpty {
      guard let mode = Int(f[2]), (1...3).contains(mode) else {
        throw SentenceError("field 2 (fix mode) is \(JSONNode.quoted(f[2])), expected 1, 2 or 3")
      }
      epoch.gsaMode = mode
    }
    epoch.gsaHdop = try number(f[16], field: 16)
    return epoch
  }

  /// `$xxVTG,course,T,course,M,knots,N,kmh,K[,mode]`
  private static func vtg(_ f: [Substring]) throws(SentenceError) -> Epoch {
    try requireFields(f, 9)
    var epoch = Epoch()
    epoch.course = try number(f[1], field: 1)
    epoch.speed = try number(f[5], field: 5).map { $0 * metresPerSecondPerKnot }
    return epoch
  }

  /// An optional number: nil for an empty field.
  private static func number(_ text: Substring, field: Int) throws(SentenceError) -> Double? {
    guard !text.isEmpty else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw SentenceError("field \(field) is \(JSONNode.quoted(text)), expected a number")
    }
    return value
  }

  /// `hhmmss` or `hhmmss.sss` as seconds after midnight.
  private static func time(_ text: Substring, field: Int) throws(SentenceError) -> Double {
    let digits = Array(text.utf8)
    guard digits.count >= 6, digits.prefix(6).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let seconds = Double(text.dropFirst(4)),
      let hours = Int(text.prefix(2)), hours < 24,
      let minutes = Int(text.dropFirst(2).prefix(2)), minutes < 60, seconds < 61
    else {
      throw SentenceError(
        "field \(field) (UTC time) is \(JSONNode.quoted(text)), expected hhmmss.ss")
    }
    return Double(hours * 3600 + minutes * 60) + seconds
  }

  /// `ddmmyy` as days since 1970-01-01 (years 80…99 are 19xx).
  private static func day(_ text: Substring) throws(SentenceError) -> Int {
    guard text.count == 6, let d = Int(text.prefix(2)), let m = Int(text.dropFirst(2).prefix(2)),
      let y = Int(text.suffix(2))
    else { throw SentenceError("field 9 (date) is \(JSONNode.quoted(text)), expected ddmmyy") }
    let year = y < 80 ? 2000 + y : 1900 + y
    guard UTCTime.isValid(year: year, month: m, day: d) else {
      throw SentenceError("field 9 (date) is \(JSONNode.quoted(text)), which is not a date")
    }
    return UTCTime.days(year: year, month: m, day: d)
  }

  /// Latitude `ddmm.mmmm`, `N`/`S`, longitude `dddmm.mmmm`, `E`/`W` from field `index`.
  private static func coordinate(_ f: [Substring], at index: Int) throws(SentenceError)
    -> Coordinate
  {
    func angle(
      _ text: Substring, _ hemisphere: Substring, positive: Substring,
      negative: Substring, limit: Double, field: Int
    ) throws(SentenceError) -> Double {
      guard let value = Double(text), value >= 0 else {
        throw SentenceError(
          "field \(field) is \(JSONNode.quoted(text)), expected a position in (d)ddmm.mmmm")
      }
      let degrees = (value / 100).rounded(.down)
      let minutes = value - degrees * 100
      let result = degrees + minutes / 60
      guard minutes < 60, result <= limit else {
        throw SentenceError("field \(field) is \(JSONNode.quoted(text)), which is out of range")
      }
      switch hemisphere {
      case positive: return result
      case negative: return -result
      default:
        throw SentenceError(
          "field \(field + 1) is \(JSONNode.quoted(hemisphere)), expected \(positive) or \(negative)"
        )
      }
    }
    let latitude = try angle(
      f[index], f[index + 1], positive: "N", negative: "S", limit: 90, field: index)
    let longitude = try angle(
      f[index + 2], f[index + 3], positive: "E", negative: "W", limit: 180, field: index + 2)
    return Coordinate(latitude: latitude, longitude: longitude)
  }
}
