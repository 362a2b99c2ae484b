/// What a music player reports as it changes: its state, or that it cannot be reached.
public enum MusicUpdate: Sendable, Equatable {
  /// The server answered; Now Playing shows this.
  case state(MusicState)
  /// The server is gone (killed, not started, answering garbage); the unit shows music as
  /// unavailable and goes on, and the player reports `.state` again once it is back.
  case unavailable(MusicError)
}
