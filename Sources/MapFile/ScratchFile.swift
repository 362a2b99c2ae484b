import Foundation
import POSIX
import Routing
import Synchronization

/// A file an import writes once, in a folder of its choosing, and reads back mapped
/// (`SpilledMap`, `SpilledSections`): what it holds need not stay in memory meanwhile. It
/// is named `.headunit-scratch-PID-N.map` and removed when this is let go, or at once if it
/// cannot be written or mapped.
final class ScratchFile: @unchecked Sendable {
  // @unchecked: both properties are set once in `init` and never change; the mapping is
  // read-only.
  let path: String
  let storage: MappedBytes

  private static let serial = Mutex(0)

  /// Creates the file in `folder`, fills it through `write`, and maps it.
  ///
  /// - Throws: `RoutingError` `.unreadable` when it cannot be created, written or mapped
  ///   (a full disk, a read-only folder).
  init(
    in folder: String, write: ((UnsafeRawBufferPointer) throws(Errno) -> Void) throws(Errno) -> Void
  )
    throws(RoutingError)
  {
    let n = Self.serial.withLock {
      $0 += 1
      return $0
    }
    let path = (folder.isEmpty ? "." : folder) + "/.headunit-scratch-\(getpid())-\(n).map"
    do throws(Errno) {
      let file = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL)
      defer { file.close() }
      try write { (part: UnsafeRawBufferPointer) throws(Errno) in try file.writeAll(part) }
    } catch {
      unlink(path)
      throw RoutingError(.unreadable, "cannot write a scratch file: \(error)", file: path)
    }
    do {
      storage = try MappedBytes(contentsOf: path)
    } catch {
      unlink(path)
      throw error
    }
    self.path = path
  }

  deinit {
    unlink(path)
  }
}
