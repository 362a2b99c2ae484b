import Foundation
import Rigs
import Testing

@testable import Commands

/// The doctor's clock line against a real chronyd, reached as a plain `chronyc` reaches the
/// system's (127.0.0.1, port 323): time from the GPS through gpsd, from an NTP server (a
/// second chronyd), or from nothing. Only where no chronyd of the machine's own holds that
/// address.
@Suite(
  "headunit doctor: where the time comes from", .serialized,
  .enabled(
    if: getuid() == 0 && ChronyDaemon.systemCommandAddressFree,
    "root, with no system chronyd on 127.0.0.1:323"))
struct DoctorClockTests {
  /// The clock line of `headunit doctor` run on a bench without gpsd.
  static func clockLine() async throws -> String {
    let bench = try DoctorTests.Bench(gpsd: false)
    let (_, lines) = try await bench.run()
    return DoctorTests.line("clock", in: lines)
  }

  @Test("chrony on gpsd's time: from GPS via chrony")
  func fromGPS() async throws {
    // Named, not `_`: a dropped gpsd is killed.
    let (gpsd, chrony, feeder) = try GPSSetupTests.gpsTime(commandPort: 323)
    defer { feeder.stop() }
    let sources = try await GPSSetupTests.waitForGPS(chrony)
    try #require(sources.hasPrefix("#,*,"), "chrony did not select the GPS: \(sources)")
    let clock = try await Self.clockLine()
    #expect(clock.contains("time from GPS via chrony"), "\(clock)")
    #expect(clock.contains("(the system's)"), "\(clock)")
    #expect(gpsd.isRunning)
  }

  @Test("chrony on an NTP server: from the network, naming the server")
  func fromTheNetwork() async throws {
    let port = try GPSDDaemon.freePort(udp: true)
    let server = try ChronyDaemon.start([
      "local stratum 3", "allow 127.0.0.1", "bindaddress 127.0.0.1", "port \(port)",
    ])
    let client = try ChronyDaemon.start(
      ["server 127.0.0.1 port \(port) iburst minpoll -2 maxpoll -2"], commandPort: 323)
    var tracking = ""
    for _ in 0..<120 {
      tracking = try client.chronyc(["tracking"]).output
      if tracking.split(separator: ",").dropFirst().first == "127.0.0.1" { break }
      try await Task.sleep(for: .milliseconds(500))
    }
    try #require(
      tracking.split(separator: ",").dropFirst().first == "127.0.0.1",
      "chrony did not select the server: \(tracking)")
    let clock = try await Self.clockLine()
    #expect(clock.contains("time from the network (NTP server 127.0.0.1)"), "\(clock)")
    #expect(server.isRunning)
  }

  @Test("chrony with no source: none, not synchronised, and how to set it up")
  func fromNothing() async throws {
    let chrony = try ChronyDaemon.start([], commandPort: 323)
    let clock = try await Self.clockLine()
    #expect(clock.contains("none"), "\(clock)")
    if clock.hasPrefix("warn") {
      #expect(clock.contains("time source none: not synchronised"), "\(clock)")
      #expect(clock.contains("Deploy/install --gps DEVICE"), "\(clock)")
    }
    #expect(chrony.isRunning)
  }
}

/// chrony's tracking line, read into where the time comes from, with no chronyd.
@Suite("Clock source from chrony's tracking")
struct ClockSourceTests {
  @Test(
    "refids and addresses",
    arguments: [
      (
        "47505300,GPS,1,1796337355.57,0.04,-0.001,0.004,0.000,-353.5,1e6,0.2,4.7,4.0,Normal",
        ClockSource.gps("GPS")
      ),
      ("4E4D4541,NMEA,1,1.0,0,0,0,0,0,0,0,0,0,Normal", .gps("NMEA")),
      ("53484D30,SHM0,1,1.0,0,0,0,0,0,0,0,0,0,Normal", .gps("SHM0")),
      ("44434600,DCF,1,1.0,0,0,0,0,0,0,0,0,0,Normal", .referenceClock("DCF")),
      ("C0000201,192.0.2.1,3,1.0,0,0,0,0,0,0,0,0,0,Normal", .server("192.0.2.1")),
      ("9F3C8A1D,2001:db8::1,2,1.0,0,0,0,0,0,0,0,0,0,Normal", .server("2001:db8::1")),
      ("7F7F0101,,10,1.0,0,0,0,0,0,0,0,0,0,Normal", .local),
      ("00000000,,0,0.0,0,0,0,0,0,0,0,0,0,Not synchronised", ClockSource.none),
    ])
  func sources(line: String, expected: ClockSource) {
    #expect(ClockSource(tracking: line + "\n") == expected)
  }

  @Test("not a tracking report")
  func garbage() {
    for line in ["", "506 Cannot talk to daemon", "GPS,1,2", "zzzzzzzz,GPS,1"] {
      #expect(ClockSource(tracking: line) == nil, "\(line)")
    }
  }

  @Test("in words")
  func words() {
    #expect(ClockSource.gps("GPS").words == "from GPS via chrony")
    #expect(ClockSource.server("192.0.2.1").words == "from the network (NTP server 192.0.2.1)")
    #expect(ClockSource.none.words == "none: not synchronised")
  }
}
