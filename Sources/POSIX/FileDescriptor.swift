import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file descriptor this object owns: closed exactly once, by ``close()`` or, when
/// that was never called, when the last reference goes away.
///
/// A `final class` rather than a `~Copyable` struct because its owners keep descriptors in
/// copyable places: a `Mutex`-guarded state struct, the bridge's table of connections, a
/// wake pipe shared by several threads. However many references there are, the number is
/// closed once, so a later file that gets the same number is never closed by mistake.
///
/// A local one may be released right after its last use, so code that hands
/// ``rawValue`` to C calls keeps the object alive while the number is in use (`defer {
/// file.close() }` does both).
///
/// Threading: `close()` may be called from any thread, any number of times (an atomic
/// exchange picks the one call that closes). Reading or writing on one thread while
/// another closes is a bug, as it is in C.
public final class FileDescriptor: Sendable {
  private let number: Atomic<Int32>

  /// Takes ownership of `rawValue`, an open descriptor (from `socket`, `accept`, …).
  public init(owning rawValue: Int32) {
    number = Atomic(rawValue)
  }

  deinit {
    close()
  }

  /// The descriptor's number; -1 once closed.
  public var rawValue: Int32 { number.load(ordering: .acquiring) }

  /// Whether ``close()`` has not run yet.
  public var isOpen: Bool { rawValue >= 0 }

  /// Opens `path`, always close-on-exec, so a program the head unit starts inherits none
  /// of its files. Retries `EINTR` (a FIFO or device open may block).
  ///
  /// The corresponding C function is `open`.
  ///
  /// - Parameters:
  ///   - flags: `O_RDONLY`, `O_WRONLY | O_CREAT | O_TRUNC`, …; `O_CLOEXEC` is added.
  ///   - permissions: the mode of a file `O_CREAT` creates, before the umask.
  /// - Throws: ``Errno``, e.g. ``Errno/noSuchFileOrDirectory``.
  public static func open(_ path: String, _ flags: Int32, permissions: mode_t = 0o644)
    throws(Errno) -> FileDescriptor
  {
    let raw = try retryingInterrupts { systemOpen(path, flags | O_CLOEXEC, permissions) }
    return FileDescriptor(owning: raw)
  }

  /// Reads at most `buffer.count` bytes. Blocks unless the descriptor is non-blocking.
  ///
  /// The corresponding C function is `read`.
  ///
  /// - Returns: how many bytes were read; 0 at the end of the file.
  /// - Throws: ``Errno``; ``Errno/wouldBlock`` when a non-blocking descriptor has nothing.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try retryingInterrupts { systemRead(rawValue, buffer.baseAddress, buffer.count) }
  }

  /// Writes at most `bytes.count` bytes, as many as the file takes at once.
  ///
  /// The corresponding C function is `write`.
  ///
  /// - Returns: how many bytes were written.
  /// - Throws: ``Errno``; ``Errno/wouldBlock`` when a non-blocking descriptor is full.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
    try retryingInterrupts { systemWrite(rawValue, bytes.baseAddress, bytes.count) }
  }

  /// Writes every byte of `bytes`, calling `write` until all are written. Blocks while the
  /// file is full (use it on blocking descriptors).
  ///
  /// The corresponding C function is `write`.
  ///
  /// - Throws: ``Errno`` of the first failed `write`; some bytes may have been written.
  public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    var offset = 0
    while offset < bytes.count {
      offset += try write(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
    }
  }

  /// Waits until what was written to the file (and its metadata) is on the disk.
  ///
  /// The corresponding C function is `fsync`.
  public func synchronize() throws(Errno) {
    _ = try retryingInterrupts { fsync(rawValue) }
  }

  /// Closes the descriptor; later calls (and `deinit`) do nothing.
  ///
  /// The corresponding C function is `close`. Its error is not reported and `EINTR` is not
  /// retried: Linux frees the number whatever `close` returns, so a second `close` could
  /// close another thread's new file. Code that needs to know its data reached the disk
  /// calls ``synchronize()`` first.
  public func close() {
    let raw = number.exchange(-1, ordering: .acquiringAndReleasing)
    if raw >= 0 { _ = systemClose(raw) }
  }
}

// The C calls, reachable under names the methods above do not shadow.

private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}

private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, bytes, count)
}

private func systemClose(_ fd: Int32) -> Int32 {
  close(fd)
}
