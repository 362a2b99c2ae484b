import Core
import Foundation
import Geo
import JSON
import Navigation
import Readers

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
  ///
  /// A problem inside a place is reported at the place (`$.favourites[0]`, the entry to
  /// mend or delete), its message naming the member: `lat: expected -90–90, found the
  /// number 91`.
  static func decode(_ data: Data, file: String) throws(NavigationError) -> PlaceLists {
    var place = "$"
    do throws(JSONError) {
      let root = try JSONNode(
        parsing: data, expecting: "an object of \"favourites\" and \"recents\"")
      func places(_ key: String) throws(JSONError) -> [Place] {
        var result: [Place] = []
        for node in try root.optional(key)?.array() ?? [] {
          place = node.path
          result.append(try Self.place(node))
        }
        return result
      }
      let avoid = try root.optional("avoid")?.avoidableRoads()
      return PlaceLists(
        favourites: try places("favourites"), recents: try places("recents"), avoid: avoid)
    } catch {
      var problem = NavigationError(error, file: file)
      if let path = problem.path, path.hasPrefix(place + ".") {
        problem.message = "\(path.dropFirst(place.count + 1)): \(problem.message)"
        problem.path = place
      }
      throw problem
    }
  }

  /// One stored place: `{"id", "name", "lat", "lon", "category"}`.
  private static func place(_ node: JSONNode) throws(JSONError) -> Place {
    Place(
      id: try node.required("id").string(), name: try node.required("name").string(),
      coordinate: Coordinate(
        latitude: try node.required("lat").number(in: -90...90),
        longitude: try node.required("lon").number(in: -180...180)),
      category: try node.optional("category")?.string())
  }

  /// The stored lists for the daemon: a file that does not load is moved aside (the
  /// warning says where, and what was wrong at which JSON path) and empty lists come back,
  /// so a damaged file never stops a start.
  public func loadRepairing(now: Date = Date()) -> (lists: PlaceLists, warning: String?) {
    var lists: PlaceLists?
    let result = AtomicFile.read(url, now: now) { data in
      do throws(NavigationError) {
        lists = try Self.decode(data, file: url.path)
        return nil
      } catch {
        return (error.path.map { "\($0): " } ?? "") + error.message
      }
    }
    guard result.data != nil, let lists else { return (PlaceLists(), result.warning) }
    return (lists, result.warning)
  }

  /// Replaces the file with `lists`.
  ///
  /// - Throws: `NavigationError(.unreadable)` when the file cannot be written.
  public func save(_ lists: PlaceLists) throws(NavigationError) {
    func encode(_ places: [Place]) -> JSONValue {
      .array(
        places.map { place in
          var fields: [(String, JSONValue)] = [
            ("id", .string(place.id)), ("name", .string(place.name)),
            ("lat", .number(place.coordinate.latitude)),
            ("lon", .number(place.coordinate.longitude)),
          ]
          if let category = place.category { fields.append(("category", .string(category))) }
          return .object(fields)
        })
    }
    var fields: [(String, JSONValue)] = [
      ("favourites", encode(lists.favourites)), ("recents", encode(lists.recents)),
    ]
    if let avoid = lists.avoid {
      fields.append(("avoid", .array(avoid.wordList.map(JSONValue.string))))
    }
    let document: JSONValue = .object(fields)
    let data = Data((document.prettyPrinted + "\n").utf8)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try AtomicFile.write(data, to: url)
    } catch {
      throw NavigationError(
        .unreadable, "cannot write: \(error.localizedDescription)", file: url.path)
    }
  }
}
