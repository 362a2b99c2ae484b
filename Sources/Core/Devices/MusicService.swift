/// Carries out the core's music effects (`.music`, `.listMusic`) on the unit's music
/// source: MPD in the car, a fixed catalogue in a replay.
public protocol MusicService: AnyObject {
  /// Starts carrying out `command`. Returns the events that follow when they are known at
  /// once, or nil when a failure comes later (`.musicFailed`) through the events the
  /// service posts to its owner; the new state always comes as `.music`.
  func perform(_ command: MusicCommand) -> [HeadUnitCore.Event]?

  /// Starts reading `query`'s listing, answered with `.musicListed` at once (returned) or
  /// later (posted; nil returned).
  func list(_ query: MusicQuery) -> [HeadUnitCore.Event]?
}
