import Foundation
import POSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a whole file mapped read-only into memory (`mmap` with `PROT_READ` and
/// `MAP_PRIVATE`), or a private copy of a `Data` value.
///
/// A large file is not read or copied: pages come in as they are touched. `deinit` unmaps
/// (`munmap`) or frees the copy. The bytes never change after `init`.
package final class MappedBytes: @unchecked Sendable {
  // Safe to share across threads: the memory is read-only for the whole life of the object
  // and released only in `deinit`, when no one can hold a reference any more.
  package let bytes: UnsafeRawBufferPointer
  private let isMapped: Bool

  /// Maps the file at `path`. The corresponding C functions are `open`, `fstat` and `mmap`.
  /// Anything but a regular file (a folder, a device, a FIFO) is refused; it is opened
  /// without blocking, so a FIFO with no writer cannot hang the reader.
  package init(contentsOf path: String) throws(RoutingError) {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK)
    } catch {
      throw RoutingError(.unreadable, "cannot open: \(error)", file: path)
    }
    // Closed on return (the mapping outlives it); until then `file` is kept, so `fd` is open.
    defer { file.close() }
    let fd = file.rawValue
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw RoutingError(
        .unreadable, "cannot stat: \(String(cString: strerror(errno)))", file: path)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw RoutingError(.unreadable, "this is a folder; give a file", file: path)
    case S_IFIFO: throw RoutingError(.unreadable, "this is a FIFO; give a file", file: path)
    default: throw RoutingError(.unreadable, "this is a device; give a file", file: path)
    }
    let size = Int(info.st_size)
    guard size > 0 else {
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      isMapped = false
      return
    }
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED
    else {
      throw RoutingError(.unreadable, "cannot map: \(String(cString: strerror(errno)))", file: path)
    }
    bytes = UnsafeRawBufferPointer(start: address, count: size)
    isMapped = true
  }

  /// `size` bytes of its own, filled once by `fill` (which must write all of them).
  package init(size: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
    let part = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size])
    fill(part)
    bytes = UnsafeRawBufferPointer(part)
    isMapped = false
  }

  /// A private copy of `data`.
  package init(copying data: Data) {
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
    data.withUnsafeBytes { source in
      if let base = source.baseAddress, let target = copy.baseAddress {
        target.copyMemory(from: base, byteCount: source.count)
      }
    }
    bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<data.count])
    isMapped = false
  }

  /// Lets the kernel drop the pages of `part` (within these bytes) from this process's
  /// resident memory after a pass over them (a checksum): a mapped file's pages come back
  /// from the page cache when next touched. Does nothing to a copy, whose pages hold the
  /// only copy. The corresponding C function is `madvise` with `MADV_DONTNEED`.
  package func evict(_ part: UnsafeRawBufferPointer) {
    guard isMapped, let start = part.baseAddress, part.count > 0 else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let first = (Int(bitPattern: start) + page - 1) / page * page
    let end = (Int(bitPattern: start) + part.count) / page * page
    guard end > first, let address = UnsafeMutableRawPointer(bitPattern: first) else { return }
    madvise(address, end - first, MADV_DONTNEED)
  }

  deinit {
    guard let base = bytes.baseAddress else { return }
    if isMapped {
      munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
    } else {
      UnsafeMutableRawPointer(mutating: base).deallocate()
    }
  }
}
