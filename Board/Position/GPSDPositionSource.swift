import Core
import Foundation
import Navigation

/// Positions from gpsd over its JSON socket protocol, through libgps.
///
/// Each `events()` stream owns one thread that connects (`gps_open`, `?WATCH` for
/// JSON), then blocks in `poll` on the socket until gpsd sends a line (`gps_waiting`,
/// `gps_read`), a stop is requested, or the stream would go stale — there is no busy
/// polling, so an idle connection costs no CPU. When gpsd is not running, restarts or
/// dies, the stream reports `.disconnected(reason:)` and the thread retries after
/// `backoff` (1 s doubling to 10 s) until it reconnects; it never throws or traps.
/// When the consumer stops iterating, the thread wakes at once, closes the connection
/// and ends — except during a TCP connect, which is immediate for gpsd on this machine
/// but can block for the kernel's connect timeout towards a remote host that drops
/// packets.
///
/// Fixes are reported when a TPV carries a mode (libgps's `MODE_SET`), with gpsd's
/// `NaN`s as nil; see `GPSDStreamState` for the statuses.
public struct GPSDPositionSource: PositionSource {
  /// gpsd's address; the default is gpsd's own default.
  public var host: String
  public var port: Int
  /// No TPV for this long makes the stream `.stale`.
  public var staleAfter: Duration
  /// Delays between connection attempts.
  public var backoff: RetryBackoff

  public init(
    host: String = "127.0.0.1", port: Int = 2947, staleAfter: Duration = .seconds(2),
    backoff: RetryBackoff = .standard
  ) {
    self.host = host
    self.port = port
    self.staleAfter = staleAfter
    self.backoff = backoff
  }

  /// Starts a reader thread and returns its events. Returns at once; never blocks.
  ///
  /// Each call starts its own thread and connection. When the stream cannot be started
  /// at all (no pipe for the stop signal: the process is out of descriptors), it reports
  /// `.disconnected` with the reason and finishes.
  public func events() -> AsyncStream<PositionEvent> {
    // A consumer more than 256 events behind loses the oldest: positions go stale fast.
    let (stream, continuation) = AsyncStream.makeStream(
      of: PositionEvent.self, bufferingPolicy: .bufferingNewest(256))
    let stop: StopSignal
    do {
      stop = try StopSignal()
    } catch {
      continuation.yield(.status(.disconnected(reason: error.message)))
      continuation.finish()
      return stream
    }
    continuation.onTermination = { _ in stop.signal() }
    let source = self
    let thread = Thread {
      source.read(into: continuation, until: stop)
    }
    thread.name = "gpsd-reader \(host):\(port)"
    thread.start()
    return stream
  }
}
