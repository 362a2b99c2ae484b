import Core
import Foundation

/// Keeps the trip under way in `trip.json` in the state directory.
///
/// Every save replaces the file atomically (`AtomicFile`: temporary file, `fsync`,
/// `rename`, directory `fsync`), so a power cut or a kill at any moment leaves the previous
/// snapshot or the new one. A file that does not decode is moved aside with a warning.
/// Blocking disk I/O: the daemon calls it from its storage thread, never the event loop.
public struct TripStore: Sendable {
  public let url: URL

  public init(directory: URL) {
    url = directory.appendingPathComponent("trip.json")
  }

  /// The saved trip, nil when there is none; `warning` says what was repaired.
  public func load(now: Date = Date()) -> (snapshot: TripSnapshot?, warning: String?) {
    let result = AtomicFile.read(url, now: now) { Self.decode($0) != nil }
    return (result.data.flatMap(Self.decode), result.warning)
  }

  /// Replaces the saved trip with `snapshot`.
  public func save(_ snapshot: TripSnapshot) throws(AtomicFile.Error) {
    try AtomicFile.write(Self.encode(snapshot), to: url)
  }

  /// Forgets the saved trip (it ended). Missing is fine.
  public func clear() throws(AtomicFile.Error) {
    try AtomicFile.remove(url)
  }

  static func encode(_ snapshot: TripSnapshot) -> Data {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = [.sortedKeys]
    // Encoding plain value types cannot fail.
    return (try? encoder.encode(snapshot)) ?? Data()
  }

  static func decode(_ data: Data) -> TripSnapshot? {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return try? decoder.decode(TripSnapshot.self, from: data)
  }
}
