/// A list the music library can be asked for.
public enum MusicQuery: Sendable, Equatable, Hashable {
  /// Every artist tag in the database, sorted.
  case artists
  /// The albums with songs by `artist`, sorted.
  case albums(artist: String)
  /// The songs of an album, in the server's order (track number within a folder), by
  /// `artist` when given (two artists may each have an album called "Greatest Hits").
  case album(String, artist: String?)
  /// The stored playlists, by name.
  case playlists
  /// The songs of a stored playlist, in order.
  case playlist(String)
  /// The folders and songs in a folder of the music directory; `""` is its root, a USB
  /// stick is the folder it is mounted at under it.
  case folder(String)
}
