import Core
import Navigation

/// What a gpsd stream tells its consumer, decided with no I/O: the reader thread feeds
/// in what happened and when, and yields the events that come back.
///
/// - A connection reports `.connected`; a failed or lost one `.disconnected(reason:)`,
///   once per attempt, so a monitor sees the retries.
/// - A TPV without a position reports `.noFix` and one with a position `.connected`,
///   each when the status changes.
/// - No TPV for `staleAfter` reports `.stale` once; the next TPV ends it.
/// - Fixes carry the HDOP and satellite count of the latest SKY report. A fix equal to
///   the one before is dropped: gpsd repeats an epoch while it learns a receiver's
///   cycle, and a SKY report must never produce a second copy of a fix.
struct GPSDStreamState {
  typealias Instant = ContinuousClock.Instant

  /// Something the reader thread saw.
  enum Input: Equatable {
    case connected
    case report(GPSDReport)
    /// The reader's wait for input timed out (see `silenceDeadline`).
    case silence
    case disconnected(reason: String)
  }

  /// How long without a TPV before the stream is stale.
  let staleAfter: Duration
  /// The last status reported; nil before the first attempt.
  private(set) var status: PositionStatus?
  /// When the stream goes stale unless a TPV arrives first; nil when not timing.
  private(set) var silenceDeadline: Instant?
  private var hdop: Double?
  private var satellitesUsed: Int?
  private var lastFix: Fix?

  init(staleAfter: Duration) {
    self.staleAfter = staleAfter
  }

  /// The events to report for `input`, which happened at `now`.
  mutating func handle(_ input: Input, at now: Instant) -> [PositionEvent] {
    switch input {
    case .connected:
      // A new connection may be to a restarted gpsd: forget its old sky.
      hdop = nil
      satellitesUsed = nil
      silenceDeadline = now.advanced(by: staleAfter)
      return report(.connected, always: true)
    case .disconnected(let reason):
      silenceDeadline = nil
      return report(.disconnected(reason: reason), always: true)
    case .silence:
      guard let deadline = silenceDeadline, now >= deadline else { return [] }
      silenceDeadline = nil
      return report(.stale)
    case .report(.other):
      return []
    case .report(.sky(let hdop, let satellitesUsed)):
      // A SKY without a value keeps the previous one, as `GPSDLogReader` does.
      self.hdop = hdop ?? self.hdop
      self.satellitesUsed = satellitesUsed ?? self.satellitesUsed
      return []
    case .report(.position(let mode, let fix)):
      silenceDeadline = now.advanced(by: staleAfter)
      var events = report(mode == .noFix ? .noFix : .connected)
      if var fix {
        fix.hdop = fix.hdop ?? hdop
        fix.satellites = fix.satellites ?? satellitesUsed
        if fix != lastFix {
          lastFix = fix
          events.append(.fix(fix))
        }
      }
      return events
    }
  }

  private mutating func report(_ new: PositionStatus, always: Bool = false) -> [PositionEvent] {
    guard always || new != status else { return [] }
    status = new
    return [.status(new)]
  }
}
