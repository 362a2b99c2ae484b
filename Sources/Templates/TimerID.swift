/// The controller's timers. Scheduled with `UIEffect.schedule`, they come back as
/// `UIEvent.timerFired`; scheduling an id again replaces the earlier one.
public enum TimerID: Hashable, Sendable {
  /// Leave pan mode after a period without input.
  case panTimeout
  /// Take the navigation alert down (its duration ran out, or the app's dismissal was
  /// held back until the minimum time had passed).
  case navigationAlert(String)
}
