import CMPDClient
import Core

extension MPDConnection {
  /// Carries out `command`; returns when MPD has acknowledged it.
  func perform(_ command: MusicCommand) throws(MusicError) {
    switch command {
    case .play: try run("play", mpd_run_play(handle))
    case .pause: try run("pause", mpd_run_pause(handle, true))
    case .toggle:
      // `pause` without an argument does nothing when stopped; the driver meant play.
      if try state().playback == .playing {
        try run("pause", mpd_run_pause(handle, true))
      } else {
        try run("play", mpd_run_play(handle))
      }
    case .stop: try run("stop", mpd_run_stop(handle))
    case .next: try run("next", mpd_run_next(handle))
    case .previous: try run("previous", mpd_run_previous(handle))
    case .seek(let offset):
      guard offset >= .zero, offset <= .seconds(86_400) else {
        throw MusicError(.invalid, "Cannot seek to \(offset)")
      }
      let seconds =
        Float(offset.components.seconds)
        + Float(offset.components.attoseconds) / 1e18
      try run("seekcur", mpd_run_seek_current(handle, seconds, false))
    case .setShuffle(let on): try run("random", mpd_run_random(handle, on))
    case .setRepeat(let on): try run("repeat", mpd_run_repeat(handle, on))
    case .setSingle(let on): try run("single", mpd_run_single(handle, on))
    case .playItem(let item):
      try run("clear", mpd_run_clear(handle))
      try add(item)
      try run("play", mpd_run_play_pos(handle, 0))
    case .enqueue(let item):
      try add(item)
    case .playSongs(let songs, let start):
      guard songs.indices.contains(start), songs.allSatisfy({ $0.kind == .song }) else {
        throw MusicError(.invalid, "Cannot play song \(start) of \(songs.count) songs")
      }
      try run("clear", mpd_run_clear(handle))
      for song in songs { try add(song) }
      try run("play", mpd_run_play_pos(handle, UInt32(start)))
    }
  }

  /// Adds what `item` stands for to the end of the queue.
  private func add(_ item: MusicBrowseItem) throws(MusicError) {
    switch item.kind {
    case .song, .folder:
      let uri = try Self.checked(item.uri, "The \(item.kind.rawValue)'s path")
      try run("add", mpd_run_add(handle, uri))
    case .playlist:
      let name = try Self.checked(item.uri, "The playlist's name")
      try run("load", mpd_run_load(handle, name))
    case .album:
      try startSearch(album: item.uri, artist: item.artist, adding: true)
      try finish("findadd album")
    case .artist:
      let artist = try Self.checked(item.uri, "The artist's name")
      guard mpd_search_add_db_songs(handle, true),
        mpd_search_add_tag_constraint(handle, MPD_OPERATOR_DEFAULT, MPD_TAG_ARTIST, artist),
        mpd_search_commit(handle)
      else {
        mpd_search_cancel(handle)
        try failed("findadd artist")
      }
      try finish("findadd artist")
    }
  }

  /// Checks a `mpd_run_*` call's result.
  private func run(_ what: String, _ succeeded: Bool) throws(MusicError) {
    guard succeeded else { try failed(what) }
    try check(what)
  }
}
