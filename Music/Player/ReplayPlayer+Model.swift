import Core

extension ReplayPlayer.Model {
  /// What the updates report now.
  var update: MusicUpdate {
    unavailable.map { .unavailable($0) } ?? .state(state)
  }

  /// Carries out `command`; `tracks` are the songs a play or enqueue stands for.
  mutating func perform(_ command: MusicCommand, tracks: [ReplayPlayer.Track]) throws(MusicError) {
    if let unavailable { throw unavailable }
    switch command {
    case .play:
      if state.position == nil, !queue.isEmpty { select(0) }
      if state.position != nil { state.playback = .playing }
    case .pause:
      if state.playback == .playing { state.playback = .paused }
    case .toggle:
      try perform(state.playback == .playing ? .pause : .play, tracks: [])
    case .stop:
      state.playback = .stopped
      state.elapsed = .zero
    case .next:
      guard let position = state.position else { return }
      if let next = following(position) { select(next) } else { stopAtEnd() }
    case .previous:
      guard let position = state.position else { return }
      select(max(0, position - 1))
    case .seek(let offset):
      guard offset >= .zero else { throw MusicError(.invalid, "Cannot seek to \(offset)") }
      guard let song = state.song else { throw MusicError(.refused, "Not playing") }
      state.elapsed = min(offset, song.duration ?? offset)
    case .setShuffle(let on): state.shuffle = on
    case .setRepeat(let on): state.repeat = on
    case .setSingle(let on): state.single = on
    case .playItem:
      queue = tracks
      state.queueLength = queue.count
      select(0)
      state.playback = .playing
    case .enqueue:
      queue += tracks
      state.queueLength = queue.count
    case .playSongs(_, let start):
      guard tracks.indices.contains(start) else {
        throw MusicError(.invalid, "Cannot play song \(start) of \(tracks.count) songs")
      }
      queue = tracks
      state.queueLength = queue.count
      select(start)
      state.playback = .playing
    }
  }

  /// Moves the virtual clock.
  mutating func advance(by time: Duration) {
    guard unavailable == nil, state.playback == .playing, var position = state.position else {
      return
    }
    var left = time
    while left > .zero {
      let length = queue[position].duration
      if state.elapsed + left < length {
        state.elapsed += left
        return
      }
      left -= length - state.elapsed
      guard let next = following(position) else {
        stopAtEnd()
        return
      }
      select(next)
      position = next
      // A queue of silent songs would never use the time up.
      if queue[position].duration <= .zero { return }
    }
  }

  /// The position after `position`: the next one, a shuffled one, or nil at the end.
  private mutating func following(_ position: Int) -> Int? {
    if state.shuffle, queue.count > 1 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let step = Int((seed >> 33) % UInt64(queue.count - 1)) + 1
      return (position + step) % queue.count
    }
    if position + 1 < queue.count { return position + 1 }
    return state.repeat ? 0 : nil
  }

  private mutating func select(_ position: Int) {
    guard queue.indices.contains(position) else { return }
    let track = queue[position]
    state.position = position
    state.elapsed = .zero
    state.song = MusicState.Song(
      title: track.title, artist: track.artist, album: track.album, uri: track.uri,
      duration: track.duration)
  }

  private mutating func stopAtEnd() {
    state.playback = .stopped
    state.elapsed = .zero
    state.position = nil
    state.song = nil
  }
}
