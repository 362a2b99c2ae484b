import Foundation
import Synchronization
import Testing

@testable import POSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `WakePipe`: a signal wakes a wait on another thread, stays pending until cleared, and
/// never blocks.
@Suite("wake pipe")
struct WakePipeTests {
  /// What a wait on another thread saw, and when it ended.
  struct Woken: Sendable {
    var signalled: Bool
    var descriptors: Int
    var revents: Int16
    var at: ContinuousClock.Instant
  }

  @Test(.timeLimit(.minutes(1)))
  func aSignalWakesAPollBlockedOnAnotherThread() async throws {
    let pipe = try WakePipe()
    let (other, otherWriter) = try FileDescriptor.pipe()
    defer { otherWriter.close() }
    let woken = Mutex<Woken?>(nil)
    let thread = Thread {
      var fds = [pollfd(fd: other.rawValue, events: Int16(POLLIN), revents: 0)]
      let signalled = pipe.wait(for: &fds, timeout: .seconds(30))
      woken.withLock {
        $0 = Woken(signalled: signalled, descriptors: fds.count, revents: fds[0].revents, at: .now)
      }
    }
    thread.start()
    try await Task.sleep(for: .milliseconds(50))
    #expect(woken.withLock { $0 } == nil, "still waiting before the signal")
    let asked = ContinuousClock.now
    pipe.signal()
    let deadline = asked + .seconds(10)
    while woken.withLock({ $0 }) == nil, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(2))
    }
    let result = try #require(woken.withLock { $0 })
    #expect(result.signalled)
    #expect(result.descriptors == 1, "the pipe's own entry is removed again")
    #expect(result.revents == 0)
    #expect(asked.duration(to: result.at) < .seconds(5), "woken by the signal, not the timeout")
  }

  @Test func aSignalStaysPendingUntilCleared() throws {
    let pipe = try WakePipe()
    var none: [pollfd] = []
    #expect(!pipe.wait(for: &none, timeout: .zero))
    pipe.signal()
    #expect(pipe.wait(for: &none, timeout: .zero))
    #expect(pipe.wait(for: &none, timeout: .zero), "a wait does not clear it")
    pipe.clear()
    #expect(!pipe.wait(for: &none, timeout: .milliseconds(10)))
  }

  @Test(.timeLimit(.minutes(1)))
  func signallingNeverBlocksOnAFullPipe() throws {
    let pipe = try WakePipe()
    // Far more than a pipe holds (64 KiB on Linux, 16 KiB or more on Darwin).
    for _ in 0..<200_000 { pipe.signal() }
    var none: [pollfd] = []
    #expect(pipe.wait(for: &none, timeout: .zero))
    pipe.clear()
    #expect(!pipe.wait(for: &none, timeout: .zero), "clear empties a full pipe")
  }

  @Test func bothEndsAreNonBlockingAndCloseOnExec() throws {
    let pipe = try WakePipe()
    for end in [pipe.readEnd, pipe.writeEnd] {
      #expect(fcntl(end, F_GETFD) & FD_CLOEXEC != 0)
      #expect(fcntl(end, F_GETFL) & O_NONBLOCK != 0)
    }
    #expect(pipe.pollDescriptor.fd == pipe.readEnd)
    #expect(pipe.pollDescriptor.events == Int16(POLLIN))
  }
}
