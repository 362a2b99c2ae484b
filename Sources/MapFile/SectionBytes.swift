import Routing

/// Where the bytes of a map file section come from while `MapFileWriter` writes it: laid
/// out already, laid out when asked (so a large section takes memory only while it is
/// written), or read from another map file's mapping (`SpilledMap`), whose pages are let go
/// as they are passed on.
enum SectionBytes {
  /// Bytes already laid out.
  case laidOut(ByteBuffer)
  /// `count` bytes that `fill` lays out on every use; `name` for the size check.
  case later(_ count: Int, _ name: String, _ fill: (inout ByteBuffer) -> Void)
  /// Bytes of a mapped file, kept mapped by the owner.
  case mapped(UnsafeRawBufferPointer, MappedBytes)
  /// `count` bytes in `pieces` pieces, piece `i` laid out by `fill(i, &buffer)` when it is
  /// passed on: a section far larger than any piece takes a piece's memory.
  case pieces(_ count: Int, _ pieces: Int, _ fill: (Int, inout ByteBuffer) -> Void)

  /// Pieces of a mapped section passed on at a time: large enough for few calls, small
  /// enough that what a piece brings into memory is let go soon.
  static let mappedPiece = 16 << 20

  /// The section's size in bytes.
  var count: Int {
    switch self {
    case .laidOut(let buffer): buffer.bytes.count
    case .later(let count, _, _): count
    case .mapped(let bytes, _): bytes.count
    case .pieces(let count, _, _): count
    }
  }

  /// The bytes of a `.later` section, laid out now; those of the others as they are.
  func laidOut() -> ByteBuffer {
    switch self {
    case .laidOut(let buffer): return buffer
    case .later(let count, let name, let fill):
      var buffer = ByteBuffer()
      buffer.reserve(count)
      fill(&buffer)
      precondition(buffer.bytes.count == count, "\(name) size")
      return buffer
    case .mapped(let bytes, _): return ByteBuffer(bytes: Array(bytes))
    case .pieces:
      var buffer = ByteBuffer()
      buffer.reserve(count)
      forEachPiece { (piece: UnsafeRawBufferPointer) throws(Never) in buffer.bytes += piece }
      return buffer
    }
  }

  /// Calls `body` with the bytes in order, in one piece or (mapped) several, each mapped
  /// piece's pages let go once passed on.
  func forEachPiece<Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    switch self {
    case .mapped(let bytes, let owner):
      var start = 0
      while start < bytes.count {
        let piece = UnsafeRawBufferPointer(
          rebasing: bytes[start..<min(bytes.count, start + Self.mappedPiece)])
        try body(piece)
        owner.evict(piece)
        start += piece.count
      }
    case .pieces(let count, let pieces, let fill):
      var buffer = ByteBuffer()
      var total = 0
      for i in 0..<pieces {
        buffer.bytes.removeAll(keepingCapacity: true)
        fill(i, &buffer)
        total += buffer.bytes.count
        try Self.pass(buffer, to: body)
      }
      precondition(total == count, "section size")
    default:
      try Self.pass(laidOut(), to: body)
    }
  }

  /// `body` with `buffer`'s bytes (`withUnsafeBytes` rethrows untyped errors; this keeps
  /// the body's type).
  private static func pass<Failure: Error>(
    _ buffer: ByteBuffer, to body: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    let result: Result<Void, Failure> = buffer.bytes.withUnsafeBytes { raw in
      do throws(Failure) {
        return .success(try body(raw))
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }
}
