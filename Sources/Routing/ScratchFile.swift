import Foundation
import POSIX
import Synchronization

/// A file an import writes once, in a folder of its choosing, and reads back mapped
/// (`SpilledMap`, `SpilledSections`, the contraction's record of arcs): what it holds need
/// not stay in memory meanwhile. It is named `.headunit-scratch-PID-N.map` and removed when
/// this is let go, or at once if it cannot be written or mapped.
package final class ScratchFile: @unchecked Sendable {
  // @unchecked: both properties are set once in `init` and never change; the mapping is
  // read-only.
  package let path: String
  package let storage: MappedBytes

  /// Creates the file in `folder`, fills it through `write`, and maps it.
  ///
  /// - Throws: `RoutingError` `.unreadable` when it cannot be created, written or mapped
  ///   (a full disk, a read-only folder).
  package convenience init(
    in folder: String, write: ((UnsafeRawBufferPointer) throws(Errno) -> Void) throws(Errno) -> Void
  )
    throws(RoutingError)
  {
    let writer = try Writer(in: folder)
    do throws(Errno) {
      try write { (part: UnsafeRawBufferPointer) throws(Errno) in try writer.file.writeAll(part) }
    } catch {
      throw writer.failure(error)
    }
    try self.init(finishing: writer)
  }

  /// The file `writer` wrote, closed and mapped; from here on this object removes it.
  fileprivate init(finishing writer: Writer) throws(RoutingError) {
    writer.file.close()
    storage = try MappedBytes(contentsOf: writer.path)
    path = writer.path
    writer.finished = true
  }

  deinit {
    unlink(path)
  }

  /// A scratch file being written, a piece at a time, until `finish()` maps it; let go
  /// before that, the file is removed.
  package final class Writer {
    let path: String
    let file: FileDescriptor
    fileprivate var finished = false

    private static let serial = Mutex(0)

    /// Creates the file in `folder`.
    ///
    /// - Throws: `RoutingError` `.unreadable` when it cannot be created.
    package init(in folder: String) throws(RoutingError) {
      let n = Self.serial.withLock {
        $0 += 1
        return $0
      }
      path = (folder.isEmpty ? "." : folder) + "/.headunit-scratch-\(getpid())-\(n).map"
      do {
        file = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL)
      } catch {
        throw RoutingError(.unreadable, "cannot write a scratch file: \(error)", file: path)
      }
    }

    /// Appends `part` to the file.
    ///
    /// - Throws: `RoutingError` `.unreadable` when it cannot be written (a full disk).
    package func append(_ part: UnsafeRawBufferPointer) throws(RoutingError) {
      do {
        try file.writeAll(part)
      } catch {
        throw failure(error)
      }
    }

    /// Closes the file and maps it: the returned file removes it when let go.
    ///
    /// - Throws: `RoutingError` `.unreadable` when it cannot be mapped.
    package func finish() throws(RoutingError) -> ScratchFile {
      try ScratchFile(finishing: self)
    }

    fileprivate func failure(_ error: Errno) -> RoutingError {
      RoutingError(.unreadable, "cannot write a scratch file: \(error)", file: path)
    }

    deinit {
      file.close()
      if !finished { unlink(path) }
    }
  }
}
