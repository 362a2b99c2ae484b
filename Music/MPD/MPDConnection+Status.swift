import CMPDClient
import Core

extension MPDConnection {
  /// The player's state and current song (`status`, `currentsong`), every number checked
  /// into its range.
  func state() throws(MusicError) -> MusicState {
    guard let status = mpd_run_status(handle) else {
      try check("status")
      throw MusicError(.malformed, "MPD at \(address) sent no status")
    }
    defer { mpd_status_free(status) }
    var state = MusicState()
    switch mpd_status_get_state(status) {
    case MPD_STATE_PLAY: state.playback = .playing
    case MPD_STATE_PAUSE: state.playback = .paused
    default: state.playback = .stopped
    }
    state.queueLength = min(Int(mpd_status_get_queue_length(status)), Self.maximumQueue)
    let position = Int(mpd_status_get_song_pos(status))
    state.position = (0..<max(state.queueLength, 1)).contains(position) ? position : nil
    state.shuffle = mpd_status_get_random(status)
    state.repeat = mpd_status_get_repeat(status)
    state.single = mpd_status_get_single(status)
    let volume = Int(mpd_status_get_volume(status))
    state.volume = (0...100).contains(volume) ? volume : nil
    if state.playback != .stopped {
      state.elapsed = Self.duration(milliseconds: mpd_status_get_elapsed_ms(status))
    }
    if state.position != nil {
      state.song = try currentSong()
    }
    return state
  }

  /// More than this in the queue is reported as this.
  static let maximumQueue = 1_000_000

  /// The song at the queue's current position, nil when there is none.
  func currentSong() throws(MusicError) -> MusicState.Song? {
    guard let song = mpd_run_current_song(handle) else {
      try check("currentsong")
      return nil
    }
    defer { mpd_song_free(song) }
    let uri = String(cString: mpd_song_get_uri(song))
    let milliseconds = mpd_song_get_duration_ms(song)
    return MusicState.Song(
      title: Self.tag(song, MPD_TAG_TITLE) ?? Self.fileName(uri),
      artist: Self.tag(song, MPD_TAG_ARTIST), album: Self.tag(song, MPD_TAG_ALBUM),
      uri: MusicText.checkedURI(uri) ?? "",
      duration: milliseconds == 0 ? nil : Self.duration(milliseconds: milliseconds))
  }

  /// A song's first value of `tag`, capped; nil when missing or empty.
  static func tag(_ song: OpaquePointer, _ tag: mpd_tag_type) -> String? {
    guard let value = mpd_song_get_tag(song, tag, 0) else { return nil }
    let text = MusicText.capped(String(cString: value))
    return text.isEmpty ? nil : text
  }

  /// The last component of a path, capped: what a song without a title tag is called.
  static func fileName(_ path: String) -> String {
    MusicText.capped(String(path.split(separator: "/").last ?? Substring(path)))
  }

  /// Milliseconds from the server as a duration, at most a day (a longer one is garbage).
  static func duration(milliseconds: UInt32) -> Duration {
    .milliseconds(Int(min(milliseconds, 86_400_000)))
  }
}
