import Testing

@testable import POSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `Poll.wait`: readiness, timeouts that never end early, and waits that signals do not
/// cut short or stretch.
@Suite("poll")
struct PollTests {
  @Test(arguments: [0.2, 1, 2.5, 7.3, 20])
  func aTimeoutNeverEndsBeforeItsDeadline(milliseconds: Double) throws {
    let (reader, writer) = try FileDescriptor.pipe()
    defer { writer.close() }
    var fds = [pollfd(fd: reader.rawValue, events: Int16(POLLIN), revents: 0)]
    let timeout = Duration.microseconds(Int64(milliseconds * 1000))
    let start = ContinuousClock.now
    let ready = try Poll.wait(&fds, timeout: timeout)
    let elapsed = start.duration(to: .now)
    #expect(ready == 0)
    #expect(fds[0].revents == 0)
    #expect(elapsed >= timeout, "ended \(timeout - elapsed) early")
  }

  @Test func timeoutsRoundUpToWholeMilliseconds() {
    #expect(Poll.milliseconds(for: .zero) == 0)
    #expect(Poll.milliseconds(for: .milliseconds(-5)) == 0)
    #expect(Poll.milliseconds(for: .nanoseconds(1)) == 1)
    #expect(Poll.milliseconds(for: .microseconds(1500)) == 2)
    #expect(Poll.milliseconds(for: .milliseconds(3)) == 3)
    #expect(Poll.milliseconds(for: .seconds(100 * 86_400)) == Int32.max)
  }

  @Test func eventsAreReportedAndOldOnesCleared() throws {
    let (reader, writer) = try FileDescriptor.pipe()
    var fds = [pollfd(fd: reader.rawValue, events: Int16(POLLIN), revents: Int16(POLLERR))]
    #expect(try Poll.wait(&fds, timeout: .zero) == 0)
    #expect(fds[0].revents == 0, "a stale revents is cleared")
    var byte: UInt8 = 1
    _ = try withUnsafeBytes(of: &byte) { try writer.write($0) }
    #expect(try Poll.wait(&fds, timeout: nil) == 1)
    #expect(fds[0].revents == Int16(POLLIN))
    writer.close()
    var drained: UInt8 = 0
    _ = try withUnsafeMutableBytes(of: &drained) { buffer in
      try reader.read(into: buffer)
    }
    #expect(try Poll.wait(&fds, timeout: .seconds(5)) == 1)
    #expect(fds[0].revents & Int16(POLLHUP) != 0, "the closed write end is a hang-up")
  }

  @Test(.timeLimit(.minutes(1)))
  func signalsNeitherEndNorStretchATimeout() async throws {
    #expect(Interrupts.install())
    let (reader, writer) = try FileDescriptor.pipe()
    defer { writer.close() }
    let timeout = Duration.milliseconds(500)
    let thread = InterruptedThread { () -> (Result<Int, Errno>, Duration) in
      var fds = [pollfd(fd: reader.rawValue, events: Int16(POLLIN), revents: 0)]
      let start = ContinuousClock.now
      let ready = Result { () throws(Errno) in try Poll.wait(&fds, timeout: timeout) }
      return (ready, start.duration(to: .now))
    }
    defer { thread.release() }
    let before = Interrupts.count
    // Signals keep coming until the wait ends: one that restarted the whole timeout would
    // never end, until the 10 s limit.
    let sent = await thread.interrupt()
    let (ready, elapsed) = try #require(await thread.result())
    #expect(sent >= 5)
    #expect(Interrupts.count - before >= 5, "the signals reached the polling thread")
    #expect(try ready.get() == 0)
    #expect(elapsed >= timeout)
    #expect(elapsed < .seconds(5), "each signal went on with what was left, not all of it")
  }

  @Test(.timeLimit(.minutes(1)))
  func anInterruptedWaitWithoutTimeoutStillSeesTheData() async throws {
    #expect(Interrupts.install())
    let (reader, writer) = try FileDescriptor.pipe()
    let thread = InterruptedThread { () -> Result<(Int, Int16), Errno> in
      var fds = [pollfd(fd: reader.rawValue, events: Int16(POLLIN), revents: 0)]
      return Result { () throws(Errno) in
        (try Poll.wait(&fds, timeout: nil), fds[0].revents)
      }
    }
    defer { thread.release() }
    let before = Interrupts.count
    await thread.interrupt(until: { Interrupts.count - before >= 5 })
    #expect(!thread.hasReturned, "a signal does not end the wait")
    var byte: UInt8 = 1
    _ = try withUnsafeBytes(of: &byte) { try writer.write($0) }
    let result = try #require(await thread.result())
    let (ready, revents) = try result.get()
    #expect(ready == 1)
    #expect(revents == Int16(POLLIN))
  }
}
