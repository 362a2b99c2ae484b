import Foundation

/// Why a map could not be imported or opened (an OSM PBF file, a map file), or why the
/// router could not answer.
///
/// The message names where the problem is (the file, the PBF blob with its index and byte
/// offset, or the map file's section) and what was wrong, so the person who supplied the
/// file can tell a truncated download from a wrong file or a bug.
public struct RoutingError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Code: String, Sendable {
    /// The file could not be opened, mapped or written.
    case unreadable
    /// The file ends before the data it announces.
    case truncated
    /// The content does not have the expected shape (wire format, counts, offsets).
    case malformed
    /// Well formed, but uses something this reader does not do (a compression, a feature,
    /// a map file version).
    case unsupported
    /// Well formed, but holds nothing usable (no drivable road).
    case noData
    /// Routing: no drivable road within the snapping radius of the start.
    case noRoadNearStart
    /// Routing: no drivable road within the snapping radius of the destination.
    case noRoadNearDestination
    /// Routing: both ends are on the map, but no legal way leads from one to the other.
    case noRoute
    /// Routing: a coordinate is not a valid latitude/longitude.
    case invalidCoordinate
  }

  /// Where in a PBF file the problem is.
  public struct BlobPosition: Equatable, Sendable {
    /// 0-based index of the blob in the file (0 is normally the `OSMHeader`).
    public var index: Int
    /// Byte offset of the blob's 4-byte header length in the file.
    public var offset: Int

    public init(index: Int, offset: Int) {
      self.index = index
      self.offset = offset
    }
  }

  public var code: Code
  /// The file the problem is in, when it comes from a file.
  public var file: String?
  /// The PBF blob, for OSM PBF files.
  public var blob: BlobPosition?
  /// The map file section (`EDGE`, `NODE`…) or `header`, for map files.
  public var section: String?
  /// What is wrong and what was expected.
  public var message: String

  public init(
    _ code: Code, _ message: String, file: String? = nil, blob: BlobPosition? = nil,
    section: String? = nil
  ) {
    self.code = code
    self.message = message
    self.file = file
    self.blob = blob
    self.section = section
  }

  /// `file: blob 3 at byte 1234: message` or `file: section EDGE: message`, leaving out the
  /// parts that are unknown.
  public var description: String {
    var parts: [String] = []
    if let file { parts.append(file) }
    if let blob { parts.append("blob \(blob.index) at byte \(blob.offset)") }
    if let section { parts.append("section \(section)") }
    parts.append(message)
    return parts.joined(separator: ": ")
  }

  /// This error with `file` filled in when it is not yet known.
  package func inFile(_ path: String) -> RoutingError {
    var copy = self
    if copy.file == nil { copy.file = path }
    return copy
  }
}
