/// One entry of a music list the driver scrolls with the knob: an artist, an album, a
/// stored playlist, a folder (of a USB stick) or a song.
public struct MusicBrowseItem: Sendable, Equatable, Hashable {
  public enum Kind: String, Sendable, CaseIterable {
    case artist, album, playlist, folder, song
  }

  public var kind: Kind
  /// What the list shows, at most ``MusicText/maximumTitle`` characters.
  public var title: String
  /// What addresses the entry on the server: the artist's or album's tag value, the
  /// playlist's name, the folder's or song's path under the music directory. Never cut
  /// (see ``MusicText/checkedURI(_:)``).
  public var uri: String
  /// The album's artist (albums), the song's artist (songs), when known.
  public var artist: String?
  /// The length of a song, when known.
  public var duration: Duration?

  public init(
    kind: Kind, title: String, uri: String, artist: String? = nil, duration: Duration? = nil
  ) {
    self.kind = kind
    self.title = MusicText.capped(title)
    self.uri = uri
    self.artist = artist.map { MusicText.capped($0) }
    self.duration = duration
  }

  /// The list opening this entry shows: an artist's albums, an album's, playlist's or
  /// folder's songs; nil for a song, which is played, not opened.
  public var contents: MusicQuery? {
    switch kind {
    case .artist: .albums(artist: uri)
    case .album: .album(uri, artist: artist)
    case .playlist: .playlist(uri)
    case .folder: .folder(uri)
    case .song: nil
    }
  }
}
