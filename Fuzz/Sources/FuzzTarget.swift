import Foundation

/// One reader under libFuzzer: the name `HEADUNIT_FUZZ_TARGET` selects it by, and what it
/// does with one input.
///
/// Each target hands the bytes to the function the program calls on the bytes of a file or
/// a socket, and then uses what comes back as the program would. A thrown error is an
/// answer; only a trap, a sanitizer report, a timeout or running out of memory is a finding.
struct FuzzTarget: Sendable {
  let name: String
  let run: @Sendable (Data) -> Void

  static let all: [FuzzTarget] = [
    .nmea, .gpsd, .libgps, .route, .gpx, .pbf, .map, .config, .bridge, .trip, .fleetQueue,
    .fleetCommand,
    .evemu, .junctions,
  ]

  /// The target `HEADUNIT_FUZZ_TARGET` names; without one the binary cannot fuzz anything,
  /// so it says which it has and exits.
  static let selected: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["HEADUNIT_FUZZ_TARGET"] ?? ""
    if let target = all.first(where: { $0.name == name }) { return target }
    let names = all.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(
      Data("headunit-fuzz: set HEADUNIT_FUZZ_TARGET to one of: \(names)\n".utf8))
    exit(2)
  }()
}
