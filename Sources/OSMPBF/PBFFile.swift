import Foundation
import Routing

/// An OpenStreetMap PBF file, mapped into memory and split into its blobs.
///
/// `init` walks the blob headers only (a few bytes each), checking that every blob lies
/// within the file and within the format's size limits (64 KiB headers, 32 MiB blobs);
/// blob contents are inflated and decoded on demand. Every error is a `RoutingError`
/// naming the file and, for problems inside the file, the blob (index and byte offset).
public struct PBFFile: Sendable {
  /// One blob: where it is and what it holds, before decoding.
  public struct Blob: Sendable, Equatable {
    public var index: Int
    /// Byte offset of the blob's 4-byte header length in the file.
    public var offset: Int
    /// `OSMHeader`, `OSMData`, or a type this reader skips.
    public var type: String
    /// Where the `Blob` message is in the file.
    public var dataRange: Range<Int>

    var position: RoutingError.BlobPosition { .init(index: index, offset: offset) }
  }

  static let maximumHeaderSize = 64 * 1024
  static let maximumBlobSize = 32 * 1024 * 1024

  private let storage: MappedBytes
  /// The file's path, or the name given for in-memory data.
  public let name: String
  public let blobs: [Blob]
  /// The file's size in bytes.
  public var size: Int { storage.bytes.count }

  /// Lets the kernel drop the mapped file's pages from this process's memory
  /// (`MappedBytes.evict`); reading a blob afterwards reads them again. Nothing for data
  /// held in memory.
  public func evict() { storage.evict(storage.bytes) }

  /// Maps the file at `path` (`mmap`, so a large extract is not copied) and reads its
  /// blob headers.
  public init(contentsOf path: String) throws(RoutingError) {
    try self.init(storage: try MappedBytes(contentsOf: path), name: path)
  }

  /// Reads PBF data held in memory; `name` stands for the file in error messages.
  public init(data: Data, name: String = "data") throws(RoutingError) {
    try self.init(storage: MappedBytes(copying: data), name: name)
  }

  private init(storage: MappedBytes, name: String) throws(RoutingError) {
    self.storage = storage
    self.name = name
    let bytes = storage.bytes
    var blobs: [Blob] = []
    var offset = 0
    while offset < bytes.count {
      let position = RoutingError.BlobPosition(index: blobs.count, offset: offset)
      func fail(_ code: RoutingError.Code, _ message: String) -> RoutingError {
        RoutingError(code, message, file: name, blob: position)
      }
      guard bytes.count - offset >= 4 else {
        throw fail(
          .truncated,
          "the file ends inside a blob header length (\(bytes.count - offset) of 4 bytes)")
      }
      let headerSize =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      guard headerSize > 0, headerSize <= Self.maximumHeaderSize else {
        throw fail(.malformed, "blob header length \(headerSize) is not within 1…65536")
      }
      let headerStart = offset + 4
      guard bytes.count - headerStart >= headerSize else {
        throw fail(
          .truncated,
          "the file ends inside the blob header (\(bytes.count - headerStart) of \(headerSize) bytes)"
        )
      }
      var reader = ProtobufReader(
        UnsafeRawBufferPointer(rebasing: bytes[headerStart..<headerStart + headerSize]),
        message: "BlobHeader")
      var type: String?
      var dataSize: Int64?
      do {
        while let key = try reader.nextKey() {
          switch key.number {
          case 1:
            try reader.expect(key, .lengthDelimited)
            type = try reader.string()
          case 3:
            try reader.expect(key, .varint)
            dataSize = try reader.int64()
          default:
            try reader.skip(key.wireType)
          }
        }
      } catch {
        throw fail(error.code, error.message)
      }
      guard let type, let dataSize else {
        throw fail(.malformed, "blob header without \(type == nil ? "type" : "datasize")")
      }
      guard dataSize >= 0, dataSize <= Int64(Self.maximumBlobSize) else {
        throw fail(.malformed, "blob size \(dataSize) is not within 0…32 MiB")
      }
      let dataStart = headerStart + headerSize
      guard bytes.count - dataStart >= Int(dataSize) else {
        throw fail(
          .truncated,
          "the file ends inside the blob (\(bytes.count - dataStart) of \(dataSize) bytes)")
      }
      blobs.append(
        Blob(
          index: blobs.count, offset: offset, type: type,
          dataRange: dataStart..<dataStart + Int(dataSize)))
      offset = dataStart + Int(dataSize)
    }
    guard let first = blobs.first else {
      throw RoutingError(.noData, "empty file: no OSMHeader blob", file: name)
    }
    guard first.type == "OSMHeader" else {
      throw RoutingError(
        .malformed,
        "the first blob is '\(first.type)', expected 'OSMHeader' (not an OSM PBF file?)",
        file: name, blob: first.position)
    }
    self.blobs = blobs
  }

  /// The file's `OSMHeader`; throws when it requires a feature this reader lacks.
  public func header() throws(RoutingError) -> OSMHeader {
    try withContent(of: blobs[0]) { bytes throws(RoutingError) in
      try OSMHeader(decoding: bytes)
    }
  }

  /// The `OSMData` blobs, in file order (blobs of unknown types are skipped, as the format
  /// asks).
  public var dataBlobs: [Blob] { blobs.filter { $0.type == "OSMData" } }

  /// Decodes the elements of `blob` (an `OSMData` blob) that `contents` asks for.
  package func block(_ blob: Blob, contents: PrimitiveBlock.Contents) throws(RoutingError)
    -> PrimitiveBlock
  {
    try withContent(of: blob) { bytes throws(RoutingError) in
      try PrimitiveBlock(decoding: bytes, contents: contents)
    }
  }

  /// Calls `body` with the blob's content, raw or inflated; errors thrown by `body` get the
  /// file and blob position added.
  func withContent<Value>(
    of blob: Blob, _ body: (UnsafeRawBufferPointer) throws(RoutingError) -> Value
  ) throws(RoutingError) -> Value {
    do throws(RoutingError) {
      let bytes = UnsafeRawBufferPointer(rebasing: storage.bytes[blob.dataRange])
      var reader = ProtobufReader(bytes, message: "Blob")
      var raw: UnsafeRawBufferPointer?
      var zlib: UnsafeRawBufferPointer?
      var rawSize: Int64?
      var compression: String?
      while let key = try reader.nextKey() {
        switch key.number {
        case 1:
          try reader.expect(key, .lengthDelimited)
          raw = try reader.lengthDelimited()
        case 2:
          try reader.expect(key, .varint)
          rawSize = try reader.int64()
        case 3:
          try reader.expect(key, .lengthDelimited)
          zlib = try reader.lengthDelimited()
        case 4, 5, 6, 7:
          compression = [4: "lzma", 5: "bzip2", 6: "lz4", 7: "zstd"][key.number]
          try reader.skip(key.wireType)
        default:
          try reader.skip(key.wireType)
        }
      }
      if let raw { return try body(raw) }
      if let zlib {
        guard let rawSize, rawSize >= 0, rawSize <= Int64(Self.maximumBlobSize) else {
          throw RoutingError(
            .malformed,
            "zlib blob without a raw_size within 0…32 MiB (\(rawSize.map(String.init) ?? "none"))")
        }
        let inflated = try Zlib.inflate(zlib, size: Int(rawSize))
        let result: Result<Value, RoutingError> = inflated.withUnsafeBytes { bytes in
          do throws(RoutingError) {
            return .success(try body(bytes))
          } catch {
            return .failure(error)
          }
        }
        return try result.get()
      }
      if let compression {
        throw RoutingError(
          .unsupported, "\(compression)-compressed blob: only raw and zlib blobs are supported")
      }
      throw RoutingError(.malformed, "blob holds no data (no raw or zlib_data field)")
    } catch {
      var located = error
      located.file = located.file ?? name
      located.blob = located.blob ?? blob.position
      throw located
    }
  }
}
