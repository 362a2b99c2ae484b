/// Where chrony takes the time from, as its tracking report names the reference: the GPS
/// (gpsd's shared memory, refid `GPS`), another reference clock, a network server, its
/// own clock (`local`), or nothing yet.
enum ClockSource: Sendable, Equatable {
  /// A reference clock fed by the GPS receiver: its refid (`GPS`, `NMEA`, `PPS`, or the
  /// default name of gpsd's drivers, `SHM0`, `SOC0`).
  case gps(String)
  /// A reference clock of another kind, by its refid.
  case referenceClock(String)
  /// An NTP server, by its address.
  case server(String)
  /// chrony's `local` directive: the machine's own clock, serving as a reference.
  case local
  /// No reference: chrony is not synchronised.
  case none

  /// The reference of `chronyc -n -c tracking`'s line (`47505300,GPS,1,…,Normal`): the
  /// refid in hex, then the name (a refclock's refid) or address, …, and the leap status
  /// last. nil when the line is not such a report.
  init?(tracking line: String) {
    let fields = line.split(separator: "\n").first.map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    guard let fields, fields.count >= 3, fields[0].count == 8,
      let id = UInt32(fields[0], radix: 16)
    else { return nil }
    let name = String(fields[1].prefix(64))
    if id == 0 || fields.last == "Not synchronised" {
      self = .none
    } else if id == 0x7F7F_0101 {
      self = .local
    } else if Self.isAddress(name) {
      self = .server(name)
    } else {
      let refid = name.isEmpty ? Self.ascii(id) : name
      let gpsNames = ["GPS", "NMEA", "PPS", "SHM", "SOC"]
      self =
        gpsNames.contains { refid.uppercased().hasPrefix($0) }
        ? .gps(refid) : .referenceClock(refid)
    }
  }

  /// In words, for the doctor's clock line.
  var words: String {
    switch self {
    case .gps: "from GPS via chrony"
    case .referenceClock(let refid): "from reference clock \(refid) via chrony"
    case .server(let address): "from the network (NTP server \(address))"
    case .local: "from this computer's own clock (chrony's local reference)"
    case .none: "none: not synchronised"
    }
  }

  /// An IPv4 or IPv6 address, as `chronyc -n` prints a server.
  private static func isAddress(_ text: String) -> Bool {
    if text.contains(":") { return text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
  }

  /// A refid's four bytes as ASCII, trailing NULs dropped.
  private static func ascii(_ id: UInt32) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: id >> UInt32($0)) }
    return String(decoding: bytes.filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
  }
}
