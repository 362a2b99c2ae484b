import Core
import Foundation
import Navigation
import Readers

/// A recorded track replayed as a position source: in real time, `speed` times faster,
/// or as fast as the consumer takes it (`speed` 0).
///
/// Fix *i* is reported `(time of fix i − time of fix 0) / speed` after the stream
/// starts, measured on `clock` from one start instant, so pacing does not drift with
/// the consumer's own delays. After the last fix the stream reports `.status(.finished)`
/// and ends. When the consumer stops iterating, the pacing task is cancelled.
public struct FilePositionSource<C: Clock>: PositionSource where C.Duration == Duration {
  /// The fixes to replay, in time order (as the track readers return them).
  public let fixes: [Fix]
  /// The replay speed: 1 real time, N N times faster, 0 no pauses.
  public let speed: Double
  /// The clock that paces the replay; tests pass one that does not really sleep.
  public let clock: C

  /// - Precondition: `speed` is finite and not negative (the command line checks it).
  public init(track: TrackReadResult, speed: Double = 1, clock: C) {
    precondition(speed.isFinite && speed >= 0, "replay speed must be 0 (no pauses) or more")
    self.fixes = track.fixes
    self.speed = speed
    self.clock = clock
  }

  /// Starts the replay and returns its events. Returns at once; the fixes come from a
  /// task that sleeps on `clock` between them.
  public func events() -> AsyncStream<PositionEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: PositionEvent.self)
    let fixes = fixes
    let speed = speed
    let clock = clock
    let task = Task {
      let start = clock.now
      let first = fixes.first?.time
      for fix in fixes {
        if speed > 0, let first {
          let offset = max(0, fix.time.timeIntervalSince(first)) / speed
          do {
            try await clock.sleep(until: start.advanced(by: .seconds(offset)), tolerance: nil)
          } catch {
            break  // cancelled: the consumer stopped listening
          }
        }
        guard !Task.isCancelled else { break }
        continuation.yield(.fix(fix))
      }
      if !Task.isCancelled { continuation.yield(.status(.finished)) }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}

extension FilePositionSource where C == ContinuousClock {
  /// A replay paced by the continuous clock.
  public init(track: TrackReadResult, speed: Double = 1) {
    self.init(track: track, speed: speed, clock: ContinuousClock())
  }
}
