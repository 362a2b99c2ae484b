import Foundation
import Navigation

/// Reads a route file in any supported format: an OSRM/Valhalla JSON response or a
/// GPX file with `<rte>` routes.
///
/// The format is sniffed from the first significant character (`{` JSON, `<` GPX) and
/// otherwise taken from the extension (`json`, `osrm`; `gpx`).
public enum RouteReader {
  /// The route formats.
  public enum Format: String, Sendable, CaseIterable {
    case osrm, gpx
  }

  /// The first route of the file at `url` (a response's best route).
  ///
  /// - Throws: `NavigationError` `.noData` when the file holds none, or what `read` throws.
  public static func firstRoute(contentsOf url: URL) throws(NavigationError) -> Route {
    guard let route = try read(contentsOf: url).first else {
      throw NavigationError(.noData, "the file holds no route", file: url.path)
    }
    return route
  }

  /// Reads the routes in the file at `url`; encoded polylines are read with
  /// `polylinePrecision` digits (6 for Valhalla, 5 for OSRM).
  ///
  /// - Throws: `.unreadable`, `.empty`; `.unsupported` when neither content nor
  ///   extension identifies a format; otherwise what the chosen reader throws.
  public static func read(contentsOf url: URL, polylinePrecision: Int = 6)
    throws(NavigationError) -> [Route]
  {
    let data = try ReaderFile.data(contentsOf: url, limit: OSRMRouteReader.sizeLimit)
    guard let format = format(of: data, pathExtension: url.pathExtension) else {
      throw NavigationError(
        .unsupported,
        "cannot tell the route format; expected an OSRM JSON response ({…}) or GPX (<gpx>)",
        file: url.path)
    }
    switch format {
    case .osrm:
      return try OSRMRouteReader.read(data, file: url.path, polylinePrecision: polylinePrecision)
    case .gpx:
      return try GPXReader.readRoutes(data, file: url.path)
    }
  }

  /// The format of `data`, by content first and by `pathExtension` second.
  public static func format(of data: Data, pathExtension: String) -> Format? {
    switch ReaderFile.firstSignificantByte(data) {
    case 0x7B: return .osrm
    case 0x3C: return .gpx
    default: break
    }
    switch pathExtension.lowercased() {
    case "json", "osrm": return .osrm
    case "gpx": return .gpx
    default: return nil
    }
  }
}
