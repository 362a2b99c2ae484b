#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A self-pipe that wakes a thread blocked in `poll`: any thread calls ``signal()``; the
/// thread that waits polls ``readEnd`` along with its own descriptors (or calls
/// ``wait(for:timeout:)``, which does both) and calls ``clear()`` before it looks at what
/// it was woken for.
///
/// Both ends are non-blocking and close-on-exec, owned by this object and closed when it
/// goes away. A signal stays pending until ``clear()``: one made while nobody waits wakes
/// the next wait at once.
///
/// Threading: ``signal()`` from any thread, any number of times, never blocks;
/// ``clear()`` and the waits only on the one thread that polls.
public final class WakePipe: Sendable {
  private let reader: FileDescriptor
  private let writer: FileDescriptor

  /// Creates the pipe.
  ///
  /// The corresponding C function is `pipe2`.
  ///
  /// - Throws: ``Errno`` when the process is out of descriptors (`EMFILE`, `ENFILE`).
  public init() throws(Errno) {
    (reader, writer) = try FileDescriptor.pipe(nonBlocking: true)
  }

  /// The end to poll for `POLLIN`.
  public var readEnd: Int32 { reader.rawValue }

  /// The end ``signal()`` writes to.
  public var writeEnd: Int32 { writer.rawValue }

  /// A `pollfd` asking for ``readEnd``'s `POLLIN`, to append to a poll set.
  public var pollDescriptor: pollfd { pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0) }

  /// Wakes the polling thread. Never blocks: when the pipe is full a wake-up is pending
  /// anyway, and the byte that did not fit is not needed.
  ///
  /// The corresponding C function is `write`.
  public func signal() {
    var byte: UInt8 = 1
    _ = try? withUnsafeBytes(of: &byte) { try writer.write($0) }
  }

  /// Empties the pipe, so the next wait blocks until the next ``signal()``. Never blocks.
  ///
  /// The corresponding C function is `read`.
  public func clear() {
    var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    while true {
      let count = try? withUnsafeMutableBytes(of: &bytes) { buffer in
        try reader.read(into: buffer)
      }
      guard let count, count > 0 else { return }
    }
  }

  /// Blocks until ``signal()``, an event on one of `descriptors`, or `timeout` (nil: no
  /// limit), and sets the descriptors' `revents`. Does not clear the pipe.
  ///
  /// The corresponding C function is `poll`, through ``Poll/wait(_:timeout:)``: `EINTR`
  /// is retried and a timeout never ends early. A failed `poll` (out of memory) ends the
  /// wait as a timeout does.
  ///
  /// - Returns: whether the pipe was signalled.
  @discardableResult
  public func wait(for descriptors: inout [pollfd], timeout: Duration?) -> Bool {
    var polled = descriptors
    polled.append(pollDescriptor)
    let ready = (try? Poll.wait(&polled, timeout: timeout)) ?? 0
    let signalled = ready > 0 && polled[polled.count - 1].revents != 0
    polled.removeLast()
    descriptors = polled
    return signalled
  }
}
