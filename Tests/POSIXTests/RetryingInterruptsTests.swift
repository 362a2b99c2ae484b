import Synchronization
import Testing

@testable import POSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `retryingInterrupts`: `EINTR` is retried, by a call that sets it and by a real signal
/// interrupting a blocked `read`; any other `errno` is thrown as an `Errno`.
@Suite("retrying EINTR")
struct RetryingInterruptsTests {
  /// Counts calls made on another thread.
  final class Counter: Sendable {
    private let calls = Atomic<Int>(0)
    func increment() { calls.add(1, ordering: .relaxed) }
    var value: Int { calls.load(ordering: .relaxed) }
  }

  @Test func aCallFailingWithEINTRIsRunAgainUntilItSucceeds() throws {
    var calls = 0
    let result = try retryingInterrupts { () -> Int in
      calls += 1
      guard calls > 3 else {
        errno = EINTR
        return -1
      }
      return 42
    }
    #expect(result == 42)
    #expect(calls == 4)
  }

  @Test func anotherErrnoIsThrownAtOnce() {
    var calls = 0
    #expect(throws: Errno.badFileDescriptor) {
      try retryingInterrupts { () -> Int in
        calls += 1
        return read(-1, nil, 0)
      }
    }
    #expect(calls == 1)
  }

  @Test func errnoDescribesItselfWithTheCLibrarysText() {
    #expect(Errno.noSuchFileOrDirectory.rawValue == ENOENT)
    #expect(Errno.noSuchFileOrDirectory.description == String(cString: strerror(ENOENT)))
    #expect("\(Errno(rawValue: EACCES))" == "Permission denied")
  }

  @Test(.timeLimit(.minutes(1)))
  func aBlockingReadInterruptedBySignalsReturnsTheDataWrittenLater() async throws {
    #expect(Interrupts.install())
    let (reader, writer) = try FileDescriptor.pipe()
    let calls = Counter()
    let thread = InterruptedThread { () -> Result<[UInt8], Errno> in
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
      defer { buffer.deallocate() }
      return Result { () throws(Errno) -> [UInt8] in
        let count = try retryingInterrupts {
          calls.increment()
          return read(reader.rawValue, buffer.baseAddress, buffer.count)
        }
        return Array(buffer[..<count])
      }
    }
    defer { thread.release() }
    // Each `read` the signal interrupted returned EINTR and was called again.
    await thread.interrupt(until: { calls.value >= 3 })
    #expect(calls.value >= 3, "the blocked read was interrupted and called again")
    #expect(!thread.hasReturned, "an interrupted read does not return")
    let ping = Array("ping".utf8)
    try ping.withUnsafeBytes { try writer.writeAll($0) }
    let result = try #require(await thread.result())
    #expect(try result.get() == ping)
  }
}
