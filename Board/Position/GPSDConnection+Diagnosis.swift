import CGPS
import Foundation

extension GPSDConnection {
  /// Why a TCP connection to `host:port` fails, in the system's words ("connection
  /// refused"); nil when it succeeds or the host has no address.
  ///
  /// libgps reports a failed `gps_open` with its own code ("can't connect to host/port
  /// pair") and loses the `errno` of the `connect`; this repeats the connect to find it.
  /// Blocks for the connect, which is immediate on loopback. The corresponding C
  /// functions are `getaddrinfo`, `socket` and `connect`.
  static func connectFailure(host: String, port: Int) -> String? {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      return status == 0 ? nil : "no address for \(host): " + String(cString: gai_strerror(status))
    }
    defer { freeaddrinfo(list) }
    var failure: Int32 = 0
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      if fd >= 0 {
        let connected = connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0
        failure = connected ? 0 : errno
        close(fd)
        if connected { return nil }
      }
      entry = info.pointee.ai_next
    }
    return failure == 0 ? nil : String(cString: strerror(failure)).lowercased()
  }

  /// After a `read()`: the device paths gpsd listed when that line was a DEVICES report
  /// (empty: gpsd has no receiver), else nil.
  var devicesReported: [String]? {
    guard data.pointee.set & DEVICELIST_SET != 0 else { return nil }
    let count = max(0, min(Int(data.pointee.devices.ndevices), Int(MAXUSERDEVS)))
    return withUnsafeBytes(of: data.pointee.devices.list) { raw in
      let devices = raw.bindMemory(to: devconfig_t.self)
      return (0..<count).map { index in
        withUnsafeBytes(of: devices[index].path) { path in
          String(decoding: path.prefix { $0 != 0 }, as: UTF8.self)
        }
      }
    }
  }

  /// After a `read()`: satellites in view and used when that line was a SKY report, else nil.
  var satellitesReported: (seen: Int, used: Int)? {
    guard data.pointee.set & SATELLITE_SET != 0 else { return nil }
    return (Int(data.pointee.satellites_visible), Int(data.pointee.satellites_used))
  }
}
