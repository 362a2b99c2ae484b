import Core

/// A music source the driver browses and controls: MPD in the car (``MPDPlayer``), a fixed
/// catalogue on a virtual clock in the demo and the tests (``ReplayPlayer``).
///
/// Every method may fail with a ``MusicError`` and none blocks the calling thread; a player
/// that cannot reach its server fails at once (`.unavailable`) instead of waiting for it.
public protocol MusicPlayer: Sendable {
  /// The player's state as it changes, starting with the latest known; `.unavailable`
  /// while the server cannot be reached. Each call returns a new stream; a slow reader
  /// misses intermediate updates, never the latest.
  func updates() -> AsyncStream<MusicUpdate>

  /// The state now, asked of the server.
  func state() async throws(MusicError) -> MusicState

  /// Carries out `command` and returns when the server has accepted it.
  func perform(_ command: MusicCommand) async throws(MusicError)

  /// The first entries of a library list (at most the player's limit) and their total.
  func list(_ query: MusicQuery) async throws(MusicError) -> MusicListing
}
