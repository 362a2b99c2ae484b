import Foundation
import Synchronization
import Testing

@testable import Board

/// `StopSignal`: a reader blocked in a wait stops when asked, by the pipe or, when the
/// pipe's byte goes astray, by the flag it looks at every second.
@Suite("stop signal")
struct StopSignalTests {
  /// Waits on another thread; returns what ended the wait and when.
  static func waitElsewhere(_ stop: StopSignal, readable: Int32? = nil) -> Waiting {
    let waiting = Waiting()
    Thread.detachNewThread {
      let result = stop.wait(readable: readable, timeout: nil)
      waiting.result.withLock { $0 = (result, .now) }
    }
    return waiting
  }

  final class Waiting: Sendable {
    let result = Mutex<(StopSignal.WaitResult, ContinuousClock.Instant)?>(nil)

    /// The result, once there is one, waiting at most `timeout`.
    func get(timeout: Duration) async throws -> (StopSignal.WaitResult, ContinuousClock.Instant)? {
      let deadline = ContinuousClock.now + timeout
      while ContinuousClock.now < deadline {
        if let value = result.withLock({ $0 }) { return value }
        try await Task.sleep(for: .milliseconds(5))
      }
      return result.withLock { $0 }
    }
  }

  @Test func signalEndsAWaitAtOnce() async throws {
    let stop = try StopSignal()
    let waiting = Self.waitElsewhere(stop)
    try await Task.sleep(for: .milliseconds(50))
    #expect(try await waiting.get(timeout: .zero) == nil, "still waiting before the signal")
    let asked = ContinuousClock.now
    stop.signal()
    let (result, at) = try #require(try await waiting.get(timeout: .seconds(5)))
    #expect(result == .stopped)
    #expect(asked.duration(to: at) < .milliseconds(500))
    #expect(stop.isSignalled)
  }

  @Test func aStopWhoseByteGoesAstrayStillEndsTheWait() async throws {
    let stop = try StopSignal()
    let waiting = Self.waitElsewhere(stop)
    // Another part of the process closed the pipe's write end by mistake and the number
    // now names another file: the byte goes there.
    let elsewhere = open("/dev/null", O_WRONLY)
    try #require(elsewhere >= 0)
    #expect(dup2(elsewhere, stop.writeEnd) == stop.writeEnd)
    close(elsewhere)
    let asked = ContinuousClock.now
    stop.signal()
    let (result, at) = try #require(try await waiting.get(timeout: .seconds(5)))
    #expect(result == .stopped)
    #expect(asked.duration(to: at) < StopSignal.slice + .milliseconds(500))
  }

  @Test func readableAndTimeout() throws {
    let stop = try StopSignal()
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { for end in ends { close(end) } }
    #expect(stop.wait(readable: ends[0], timeout: .milliseconds(30)) == .timedOut)
    var byte: UInt8 = 7
    #expect(write(ends[1], &byte, 1) == 1)
    #expect(stop.wait(readable: ends[0], timeout: .seconds(5)) == .readable)
    stop.signal()
    #expect(stop.wait(readable: ends[0], timeout: .seconds(5)) == .stopped, "a stop wins")
  }
}
