import Core
import Synchronization

/// A music source with a fixed catalogue and a virtual clock, for the demo, the replay and
/// tests of the layers above: it plays nothing, but its state moves as MPD's would when
/// ``advance(by:)`` moves its clock.
///
/// Folders are the songs' URIs' directories; `unavailable` makes every request fail and the
/// updates report it, as MPD killed would, until it is set back.
///
/// Threading: every method from any thread; nothing blocks.
public final class ReplayPlayer: MusicPlayer {
  /// One song of the catalogue.
  public struct Track: Sendable, Equatable {
    public var uri: String
    public var title: String
    public var artist: String
    public var album: String
    public var duration: Duration

    public init(uri: String, title: String, artist: String, album: String, duration: Duration) {
      self.uri = uri
      self.title = title
      self.artist = artist
      self.album = album
      self.duration = duration
    }
  }

  /// The queue and state behind the lock (`ReplayPlayer+Model.swift`).
  struct Model {
    var queue: [Track] = []
    var state = MusicState()
    var unavailable: MusicError?
    var subscribers: [Int: AsyncStream<MusicUpdate>.Continuation] = [:]
    var nextSubscriber = 0
    /// Drives the shuffle order (a linear congruential generator: repeatable runs).
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
  }

  public let catalogue: [Track]
  /// Stored playlists: name → song URIs.
  public let playlists: [String: [String]]
  public let listLimit: Int
  private let model = Mutex(Model())

  public init(catalogue: [Track], playlists: [String: [String]] = [:], listLimit: Int = 500) {
    self.catalogue = catalogue
    self.playlists = playlists
    self.listLimit = max(1, listLimit)
  }

  public func updates() -> AsyncStream<MusicUpdate> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: MusicUpdate.self, bufferingPolicy: .bufferingNewest(8))
    let id = model.withLock { model in
      let id = model.nextSubscriber
      model.nextSubscriber += 1
      model.subscribers[id] = continuation
      continuation.yield(model.update)
      return id
    }
    continuation.onTermination = { [weak self] _ in
      self?.model.withLock { _ = $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  public func state() async throws(MusicError) -> MusicState {
    try model.withLock { (model) throws(MusicError) in
      if let error = model.unavailable { throw error }
      return model.state
    }
  }

  public func perform(_ command: MusicCommand) async throws(MusicError) {
    let tracks = try self.tracks(for: command)
    try change { (model) throws(MusicError) in
      try model.perform(command, tracks: tracks)
    }
  }

  public func list(_ query: MusicQuery) async throws(MusicError) -> MusicListing {
    try model.withLock { (model) throws(MusicError) in
      if let error = model.unavailable { throw error }
    }
    let items = try entries(query)
    return MusicListing(query: query, items: Array(items.prefix(listLimit)), total: items.count)
  }

  /// Moves the virtual clock: a playing song's elapsed time grows, and at its end the next
  /// one starts (or playback stops at the queue's end, unless repeating).
  public func advance(by time: Duration) {
    try? change { model in model.advance(by: time) }
  }

  /// Makes the player unreachable (`error`) or reachable again (nil).
  public func setUnavailable(_ error: MusicError?) {
    try? change { model in model.unavailable = error }
  }

  private func change(_ body: (inout Model) throws(MusicError) -> Void) throws(MusicError) {
    try model.withLock { (model) throws(MusicError) in
      let before = model.update
      try body(&model)
      let after = model.update
      guard after != before else { return }
      for subscriber in model.subscribers.values { subscriber.yield(after) }
    }
  }

  /// The songs a play or enqueue command stands for.
  private func tracks(for command: MusicCommand) throws(MusicError) -> [Track] {
    switch command {
    case .playItem(let item), .enqueue(let item):
      let uris =
        try item.contents.map { (query) throws(MusicError) in try entries(query).map(\.uri) }
        ?? [item.uri]
      let found = uris.compactMap { uri in catalogue.first { $0.uri == uri } }
      guard !found.isEmpty else {
        throw MusicError(.refused, "No such \(item.kind.rawValue): \(item.uri)")
      }
      return found
    case .playSongs(let songs, _):
      let found = songs.compactMap { song in catalogue.first { $0.uri == song.uri } }
      guard found.count == songs.count else {
        throw MusicError(.refused, "A song to play is not in the catalogue")
      }
      return found
    default: return []
    }
  }

  /// Every entry of a list, unbounded (the catalogue is the caller's).
  private func entries(_ query: MusicQuery) throws(MusicError) -> [MusicBrowseItem] {
    func song(_ track: Track) -> MusicBrowseItem {
      MusicBrowseItem(
        kind: .song, title: track.title, uri: track.uri, artist: track.artist,
        duration: track.duration)
    }
    switch query {
    case .artists:
      return Set(catalogue.map(\.artist)).sorted().map {
        MusicBrowseItem(kind: .artist, title: $0, uri: $0)
      }
    case .albums(let artist):
      return Set(catalogue.filter { $0.artist == artist }.map(\.album)).sorted().map {
        MusicBrowseItem(kind: .album, title: $0, uri: $0, artist: artist)
      }
    case .album(let album, let artist):
      return catalogue.filter { $0.album == album && (artist == nil || $0.artist == artist) }
        .map(song)
    case .playlists:
      return playlists.keys.sorted().map { MusicBrowseItem(kind: .playlist, title: $0, uri: $0) }
    case .playlist(let name):
      guard let uris = playlists[name] else {
        throw MusicError(.refused, "MPD refused \"listplaylistinfo\": No such playlist")
      }
      return uris.compactMap { uri in catalogue.first { $0.uri == uri }.map(song) }
    case .folder(let path):
      let prefix = path.isEmpty ? "" : path + "/"
      var folders = Set<String>()
      var songs: [MusicBrowseItem] = []
      for track in catalogue where track.uri.hasPrefix(prefix) {
        let rest = track.uri.dropFirst(prefix.count)
        if let slash = rest.firstIndex(of: "/") {
          folders.insert(prefix + rest[..<slash])
        } else {
          songs.append(song(track))
        }
      }
      let names = folders.sorted().map {
        MusicBrowseItem(
          kind: .folder, title: String($0.split(separator: "/").last ?? ""), uri: $0)
      }
      return names + songs
    }
  }
}
