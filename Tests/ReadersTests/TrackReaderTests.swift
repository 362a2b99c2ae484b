import Foundation
import Geo
import Navigation
import Testing

@testable import Readers

@Suite("NMEAReader")
struct NMEAReaderTests {
  @Test(arguments: ReaderFixtures.driveNames)
  func everyDriveLoads(name: String) throws {
    let url = ReaderFixtures.drive(name)
    let result = try NMEAReader.read(contentsOf: url)
    let text = try String(contentsOf: url, encoding: .utf8)
    let lines = text.split(whereSeparator: \.isNewline)
    #expect(result.badSentences == 0)
    #expect(result.firstProblem == nil)
    #expect(result.sentences == lines.count)
    #expect(result.fixes.count == lines.filter { $0.contains("RMC,") }.count)
    #expect(zip(result.fixes, result.fixes.dropFirst()).allSatisfy { $0.time < $1.time })

    let truth = try ReaderFixtures.truth(name)
    let startText = try #require(truth["start"] as? String)
    let start = try #require(UTCTime.parseISO8601(startText))
    let first = try #require(result.fixes.first)
    #expect(first.time == start)
    let maneuvers = try #require(truth["maneuvers"] as? [[String: Any]])
    let depart = Coordinate(
      latitude: try #require(maneuvers.first?["lat"] as? Double),
      longitude: try #require(maneuvers.first?["lon"] as? Double))
    let position = try #require(first.coordinate)
    // Noisy drives add GPS noise; the others start on the depart point.
    #expect(Earth.distance(position, depart) < (name.hasSuffix("noisy") ? 30 : 1))
    #expect(first.mode == .threeD)
    #expect(first.satellites == 9)
    #expect(first.hdop == 0.9)
    #expect(first.altitude == 15)

    if let outage = truth["outage_s"] as? [Double], outage.count == 2 {
      let window = start.addingTimeInterval(outage[0])...start.addingTimeInterval(outage[1])
      let lost = result.fixes.filter { $0.mode == .noFix }
      #expect(!lost.isEmpty)
      #expect(lost.allSatisfy { window.contains($0.time) && $0.coordinate == nil })
      #expect(result.fixes.filter { window.contains($0.time) }.contains { $0.mode == .noFix })
    } else {
      #expect(result.fixes.allSatisfy { $0.hasPosition })
    }
  }

  @Test func convertsUnitsAndCombinesTheSentencesOfAnEpoch() throws {
    let text = [
      ReaderFixtures.nmea("GNRMC,235959.50,A,6010.0070,N,02456.9737,W,10.0,357.0,311226,,,A"),
      ReaderFixtures.nmea("GNGGA,235959.50,6010.0070,N,02456.9737,W,1,07,1.2,15.0,M,18.0,M,,"),
      ReaderFixtures.nmea("GNGSA,A,2,02,05,07,09,13,15,18,,,,,,1.6,1.1,1.3,1"),
      ReaderFixtures.nmea("GPGSV,3,1,12,02,34,074,32,05,55,185,35,07,69,259,37,09,23,333,39"),
      ReaderFixtures.nmea("GNGGA,000000.50,3351.4071,S,15112.9177,E,2,11,0.7,3.5,M,22.0,M,,"),
      ReaderFixtures.nmea("GNVTG,90.5,T,,M,20.0,N,37.0,K,A"),
    ].joined(separator: "\r\n")
    let result = try NMEAReader.read(text, file: "epochs.nmea")
    #expect(result.sentences == 6)
    #expect(result.badSentences == 0)
    #expect(result.fixes.count == 2)
    let first = result.fixes[0]
    #expect(
      first.time
        == UTCTime.date(days: UTCTime.days(year: 2026, month: 12, day: 31), seconds: 86_399.5))
    #expect(first.mode == .twoD)  // GSA says 2D
    #expect(abs((first.coordinate?.latitude ?? 0) - (60 + 10.007 / 60)) < 1e-9)
    #expect(abs((first.coordinate?.longitude ?? 0) - -(24 + 56.9737 / 60)) < 1e-9)
    #expect(abs((first.speed ?? 0) - 5.144_444) < 1e-5)
    #expect(first.course == 357)
    #expect(first.hdop == 1.2)
    #expect(first.satellites == 7)
    // The next epoch has no RMC: the date rolls over at midnight; VTG gives speed/course.
    let second = result.fixes[1]
    #expect(
      second.time == UTCTime.date(days: UTCTime.days(year: 2027, month: 1, day: 1), seconds: 0.5))
    #expect(second.mode == .threeD)  // the earlier GSA (2D) does not belong to this epoch
    #expect((second.coordinate?.latitude ?? 0) < 0)
    #expect(abs((second.speed ?? 0) - 20 * 1852 / 3600) < 1e-9)
    #expect(second.course == 90.5)
  }

  @Test func epochsBeforeTheFirstDateTakeTheNextRMCsDate() throws {
    let text = [
      ReaderFixtures.nmea("GPGGA,080000.00,6010.0070,N,02456.9737,E,1,09,0.9,15.0,M,18.0,M,,"),
      ReaderFixtures.nmea("GPGGA,080001.00,6010.0070,N,02456.9737,E,1,09,0.9,15.0,M,18.0,M,,"),
      ReaderFixtures.nmea("GPRMC,080002.00,A,6010.0070,N,02456.9737,E,0.0,357.0,040526,,,A"),
    ].joined(separator: "\n")
    let fixes = try NMEAReader.read(text).fixes
    let day = UTCTime.days(year: 2026, month: 5, day: 4)
    #expect(fixes.map(\.time) == [0, 1, 2].map { UTCTime.date(days: day, seconds: 28_800 + $0) })
    #expect(fixes[0].mode == .threeD)  // GGA with altitude, no GSA
    #expect(fixes[2].mode == .twoD)  // RMC only
  }

  @Test func ggaOnlyLogsAreDatedOnDayZero() throws {
    let text = ReaderFixtures.nmea("GPGGA,120000,6010.0070,N,02456.9737,E,1,09,0.9,,M,,M,,")
    let fix = try #require(try NMEAReader.read(text).fixes.first)
    #expect(fix.time == Date(timeIntervalSince1970: 43_200))
    #expect(fix.mode == .twoD)  // no altitude
  }
}

@Suite("GPSDLogReader")
struct GPSDLogReaderTests {
  static let fixture = ReaderFixtures.fixtures.appendingPathComponent("gpsd/helsinki-1-head.json")

  @Test func readsTheSamePositionsAsTheNMEA() throws {
    let gpsd = try GPSDLogReader.read(contentsOf: Self.fixture)
    let nmea = try NMEAReader.read(contentsOf: ReaderFixtures.drive("helsinki-1-clean"))
    #expect(gpsd.sentences == 63)
    #expect(gpsd.badSentences == 0)
    #expect(gpsd.fixes.count == 30)
    for (a, b) in zip(gpsd.fixes, nmea.fixes) {
      #expect(a.time == b.time)
      #expect(a.mode == b.mode)
      let pa = try #require(a.coordinate)
      let pb = try #require(b.coordinate)
      #expect(abs(pa.latitude - pb.latitude) < 1e-8 && abs(pa.longitude - pb.longitude) < 1e-8)
      #expect(abs((a.speed ?? -1) - (b.speed ?? -2)) < 0.001)
      #expect(a.course == b.course)
      #expect(a.altitude == b.altitude)
      #expect(a.hdop == b.hdop)
      #expect(a.satellites == b.satellites)
      #expect(a.horizontalError == 3.4)
    }
  }

  @Test func skyAndTPVVariants() throws {
    let text = """
      {"class":"SKY","hdop":1.4,"satellites":[{"PRN":1,"used":true},{"PRN":2,"used":false},{"PRN":3,"used":true}]}
      {"class":"TPV","mode":1,"time":"2026-05-04T08:00:00.000Z"}
      {"class":"TPV","mode":2,"time":"2026-05-04T08:00:01.5Z","lat":60.1,"lon":24.9,"alt":12.0,"epx":3.0,"epy":4.0}
      {"class":"TPV","mode":3}
      {"class":"PPS","device":"/dev/pps0","real_sec":1,"real_nsec":0}
      """
    let result = try GPSDLogReader.read(text, file: "variants.json")
    #expect(result.sentences == 5)
    #expect(result.fixes.count == 2)
    #expect(result.fixes[0].mode == .noFix && result.fixes[0].coordinate == nil)
    #expect(result.fixes[0].satellites == 2 && result.fixes[0].hdop == 1.4)
    let fix = result.fixes[1]
    #expect(fix.mode == .twoD)
    #expect(fix.time == Date(timeIntervalSince1970: 1_777_881_601.5))
    #expect(fix.altitude == 12)
    #expect(fix.horizontalError == 5)
  }
}

@Suite("GPXReader tracks")
struct GPXTrackTests {
  static let fixture = ReaderFixtures.fixtures.appendingPathComponent("gpx/helsinki-1-head.gpx")

  @Test func readsTheFixtureTrackLikeTheNMEA() throws {
    let gpx = try GPXReader.readTrack(contentsOf: Self.fixture)
    let nmea = try NMEAReader.read(contentsOf: ReaderFixtures.drive("helsinki-1-clean"))
    #expect(gpx.sentences == 60)
    #expect(gpx.fixes.count == 60)
    for (a, b) in zip(gpx.fixes, nmea.fixes) {
      #expect(a.time == b.time)
      #expect(a.mode == .threeD)
      #expect(a.altitude == 15)
      let pa = try #require(a.coordinate)
      let pb = try #require(b.coordinate)
      #expect(Earth.distance(pa, pb) < 0.02)
    }
    // Speeds are derived from the points (the extension speeds are ignored).
    let moving = gpx.fixes.filter { ($0.speed ?? 0) > 3 }
    #expect(!moving.isEmpty)
    for (a, b) in zip(gpx.fixes, nmea.fixes) where (b.speed ?? 0) > 5 {
      #expect(abs((a.speed ?? 0) - (b.speed ?? 0)) < 2)
      // The chord from the previous point lags the true course in turns.
      #expect(abs(Angle.difference(from: a.course ?? 0, to: b.course ?? 0)) < 25)
    }
  }

  @Test func pointsWithoutTimeOrWithFixNone() throws {
    let gpx = """
      <gpx version="1.1"><trk><trkseg>
      <trkpt lat="60.0" lon="25.0"><time>2026-05-04T10:00:00+02:00</time><sat>7</sat><hdop>1.1</hdop></trkpt>
      <trkpt lat="60.0001" lon="25.0"><fix>none</fix></trkpt>
      </trkseg><trkseg><trkpt lat="60.0002" lon="25.0"/></trkseg></trk></gpx>
      """
    let result = try GPXReader.readTrack(Data(gpx.utf8))
    #expect(result.fixes.count == 3)
    #expect(result.fixes[0].time == Date(timeIntervalSince1970: 1_777_881_600))
    #expect(result.fixes[0].mode == .twoD && result.fixes[0].satellites == 7)
    #expect(result.fixes[0].speed == nil)  // the next point has no time
    #expect(result.fixes[1].time == Date(timeIntervalSince1970: 1_777_881_601))
    #expect(result.fixes[1].mode == .noFix && result.fixes[1].coordinate == nil)
    #expect(result.fixes[2].time == Date(timeIntervalSince1970: 1_777_881_602))
  }
}

@Suite("TrackReader")
struct TrackReaderTests {
  @Test func picksTheReaderByContent() throws {
    let nmea = try TrackReader.read(contentsOf: ReaderFixtures.drive("helsinki-2-clean"))
    #expect(nmea.fixes.count == 242)
    let gpsd = try TrackReader.read(contentsOf: GPSDLogReaderTests.fixture)
    #expect(gpsd.fixes.count == 30)
    let gpx = try TrackReader.read(contentsOf: GPXTrackTests.fixture)
    #expect(gpx.fixes.count == 60)
    // Content wins over a misleading extension.
    let data = try Data(contentsOf: GPSDLogReaderTests.fixture)
    let renamed = try ReaderFixtures.temporaryFile("track.nmea", data)
    #expect(try TrackReader.read(contentsOf: renamed).fixes.count == 30)
  }

  @Test func fallsBackToTheExtension() {
    #expect(TrackReader.format(of: Data("\u{FEFF}  $GP".utf8), pathExtension: "") == .nmea)
    #expect(TrackReader.format(of: Data([0x00, 0x01]), pathExtension: "NMEA") == .nmea)
    #expect(TrackReader.format(of: Data([0x00, 0x01]), pathExtension: "jsonl") == .gpsd)
    #expect(TrackReader.format(of: Data([0x00, 0x01]), pathExtension: "gpx") == .gpx)
    #expect(TrackReader.format(of: Data([0x00, 0x01]), pathExtension: "bin") == nil)
  }
}
