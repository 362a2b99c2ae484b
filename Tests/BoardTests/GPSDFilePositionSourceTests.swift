import Foundation
import Geo
import Navigation
import Readers
import Synchronization
import Testing

@testable import Board
@testable import Core

/// A clock that never really sleeps: a sleep moves its time to the deadline at once
/// and is recorded, so tests see the pacing without waiting for it.
final class SteppingClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
  }

  private let state = Mutex<(now: Instant, sleeps: [Duration])>((Instant(offset: .zero), []))

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .nanoseconds(1) }
  /// The deadlines slept until, as offsets from the clock's start.
  var sleeps: [Duration] { state.withLock { $0.sleeps } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    state.withLock { state in
      state.sleeps.append(deadline.offset)
      state.now = max(state.now, deadline)
    }
  }
}

@Suite("file position source")
struct GPSDFilePositionSourceTests {
  static let track: TrackReadResult = {
    let times: [Double] = [0, 1, 2, 4, 4.5]
    let fixes = times.map { t in
      Fix(
        time: Date(timeIntervalSince1970: 1_777_881_600 + t), mode: .threeD,
        coordinate: Coordinate(latitude: 60.17, longitude: 24.94 + t * 1e-4))
    }
    return TrackReadResult(fixes: fixes, sentences: fixes.count * 3)
  }()

  static func collect(_ source: some PositionSource) async -> [PositionEvent] {
    var events: [PositionEvent] = []
    for await event in source.events() { events.append(event) }
    return events
  }

  @Test("replays every fix, then finished", arguments: [0.0, 1, 10])
  func replaysAll(speed: Double) async {
    let source = FilePositionSource(track: Self.track, speed: speed, clock: SteppingClock())
    let events = await Self.collect(source)
    #expect(events == Self.track.fixes.map(PositionEvent.fix) + [.status(.finished)])
  }

  @Test("real time: each fix at its offset from the first", arguments: [(1.0, 1.0), (4, 0.25)])
  func pacing(speed: Double, scale: Double) async {
    let clock = SteppingClock()
    _ = await Self.collect(FilePositionSource(track: Self.track, speed: speed, clock: clock))
    let expected = [0, 1, 2, 4, 4.5].map { Duration.seconds($0 * scale) }
    #expect(clock.sleeps == expected)
  }

  @Test("speed 0: no sleeping at all")
  func asFastAsPossible() async {
    let clock = SteppingClock()
    _ = await Self.collect(FilePositionSource(track: Self.track, speed: 0, clock: clock))
    #expect(clock.sleeps.isEmpty)
  }

  @Test("pacing on the real clock: a 0.45 s track at 10× takes at least 45 ms")
  func continuousClock() async {
    let start = ContinuousClock.now
    let events = await Self.collect(FilePositionSource(track: Self.track, speed: 10))
    #expect(events.count == 6)
    #expect(start.duration(to: .now) >= .milliseconds(45))
  }

  @Test("a consumer that stops early cancels the pacing")
  func stopsEarly() async {
    let clock = BlockingClock()
    let source = FilePositionSource(track: Self.track, speed: 1, clock: clock)
    var seen: [PositionEvent] = []
    for await event in source.events() {
      seen.append(event)
      break
    }
    #expect(seen == [.fix(Self.track.fixes[0])])
    // The pacing task is now asleep until the second fix; leaving the loop cancels it.
    #expect(await clock.cancelled.value)
  }
}

/// A clock whose first sleep (the one until fix 0) returns at once and whose next one
/// lasts until its task is cancelled, which `cancelled` then reports.
final class BlockingClock: Clock, Sendable {
  typealias Instant = ContinuousClock.Instant
  private let sleeps = Mutex(0)
  private let stream = AsyncStream.makeStream(of: Bool.self)
  /// True once a sleep was cancelled.
  let cancelled: Task<Bool, Never>

  init() {
    let events = stream.stream
    cancelled = Task { await events.first { $0 } ?? false }
  }

  var now: Instant { .now }
  var minimumResolution: Duration { .nanoseconds(1) }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    guard
      sleeps.withLock({ count in
        count += 1
        return count > 1
      })
    else { return }
    do {
      try await Task.sleep(for: .seconds(3_600))
    } catch {
      stream.continuation.yield(true)
      throw error
    }
  }
}
