import Foundation
import Geo
import Navigation
import Readers
import Rigs
import Testing

/// The NMEA a fed drive sends, read back by the unit's own NMEA reader, and when it is sent.
@Suite("Drive feed")
struct DriveFeedTests {
  static let start = Date(timeIntervalSince1970: 1_780_000_000.25)

  static func fix(_ seconds: Double, _ latitude: Double, _ longitude: Double) -> Fix {
    Fix(
      time: start.addingTimeInterval(seconds), mode: .threeD,
      coordinate: Coordinate(latitude: latitude, longitude: longitude), altitude: 15,
      speed: 12.5, course: 271.5, hdop: 0.9, satellites: 9)
  }

  @Test("the sentences read back as the fix, stamped with the sending time")
  func roundTrip() throws {
    let now = Date(timeIntervalSince1970: 1_800_000_123.5)
    for (latitude, longitude) in [(60.16998, 24.93837), (-33.8688, 151.2093), (40.5, -76.88)] {
      let fix = Self.fix(0, latitude, longitude)
      let text = NMEAWriter.sentences(for: fix, at: now).joined(separator: "\r\n") + "\r\n"
      let read = try NMEAReader.read(text)
      #expect(read.badSentences == 0, "\(text)")
      let back = try #require(read.fixes.first, "\(text)")
      let coordinate = try #require(back.coordinate)
      #expect(abs(coordinate.latitude - latitude) < 1e-6)
      #expect(abs(coordinate.longitude - longitude) < 1e-6)
      #expect(abs((back.speed ?? 0) - 12.5) < 0.01)
      #expect(abs((back.course ?? 0) - 271.5) < 0.05)
      #expect(abs(back.time.timeIntervalSince(now)) < 0.011)
      #expect(back.mode == .threeD)
    }
  }

  @Test("a fix without a position is a receiver without a fix")
  func noFix() throws {
    let fix = Fix(time: Self.start, mode: .noFix, coordinate: nil)
    let text = NMEAWriter.sentences(for: fix, at: Self.start).joined(separator: "\r\n")
    let read = try NMEAReader.read(text + "\r\n")
    #expect(read.badSentences == 0)
    #expect(read.fixes.allSatisfy { $0.coordinate == nil })
  }

  @Test("faster: the recording's spacing divided; slower: a fix at least once a second")
  func schedule() {
    let fixes = (0..<5).map { Self.fix(Double($0), 60.17 + Double($0) * 1e-4, 24.94) }
    let fast = DriveFeed.schedule(fixes, speed: 4)
    #expect(fast.map(\.offset) == [0, 0.25, 0.5, 0.75, 1])
    let slow = DriveFeed.schedule(fixes, speed: 0.2)
    #expect(slow.count == 21)
    let gaps = zip(slow.dropFirst(), slow).map { $0.offset - $1.offset }
    #expect(gaps.allSatisfy { $0 > 0 && $0 <= 1.0001 }, "\(gaps)")
    // In between, along the line from one fix to the next.
    let latitudes = slow.compactMap { $0.fix.coordinate?.latitude }
    #expect(zip(latitudes.dropFirst(), latitudes).allSatisfy { $0 > $1 })
    #expect(slow.last?.fix == fixes.last)
  }
}
