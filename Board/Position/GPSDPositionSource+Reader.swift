import Core
import Foundation
import Navigation

extension GPSDPositionSource {
  /// The reader thread's body: connect, read until the connection ends, wait, retry —
  /// until `stop` is signalled or the consumer has gone. Runs on the thread `events()`
  /// starts, and only there.
  func read(into continuation: AsyncStream<PositionEvent>.Continuation, until stop: StopSignal) {
    defer { continuation.finish() }
    var reader = Reader(continuation: continuation, stop: stop, staleAfter: staleAfter)
    var backoff = self.backoff
    while !stop.isSignalled {
      guard connectAndRead(&reader, backoff: &backoff) else { return }
      if stop.wait(readable: nil, timeout: backoff.nextDelay()) == .stopped { return }
    }
  }

  /// One connection attempt, and reading while the connection lasts; false once the
  /// consumer has stopped. The connection is closed when this returns.
  private func connectAndRead(_ reader: inout Reader, backoff: inout RetryBackoff) -> Bool {
    let connection: GPSDConnection
    do {
      connection = try GPSDConnection.open(host: host, port: port)
    } catch {
      return reader.handle(.disconnected(reason: error.message))
    }
    backoff.reset()
    return reader.handle(.connected) && reader.readUntilLost(connection, host: host, port: port)
  }

  /// The stream state of one reader thread and where its events go.
  private struct Reader {
    let continuation: AsyncStream<PositionEvent>.Continuation
    let stop: StopSignal
    let clock = ContinuousClock()
    var state: GPSDStreamState

    init(
      continuation: AsyncStream<PositionEvent>.Continuation, stop: StopSignal,
      staleAfter: Duration
    ) {
      self.continuation = continuation
      self.stop = stop
      self.state = GPSDStreamState(staleAfter: staleAfter)
    }

    /// Feeds `input` to the state and yields the events it gives; false once the
    /// consumer has stopped listening.
    mutating func handle(_ input: GPSDStreamState.Input) -> Bool {
      for event in state.handle(input, at: clock.now) {
        if case .terminated = continuation.yield(event) { return false }
      }
      return true
    }

    /// Reads reports until gpsd closes the connection (true) or the consumer stops
    /// (false). Blocks in `poll` between reports, waking for a stop or the stale deadline.
    mutating func readUntilLost(_ connection: GPSDConnection, host: String, port: Int) -> Bool {
      // Skips the wait while libgps may still hold buffered lines, which poll cannot see.
      var mayRead = false
      while true {
        if !mayRead {
          let timeout = state.silenceDeadline.map { clock.now.duration(to: $0) }
          switch stop.wait(readable: connection.fileDescriptor, timeout: timeout) {
          case .stopped:
            return false
          case .timedOut:
            guard handle(.silence) else { return false }
            continue
          case .readable:
            break
          }
        }
        switch connection.read() {
        case .closed:
          let reason = "lost the connection to gpsd at \(host):\(port) — is gpsd running?"
          return handle(.disconnected(reason: reason))
        case .incomplete:
          mayRead = false
        case .report(let report):
          guard handle(.report(report)) else { return false }
          mayRead = connection.hasInput
        }
      }
    }
  }
}
