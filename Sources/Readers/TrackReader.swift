import Foundation
import Navigation

/// Reads a recorded track in any supported format, so the command line can take any
/// track file.
///
/// The format is sniffed from the first significant character — `$` or `!` NMEA,
/// `{` gpsd JSON, `<` GPX — and otherwise taken from the extension (`nmea`, `txt`,
/// `log`; `json`, `jsonl`, `gpsd`; `gpx`).
public enum TrackReader {
  /// The track formats.
  public enum Format: String, Sendable, CaseIterable {
    case nmea, gpsd, gpx
  }

  /// Reads the track at `url` with the reader its content (or extension) calls for.
  ///
  /// - Throws: `.unreadable`, `.empty`; `.unsupported` when neither content nor
  ///   extension identifies a format; otherwise what the chosen reader throws.
  public static func read(contentsOf url: URL) throws(NavigationError) -> TrackReadResult {
    let data = try ReaderFile.data(contentsOf: url)
    guard let format = format(of: data, pathExtension: url.pathExtension) else {
      throw NavigationError(
        .unsupported,
        "cannot tell the track format; expected NMEA 0183 ($…), gpsd JSON ({…}) or GPX (<gpx>)",
        file: url.path)
    }
    let text = { String(decoding: data, as: UTF8.self) }
    switch format {
    case .nmea: return try NMEAReader.read(text(), file: url.path)
    case .gpsd: return try GPSDLogReader.read(text(), file: url.path)
    case .gpx: return try GPXReader.readTrack(data, file: url.path)
    }
  }

  /// The format of `data`, by content first and by `pathExtension` second.
  public static func format(of data: Data, pathExtension: String) -> Format? {
    switch ReaderFile.firstSignificantByte(data) {
    case 0x24, 0x21: return .nmea
    case 0x7B: return .gpsd
    case 0x3C: return .gpx
    default: break
    }
    switch pathExtension.lowercased() {
    case "nmea", "txt", "log": return .nmea
    case "json", "jsonl", "gpsd": return .gpsd
    case "gpx": return .gpx
    default: return nil
    }
  }
}
