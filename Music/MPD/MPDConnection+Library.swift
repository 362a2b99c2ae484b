import CMPDClient
import Core

extension MPDConnection {
  /// Entries read from one reply, at most; a reply longer than this is not a music
  /// library but a server gone wrong, and the connection is dropped rather than read on.
  static let maximumScanned = 200_000

  /// Answers `query` with at most `limit` items and the server's total.
  ///
  /// The reply is read to its end (entries beyond `limit` are counted and freed at once),
  /// so memory stays at `limit` items however long the list.
  func list(_ query: MusicQuery, limit: Int) throws(MusicError) -> MusicListing {
    var collector = Collector(limit: limit)
    switch query {
    case .artists:
      try tags(MPD_TAG_ARTIST, constraints: [], "list artist", into: &collector) {
        MusicBrowseItem(kind: .artist, title: $0, uri: $0)
      }
    case .albums(let artist):
      let artist = try Self.checked(artist, "The artist's name")
      try tags(
        MPD_TAG_ALBUM, constraints: [(MPD_TAG_ARTIST, artist)], "list album", into: &collector
      ) {
        MusicBrowseItem(kind: .album, title: $0, uri: $0, artist: artist)
      }
    case .album(let album, let artist):
      try startSearch(album: album, artist: artist, adding: false)
      try songs("find album", into: &collector)
    case .playlists:
      guard mpd_send_list_playlists(handle) else { try failed("listplaylists") }
      while let playlist = mpd_recv_playlist(handle) {
        defer { mpd_playlist_free(playlist) }
        let name = String(cString: mpd_playlist_get_path(playlist))
        try collector.add(
          MusicText.checkedURI(name).map {
            MusicBrowseItem(kind: .playlist, title: $0, uri: $0)
          }, on: self)
      }
      try finish("listplaylists")
    case .playlist(let name):
      let name = try Self.checked(name, "The playlist's name")
      guard mpd_send_list_playlist_meta(handle, name) else {
        try failed("listplaylistinfo")
      }
      try songs("listplaylistinfo", into: &collector)
    case .folder(let path):
      guard path.isEmpty || MusicText.checkedURI(path) != nil,
        mpd_send_list_meta(handle, path.isEmpty ? nil : path)
      else {
        if MusicText.checkedURI(path) == nil {
          throw MusicError(.invalid, "The folder's path is too long or holds control characters")
        }
        try failed("lsinfo")
      }
      while let entity = mpd_recv_entity(handle) {
        defer { mpd_entity_free(entity) }
        switch mpd_entity_get_type(entity) {
        case MPD_ENTITY_TYPE_DIRECTORY:
          let uri = String(cString: mpd_directory_get_path(mpd_entity_get_directory(entity)))
          try collector.add(
            MusicText.checkedURI(uri).map {
              MusicBrowseItem(kind: .folder, title: Self.fileName($0), uri: $0)
            }, on: self)
        case MPD_ENTITY_TYPE_SONG:
          try collector.add(Self.item(mpd_entity_get_song(entity)), on: self)
        default:
          // Playlist files in the music directory: listed under playlists instead.
          continue
        }
      }
      try finish("lsinfo")
    }
    return MusicListing(query: query, items: collector.items, total: collector.total)
  }

  /// Starts `find` (or `findadd` when `adding`) on an album, by an artist when given.
  func startSearch(album: String, artist: String?, adding: Bool) throws(MusicError) {
    let album = try Self.checked(album, "The album's name")
    let artist = try artist.map { (name) throws(MusicError) in
      try Self.checked(name, "The artist's name")
    }
    let what = adding ? "findadd album" : "find album"
    guard adding ? mpd_search_add_db_songs(handle, true) : mpd_search_db_songs(handle, true),
      mpd_search_add_tag_constraint(handle, MPD_OPERATOR_DEFAULT, MPD_TAG_ALBUM, album),
      artist.map({ mpd_search_add_tag_constraint(handle, MPD_OPERATOR_DEFAULT, MPD_TAG_ARTIST, $0) }
      ) ?? true,
      mpd_search_commit(handle)
    else {
      mpd_search_cancel(handle)
      try failed(what)
    }
  }

  /// Reads a `list TAG` reply into `collector`.
  private func tags(
    _ tag: mpd_tag_type, constraints: [(mpd_tag_type, String)], _ what: String,
    into collector: inout Collector, _ make: (String) -> MusicBrowseItem
  ) throws(MusicError) {
    var sent = mpd_search_db_tags(handle, tag)
    for (constraintTag, value) in constraints where sent {
      sent = mpd_search_add_tag_constraint(handle, MPD_OPERATOR_DEFAULT, constraintTag, value)
    }
    guard sent, mpd_search_commit(handle) else {
      mpd_search_cancel(handle)
      try failed(what)
    }
    while let pair = mpd_recv_pair_tag(handle, tag) {
      let value = String(cString: pair.pointee.value)
      mpd_return_pair(handle, pair)
      // MPD lists an empty value for the songs without the tag: not an entry.
      guard !value.isEmpty else { continue }
      try collector.add(MusicText.checkedURI(value).map(make), on: self)
    }
    try finish(what)
  }

  /// Reads a reply of songs into `collector`.
  private func songs(_ what: String, into collector: inout Collector) throws(MusicError) {
    while let song = mpd_recv_song(handle) {
      defer { mpd_song_free(song) }
      try collector.add(Self.item(song), on: self)
    }
    try finish(what)
  }

  /// A song as a list entry; nil when its URI cannot be kept.
  static func item(_ song: OpaquePointer?) -> MusicBrowseItem? {
    guard let song, let uri = MusicText.checkedURI(String(cString: mpd_song_get_uri(song)))
    else { return nil }
    let milliseconds = mpd_song_get_duration_ms(song)
    return MusicBrowseItem(
      kind: .song, title: tag(song, MPD_TAG_TITLE) ?? fileName(uri), uri: uri,
      artist: tag(song, MPD_TAG_ARTIST),
      duration: milliseconds == 0 ? nil : duration(milliseconds: milliseconds))
  }

  /// Ends a reply: checks for an error, then reads the final `OK`.
  func finish(_ what: String) throws(MusicError) {
    try check(what)
    _ = mpd_response_finish(handle)
    try check(what)
  }

  /// Throws the error behind a call that returned false.
  func failed(_ what: String) throws(MusicError) -> Never {
    try check(what)
    throw MusicError(.malformed, "MPD at \(address): \"\(what)\" failed without a reason")
  }

  /// The first `limit` entries of a reply, and how many there were.
  struct Collector {
    let limit: Int
    var items: [MusicBrowseItem] = []
    var total = 0

    init(limit: Int) {
      self.limit = limit
      items.reserveCapacity(min(limit, 1024))
    }

    /// Counts an entry (nil: one that cannot be shown) and keeps it while under the limit.
    mutating func add(_ item: MusicBrowseItem?, on connection: MPDConnection) throws(MusicError) {
      total += 1
      guard total <= MPDConnection.maximumScanned else {
        connection.abandon()
        throw MusicError(
          .malformed,
          "MPD at \(connection.address) sent more than \(MPDConnection.maximumScanned) entries")
      }
      if let item, items.count < limit { items.append(item) }
    }
  }
}
