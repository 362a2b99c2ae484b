import Foundation
import MapFile
import Navigation

/// The data shipped inside the program: real routes over central Helsinki and drives
/// along them (OpenStreetMap data © OpenStreetMap contributors, ODbL 1.0).
public enum EmbeddedData {
  /// The drive `headunit demo` replays unless told otherwise.
  public static let defaultDrive = "helsinki-1-clean"

  /// Folder holding the routes (`helsinki-N.json`), drives (`*.nmea`) and truth files.
  public static var directory: URL? {
    Bundle.module.resourceURL?.appendingPathComponent("Helsinki", isDirectory: true)
  }

  /// The embedded OpenStreetMap extract of central Helsinki (`helsinki.osm.pbf`).
  public static var pbfURL: URL? {
    directory?.appendingPathComponent("helsinki.osm.pbf")
  }

  /// The map file imported from `pbfURL` (`helsinki.map`), for `RoadMap(contentsOf:)`.
  public static var mapURL: URL? {
    directory?.appendingPathComponent("helsinki.map")
  }

  /// Names of the embedded drives, e.g. `helsinki-3-noisy`.
  public static var drives: [String] {
    guard let directory,
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    return names.filter { $0.hasSuffix(".nmea") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// The embedded drive with the most data (the longest recording).
  public static var longestDrive: String? {
    drives.max { a, b in
      let size = { (name: String) -> Int in
        guard let url = trackURL(forDrive: name),
          let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        else { return 0 }
        return (attributes[.size] as? Int) ?? 0
      }
      return size(a) < size(b)
    }
  }

  /// The route file a drive follows: `helsinki-3-noisy` → `helsinki-3.json`.
  public static func routeURL(forDrive drive: String) -> URL? {
    let parts = drive.split(separator: "-")
    guard parts.count >= 3, let directory else { return nil }
    return directory.appendingPathComponent(parts.prefix(2).joined(separator: "-") + ".json")
  }

  public static func trackURL(forDrive drive: String) -> URL? {
    directory?.appendingPathComponent(drive + ".nmea")
  }

  public static func truthURL(forDrive drive: String) -> URL? {
    directory?.appendingPathComponent(drive + ".truth.json")
  }

  /// The drive's NMEA sentences grouped by receiver cycle (a new epoch at each RMC), as a
  /// receiver sends them to gpsd.
  public static func epochs(forDrive drive: String) throws -> [[String]] {
    guard let url = trackURL(forDrive: drive) else {
      throw NavigationError(.unreadable, "no embedded drive named \(drive)")
    }
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    var epochs: [[String]] = []
    for line in text.split(whereSeparator: \.isNewline) where !line.isEmpty {
      if line.dropFirst(3).hasPrefix("RMC") || epochs.isEmpty {
        epochs.append([String(line)])
      } else {
        epochs[epochs.count - 1].append(String(line))
      }
    }
    return epochs
  }
}
