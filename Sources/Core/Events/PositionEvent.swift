import Navigation

/// What a position source reports: fixes, and changes in its own health.
public enum PositionEvent: Sendable, Equatable {
  case fix(Fix)
  case status(PositionStatus)
}

/// The health of a position source, for the status chip and the bench monitor.
public enum PositionStatus: Sendable, Equatable {
  /// Connected to the receiver (or gpsd), waiting for reports.
  case connected
  /// Reports arrive but without a position.
  case noFix
  /// No report for 2 s.
  case stale
  /// Not connected; `reason` says why and what to do. The source keeps retrying.
  case disconnected(reason: String)
  /// The source has nothing more to give (a file replay reached its end).
  case finished
}
