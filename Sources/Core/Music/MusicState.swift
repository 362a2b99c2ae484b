/// What the music source is doing, as Now Playing shows it.
public struct MusicState: Sendable, Equatable {
  public enum Playback: String, Sendable {
    case playing, paused, stopped
  }

  /// The song at the queue's current position.
  public struct Song: Sendable, Equatable {
    /// The title tag, or the file name when the song has none.
    public var title: String
    public var artist: String?
    public var album: String?
    /// The song's path under the music directory (or its stream URL); empty when longer
    /// than ``MusicText/maximumURI``.
    public var uri: String
    /// Nil for a stream, or when the server does not know yet.
    public var duration: Duration?

    public init(
      title: String, artist: String? = nil, album: String? = nil, uri: String,
      duration: Duration? = nil
    ) {
      self.title = MusicText.capped(title)
      self.artist = artist.map { MusicText.capped($0) }
      self.album = album.map { MusicText.capped($0) }
      self.uri = uri
      self.duration = duration
    }
  }

  public var playback: Playback
  /// Nil when the queue is empty or nothing is selected.
  public var song: Song?
  /// How far into ``song`` playback is; zero when stopped.
  public var elapsed: Duration
  /// The song's 0-based position in the queue.
  public var position: Int?
  public var queueLength: Int
  /// MPD's `random`.
  public var shuffle: Bool
  public var `repeat`: Bool
  /// Stop (or repeat) after the current song.
  public var single: Bool
  /// 0…100; nil when the output has no volume control.
  public var volume: Int?

  public init(
    playback: Playback = .stopped, song: Song? = nil, elapsed: Duration = .zero,
    position: Int? = nil, queueLength: Int = 0, shuffle: Bool = false, repeat: Bool = false,
    single: Bool = false, volume: Int? = nil
  ) {
    self.playback = playback
    self.song = song
    self.elapsed = elapsed
    self.position = position
    self.queueLength = queueLength
    self.shuffle = shuffle
    self.repeat = `repeat`
    self.single = single
    self.volume = volume
  }
}
