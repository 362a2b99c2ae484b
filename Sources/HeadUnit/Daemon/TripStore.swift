import Core
import Foundation
import JSON

/// Keeps the trip under way in `trip.json` in the state directory.
///
/// Every save replaces the file atomically (`AtomicFile`: temporary file, `fsync`,
/// `rename`, directory `fsync`), so a power cut or a kill at any moment leaves the previous
/// snapshot or the new one. A file that does not decode, or holds numbers out of range
/// (`TripSnapshot.problem`), is moved aside with a warning naming the reason.
/// Blocking disk I/O: the daemon calls it from its storage thread, never the event loop.
public struct TripStore: Sendable {
  public let url: URL

  public init(directory: URL) {
    url = directory.appendingPathComponent("trip.json")
  }

  /// The saved trip, nil when there is none; `warning` says what was repaired, naming the
  /// JSON path of the problem (`$.progress.nextStep: expected a whole number, …`).
  public func load(now: Date = Date()) -> (snapshot: TripSnapshot?, warning: String?) {
    var snapshot: TripSnapshot?
    let result = AtomicFile.read(url, now: now) { data in
      do throws(JSONError) {
        let decoded = try Self.decode(data)
        if let problem = decoded.problem { return problem }
        snapshot = decoded
        return nil
      } catch {
        return error.description
      }
    }
    return (result.data == nil ? nil : snapshot, result.warning)
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

  /// The snapshot `encode` wrote, read with the JSON layer's checks.
  package static func decode(_ data: Data) throws(JSONError) -> TripSnapshot {
    try JSONNode(parsing: data).decode(TripSnapshot.self, dates: .secondsSince1970)
  }
}
