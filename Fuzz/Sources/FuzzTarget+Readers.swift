import Board
import CGPS
import Foundation
import Readers

/// The track and route readers (the Readers module), and the board's gpsd client.
extension FuzzTarget {
  /// An NMEA 0183 log, as `NMEAReader.read(contentsOf:)` decodes a file.
  static let nmea = FuzzTarget(name: "nmea") { data in
    _ = try? NMEAReader.read(String(decoding: data, as: UTF8.self))
  }

  /// gpsd JSON: a `gpspipe -w` log, as `GPSDLogReader.read(contentsOf:)` decodes a file.
  static let gpsd = FuzzTarget(name: "gpsd") { data in
    _ = try? GPSDLogReader.read(String(decoding: data, as: UTF8.self))
  }

  /// gpsd JSON as gpsd sends it on the socket: each line decoded by libgps (`gps_unpack`,
  /// what `gps_read` calls on every line) into the report the position source makes of it.
  /// Mostly libgps's own parser, which is not instrumented: a crash-and-hang check.
  static let libgps = FuzzTarget(name: "libgps") { data in
    let gps = UnsafeMutablePointer<gps_data_t>.allocate(capacity: 1)
    defer { gps.deallocate() }
    for line in data.split(separator: 0x0A) where line.count < maximumGPSDLine {
      memset(gps, 0, MemoryLayout<gps_data_t>.size)
      var text = Array(line) + [0]
      let status = text.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          gps_unpack($0, gps)
        }
      }
      if status == 0 { _ = GPSDReport(decoded: gps) }
    }
  }

  /// libgps reads the socket into a buffer of `2 * GPS_JSON_RESPONSE_MAX` (4096) bytes and
  /// drops a line that does not fit, so no longer line reaches `gps_unpack`.
  static let maximumGPSDLine = 8192

  /// A route: a routing server's answer (`RemoteRouter` reads it with `OSRMRouteReader`)
  /// or a route file, sniffed as `RouteReader.read(contentsOf:)` does.
  static let route = FuzzTarget(name: "route") { data in
    switch RouteReader.format(of: data, pathExtension: "json") {
    case .osrm: _ = try? OSRMRouteReader.read(data, polylinePrecision: 6)
    case .gpx: _ = try? GPXReader.readRoutes(data)
    case nil: break
    }
  }

  /// A GPX file, read as a track and as routes.
  static let gpx = FuzzTarget(name: "gpx") { data in
    _ = try? GPXReader.readTrack(data)
    _ = try? GPXReader.readRoutes(data)
  }
}
