import Core
import Foundation
import Geo
import Navigation

/// Keeps favourites and recents in a JSON file across launches.
///
/// The file is replaced atomically (written beside it, then renamed), so a power cut
/// leaves either the old lists or the new ones, never half a file. Blocking file I/O: call
/// it off the event loop's hot path (it is small and rare: once per trip start).
///
///     {"favourites": [{"id": "…", "name": "…", "lat": 60.17, "lon": 24.94,
///                      "category": "Fuel"}],
///      "recents": […]}
public struct PlaceStore: Sendable {
  public let url: URL

  public init(url: URL) {
    self.url = url
  }

  /// The stored lists; empty lists when there is no file yet.
  ///
  /// - Throws: `NavigationError` naming the file and JSON path when the file is not
  ///   valid (`.malformed`) or cannot be read (`.unreadable`).
  public func load() throws(NavigationError) -> PlaceLists {
    guard FileManager.default.fileExists(atPath: url.path) else { return PlaceLists() }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw NavigationError(
        .unreadable, "cannot read: \(error.localizedDescription)", file: url.path)
    }
    return try Self.decode(data, file: url.path)
  }

  /// The lists in `data`, the contents of `file`.
  static func decode(_ data: Data, file: String) throws(NavigationError) -> PlaceLists {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw NavigationError(
        .malformed, "expected a JSON object with \"favourites\" and \"recents\"", file: file,
        path: "$")
    }
    return PlaceLists(
      favourites: try places(root["favourites"], at: "$.favourites", file: file),
      recents: try places(root["recents"], at: "$.recents", file: file))
  }

  /// The stored lists for the daemon: a file that does not load is moved aside (the
  /// warning says where) and empty lists come back, so a damaged file never stops a start.
  public func loadRepairing(now: Date = Date()) -> (lists: PlaceLists, warning: String?) {
    let result = AtomicFile.read(url, now: now) { data in
      (try? PlaceStore.decode(data, file: url.path)) != nil
    }
    guard let data = result.data, let lists = try? Self.decode(data, file: url.path) else {
      return (PlaceLists(), result.warning)
    }
    return (lists, result.warning)
  }

  /// Replaces the file with `lists`.
  ///
  /// - Throws: `NavigationError(.unreadable)` when the file cannot be written.
  public func save(_ lists: PlaceLists) throws(NavigationError) {
    func encode(_ places: [Place]) -> [[String: Any]] {
      places.map { place in
        var object: [String: Any] = [
          "id": place.id, "name": place.name, "lat": place.coordinate.latitude,
          "lon": place.coordinate.longitude,
        ]
        if let category = place.category { object["category"] = category }
        return object
      }
    }
    do {
      let data = try JSONSerialization.data(
        withJSONObject: ["favourites": encode(lists.favourites), "recents": encode(lists.recents)],
        options: [.prettyPrinted, .sortedKeys])
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try AtomicFile.write(data, to: url)
    } catch {
      throw NavigationError(
        .unreadable, "cannot write: \(error.localizedDescription)", file: url.path)
    }
  }

  private static func places(
    _ value: Any?, at path: String, file: String
  ) throws(NavigationError) -> [Place] {
    guard let value else { return [] }
    guard let array = value as? [Any] else {
      throw NavigationError(.malformed, "expected an array of places", file: file, path: path)
    }
    var result: [Place] = []
    for (index, item) in array.enumerated() {
      let here = "\(path)[\(index)]"
      guard let object = item as? [String: Any] else {
        throw NavigationError(.malformed, "expected a place object", file: file, path: here)
      }
      guard let id = object["id"] as? String, let name = object["name"] as? String else {
        throw NavigationError(
          .malformed, "expected \"id\" and \"name\" strings", file: file, path: here)
      }
      guard let lat = (object["lat"] as? NSNumber)?.doubleValue,
        let lon = (object["lon"] as? NSNumber)?.doubleValue,
        Coordinate(latitude: lat, longitude: lon).isValid
      else {
        throw NavigationError(
          .malformed, "expected \"lat\" and \"lon\" numbers in range", file: file, path: here)
      }
      result.append(
        Place(
          id: id, name: name, coordinate: Coordinate(latitude: lat, longitude: lon),
          category: object["category"] as? String))
    }
    return result
  }
}
