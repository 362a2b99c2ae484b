import Foundation
import Navigation
import Templates

extension NavigationApp {
  /// The driver chose a row of the music menu.
  mutating func choseMusicMenu(_ elementID: String, at now: Date) {
    switch elementID {
    case ID.musicNowPlaying: showNowPlaying(at: now)
    case ID.musicArtists: openMusicList(.artists, title: text[.artists], container: nil, at: now)
    case ID.musicPlaylists:
      openMusicList(.playlists, title: text[.playlists], container: nil, at: now)
    case ID.musicFolders:
      let root = MusicBrowseItem(kind: .folder, title: text[.folders], uri: "")
      openMusicList(.folder(""), title: text[.folders], container: root, at: now)
    default: break
    }
    send(.itemHandled(elementID), at: now)
  }

  /// The driver chose a row of browse list `templateID`.
  mutating func choseMusicRow(_ elementID: String, in templateID: String, at now: Date) {
    defer { send(.itemHandled(elementID), at: now) }
    guard var model = music, var page = model.pages[templateID] else { return }
    let container = page.container
    switch elementID {
    case MusicPage.Row.play:
      if let container { play(.playItem(container), at: now) }
    case MusicPage.Row.shuffle:
      if let container {
        outbox.append(.music(.setShuffle(true)))
        play(.playItem(container), at: now)
      }
    case MusicPage.Row.queue:
      guard let container else { return }
      outbox.append(.music(.enqueue(container)))
      page.queued = true
    case MusicPage.Row.more, MusicPage.Row.earlier:
      page.turn(forward: elementID == MusicPage.Row.more, rows: musicRows)
    default:
      guard let index = MusicPage.Row.index(elementID), let items = page.listing?.items,
        items.indices.contains(index)
      else { return }
      let item = items[index]
      if let contents = item.contents {
        openMusicList(contents, title: item.title, container: item, at: now)
        return
      }
      // A song plays with the songs listed after and before it, as the list has them.
      let songs = items.filter { $0.kind == .song }
      let start = songs.firstIndex(of: item) ?? 0
      play(.playSongs(songs, startingAt: start), at: now)
      return
    }
    model.pages[templateID] = page
    music = model
    let fresh = page.template(id: templateID, rows: musicRows, text: text)
    request({ .update($0, .list(fresh)) }, at: now)
  }

  /// The driver pressed a control of Now Playing (the screen already shows the change).
  mutating func choseNowPlaying(_ elementID: String, at now: Date) {
    guard let control = NowPlayingTemplate.Control(elementID: elementID) else { return }
    let state = music?.state
    switch control {
    case .playPause: outbox.append(.music(.toggle))
    case .previous: outbox.append(.music(.previous))
    case .next: outbox.append(.music(.next))
    case .shuffle:
      // MPD shuffles songs or not: the button goes between those two.
      let on = !(state?.shuffle ?? false)
      outbox.append(.music(.setShuffle(on)))
      correctNowPlaying(at: now) { $0.shuffle = on ? .songs : .off }
    case .repeat:
      let mode =
        controller.stack.lazy.compactMap { template -> NowPlayingTemplate? in
          if case .nowPlaying(let playing) = template { playing } else { nil }
        }.first?.repeatMode ?? .off
      outbox.append(.music(.setRepeat(mode != .off)))
      outbox.append(.music(.setSingle(mode == .one)))
    case .upNext, .albumArtist, .progress: break
    }
  }

  /// The driver scrubbed to `seconds`.
  mutating func musicSeek(to seconds: Double) {
    guard seconds.isFinite, seconds >= 0 else { return }
    outbox.append(.music(.seek(to: .milliseconds(Int64((seconds * 1000).rounded())))))
  }

  /// Pushes a browse list of `query`, showing "Loading…" until the listing comes, and asks
  /// the source for it. At the deepest the stack may go, the list takes the top's place.
  mutating func openMusicList(
    _ query: MusicQuery, title: String, container: MusicBrowseItem?, at now: Date
  ) {
    guard var model = music, model.isAvailable else { return }
    let onStack = Set(controller.stack.map(\.id))
    model.pages = model.pages.filter { onStack.contains($0.key) }
    let id = "\(ID.musicList)\(model.nextPage)"
    model.nextPage += 1
    let page = MusicPage(query: query, title: title, container: container)
    model.pages[id] = page
    music = model
    let list = page.template(id: id, rows: musicRows, text: text)
    if controller.stack.count >= controller.configuration.depthLimit {
      request({ .pop($0) }, at: now)
    }
    request({ .push($0, .list(list)) }, at: now)
    outbox.append(.listMusic(query))
  }

  /// Plays with `command` and shows Now Playing over the menu.
  private mutating func play(_ command: MusicCommand, at now: Date) {
    outbox.append(.music(command))
    showNowPlaying(at: now)
  }

  /// Now Playing over the music menu (the lists between are closed).
  mutating func showNowPlaying(at now: Date) {
    if controller.stack.contains(where: { $0.id == ID.music }) {
      request({ .popTo($0, templateID: ID.music) }, at: now)
    }
    let playing = BuiltInMusic.nowPlaying(music?.state)
    request({ .push($0, .nowPlaying(playing)) }, at: now)
  }

  /// Changes Now Playing on screen at once, ahead of the source's report.
  private mutating func correctNowPlaying(
    at now: Date, _ change: (inout NowPlayingTemplate) -> Void
  ) {
    guard case .nowPlaying(var playing)? = controller.topTemplate else { return }
    change(&playing)
    request({ .update($0, .nowPlaying(playing)) }, at: now)
  }
}
