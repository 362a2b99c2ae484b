import Foundation
import Navigation
import Templates

/// The built-in music screens: a Music button in the map's bar opens a menu (Now Playing,
/// Artists, Playlists, Folders); browse lists page through long listings in place; a song
/// or a container's Play, Shuffle or Add to queue row becomes a command for the source, and
/// playing brings up the shared Now Playing screen, driven by the source's state.
extension NavigationApp {
  /// The Music button in the map's bar; none without a music source.
  var musicBarButtons: [BarButton] {
    music == nil ? [] : [BarButton(id: ID.openMusic, title: text[.music])]
  }

  /// The menu: Now Playing (with the song), then the library's lists; while the source is
  /// unavailable, one row saying so and the others disabled.
  var musicMenu: ListTemplate {
    let state = music?.state
    var items: [ListItem] = []
    if state == nil {
      items.append(
        ListItem(
          id: ID.musicUnavailable, text: text[.musicUnavailable],
          detailText: text[.musicUnavailableDetail], image: "warning", isEnabled: false))
    }
    let song = state?.song.map {
      [$0.title, $0.artist].compactMap(\.self).joined(separator: " – ")
    }
    items.append(
      ListItem(
        id: ID.musicNowPlaying, text: text[.nowPlaying], detailText: song, image: "music",
        accessory: .disclosureIndicator, isEnabled: song != nil))
    let lists: [(String, ScreenTextKey, String)] = [
      (ID.musicArtists, .artists, "person"), (ID.musicPlaylists, .playlists, "list"),
      (ID.musicFolders, .folders, "folder"),
    ]
    for (id, key, image) in lists {
      items.append(
        ListItem(
          id: id, text: text[key], image: image, accessory: .disclosureIndicator,
          isEnabled: state != nil))
    }
    return ListTemplate(id: ID.music, title: text[.music], sections: [ListSection(items: items)])
  }

  /// Rows a music list shows now: fewer while the car moves.
  var musicRows: Int {
    controller.isDrivingLimited
      ? min(controller.configuration.drivingListItemLimit, ListTemplate.maximumItemCount)
      : ListTemplate.maximumItemCount
  }

  // MARK: - The source's reports

  /// The source reported: the menu, the lists waiting for it and Now Playing follow; a
  /// source gone takes the screens back to the menu, which says so.
  mutating func musicChanged(_ update: MusicUpdate, at now: Date) {
    guard var model = music else { return }
    let before = model.state
    model.latest = update
    music = model
    let shown = Set(controller.stack.map(\.id))
    if model.state == nil, before != nil {
      if shown.contains(ID.music), controller.topTemplate?.id != ID.music {
        request({ .popTo($0, templateID: ID.music) }, at: now)
      }
      if before?.playback == .playing, !phase.isNavigating, controller.topTemplate?.id == ID.map,
        controller.map?.navigationAlert == nil
      {
        let alert = noticeAlert(
          title: text[.musicUnavailable], detail: text[.musicUnavailableDetail])
        request({ .presentNavigationAlert($0, alert) }, at: now)
      }
    }
    if shown.contains(ID.music), menuWords(before) != menuWords(model.state) {
      let menu = musicMenu
      request({ .update($0, .list(menu)) }, at: now)
    }
    if case .nowPlaying(let playing)? = controller.stack.first(where: { $0.kind == .nowPlaying }),
      model.state != nil
    {
      var fresh = BuiltInMusic.nowPlaying(model.state)
      // The driver's scrubbing goes on across the source's reports.
      fresh.isScrubbing = playing.isScrubbing
      if playing.isScrubbing, playing.duration == fresh.duration {
        try? fresh.setTimes(elapsed: playing.elapsed, duration: playing.duration)
      }
      if fresh != playing { request({ .update($0, .nowPlaying(fresh)) }, at: now) }
    }
  }

  /// What of `state` the menu shows: whether there is one, and the song.
  private func menuWords(_ state: MusicState?) -> [String?]? {
    state.map { [$0.song?.title, $0.song?.artist] }
  }

  /// A listing came (or could not be read): the lists waiting for it show it.
  mutating func musicListed(
    _ query: MusicQuery, _ result: Result<MusicListing, MusicError>, at now: Date
  ) {
    guard var model = music else { return }
    for (id, var page) in model.pages where page.query == query && page.listing == nil {
      switch result {
      case .success(let listing): page.listing = listing
      case .failure: page.failed = true
      }
      model.pages[id] = page
    }
    music = model
    refreshMusicLists(at: now)
  }

  /// Draws the music lists on the stack again (a listing came, the row limit changed).
  mutating func refreshMusicLists(at now: Date) {
    guard let model = music else { return }
    for template in controller.stack {
      guard case .list(let list) = template, let page = model.pages[list.id] else { continue }
      let fresh = page.template(id: list.id, rows: musicRows, text: text)
      if fresh != list { request({ .update($0, .list(fresh)) }, at: now) }
    }
  }
}
