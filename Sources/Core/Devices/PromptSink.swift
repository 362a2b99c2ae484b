import Navigation

/// Where voice prompts go: the car's prompt player (espeak-ng into ALSA), or a replay's
/// list of what the player was told, when (mixed down into a WAV by the demo).
///
/// The calls never block: a sink queues, and speaks on a thread of its own.
public protocol PromptSink: AnyObject {
  /// Speak `announcement` (the sink's rules decide whether one under way is cut off).
  func speak(_ announcement: Announcement)
  /// Step `next` is now the next maneuver: waiting prompts about earlier ones are moot.
  func maneuverChanged(next: Int)
  /// Silence prompts (`true`, dropping the queued ones) or let them be heard again.
  func setMuted(_ muted: Bool)
  /// Sound the speed warning's short tone now if nothing is being spoken (a chime never
  /// cuts a prompt off, nor waits for one: late, it would mean nothing).
  func chime()
}
