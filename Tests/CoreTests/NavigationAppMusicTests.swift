import Foundation
import Navigation
import Templates
import Testing

@testable import Core

/// The built-in music screens, driven with the knob against a source's reports.
@Suite("Built-in music in the app")
struct NavigationAppMusicTests {
  static let song = MusicState.Song(
    title: "Harbour", artist: "Aurora Lane", album: "Northern Roads", uri: "a/03 Harbour.flac",
    duration: .seconds(300))
  static let playing = MusicState(
    playback: .playing, song: song, elapsed: .seconds(42), position: 2, queueLength: 3)

  static func songs(_ count: Int) -> [MusicBrowseItem] {
    (0..<count).map {
      MusicBrowseItem(kind: .song, title: "Song \($0)", uri: "list/\($0).flac", artist: "X")
    }
  }

  /// The app with music, its source answering, the Music menu open.
  static func atMenu(_ state: MusicState = MusicState()) -> AppDriver {
    var d = AppDriver(music: true)
    d.send(.music(.state(state)))
    d.press()
    d.turn(to: NavigationApp.ID.openMusic)
    d.press()
    return d
  }

  /// The app with music, the knob's way through Music and Playlists to playlist `name`,
  /// waiting for its songs.
  static func atPlaylist(_ name: String) -> AppDriver {
    var d = atMenu()
    d.turn(to: NavigationApp.ID.musicPlaylists)
    d.press()
    let list = MusicBrowseItem(kind: .playlist, title: name, uri: name)
    d.send(
      .musicListed(.playlists, .success(MusicListing(query: .playlists, items: [list], total: 1))))
    d.turn(to: "music.row.item.0")
    d.press()
    return d
  }

  var musicEffects: (AppDriver) -> [NavigationApp.Effect] = { d in
    d.appEffects.filter {
      switch $0 {
      case .music, .listMusic: true
      default: false
      }
    }
  }

  @Test func theMapHasAMusicButtonOnlyWithASource() {
    #expect(AppDriver().map?.trailingBarButtons.isEmpty == true)
    let d = AppDriver(music: true)
    #expect(d.map?.trailingBarButtons.map(\.id) == [NavigationApp.ID.openMusic])
    #expect(d.map?.trailingBarButtons.first?.title == "Music")
  }

  @Test func theButtonStaysWhileGuidingAndAfter() {
    var d = AppDriver(lists: PlaceLists(favourites: [FakeRouteProvider.work]), music: true)
    d.press()
    // The bar's Music comes first in the knob's order, then the map's buttons.
    #expect(d.focused == NavigationApp.ID.openMusic)
    d.turn(to: NavigationApp.ID.destinations)
    for _ in 0..<3 { d.press() }
    d.turn(to: TripPreview.startElementID)
    d.press()
    #expect(d.app.phase.isNavigating)
    // Music first, then Route options.
    #expect(
      d.map?.trailingBarButtons.map(\.id)
        == [NavigationApp.ID.openMusic, NavigationApp.ID.openRouteOptions])
  }

  @Test func theMenuListsNowPlayingAndTheLibrary() throws {
    let d = Self.atMenu(Self.playing)
    #expect(d.screens == ["map", "music"])
    guard case .list(let menu)? = d.app.controller.topTemplate else {
      Issue.record("the menu is not a list")
      return
    }
    #expect(menu.allItems.map(\.text) == ["Now Playing", "Artists", "Playlists", "Folders"])
    #expect(menu.allItems.first?.detailText == "Harbour – Aurora Lane")
    #expect(menu.allItems.allSatisfy { $0.isEnabled })
  }

  @Test func artistsLoadThenShowAndAnAlbumOpens() throws {
    var d = Self.atMenu()
    d.turn(to: NavigationApp.ID.musicArtists)
    d.press()
    #expect(musicEffects(d) == [.listMusic(.artists)])
    #expect(d.screens.last == "music.list.1")
    #expect(d.list?.allItems.map(\.text) == ["Loading…"])

    let artists = [
      MusicBrowseItem(kind: .artist, title: "Aurora Lane", uri: "Aurora Lane"),
      MusicBrowseItem(kind: .artist, title: "Basalt", uri: "Basalt"),
    ]
    d.send(
      .musicListed(.artists, .success(MusicListing(query: .artists, items: artists, total: 2))))
    // The artists' list acts on no container: no Play, Shuffle or Queue rows.
    #expect(d.list?.allItems.map(\.text) == ["Aurora Lane", "Basalt"])
    d.turn(to: "music.row.item.1")
    d.press()
    #expect(musicEffects(d) == [.listMusic(.albums(artist: "Basalt"))])
    #expect(d.screens == ["map", "music", "music.list.1", "music.list.2"])
  }

  @Test func aSongPlaysTheListFromItAndNowPlayingShowsTheSource() throws {
    var d = Self.atPlaylist("Evening")
    let songs = Self.songs(3)
    d.send(
      .musicListed(
        .playlist("Evening"),
        .success(MusicListing(query: .playlist("Evening"), items: songs, total: 3))))
    #expect(
      d.list?.allItems.map(\.text) == [
        "Play all", "Shuffle", "Add to queue", "Song 0", "Song 1", "Song 2",
      ])
    d.turn(to: "music.row.item.1")
    d.press()
    #expect(musicEffects(d) == [.music(.playSongs(songs, startingAt: 1))])
    // Now Playing over the menu; the lists between are closed.
    #expect(d.screens == ["map", "music", NowPlayingTemplate.sharedID])

    d.send(.music(.state(Self.playing)))
    let shown = try #require(d.nowPlaying)
    #expect(shown.title == "Harbour")
    #expect(shown.artist == "Aurora Lane")
    #expect(shown.elapsed == 42)
    #expect(shown.duration == 300)
    #expect(shown.isPlaying)

    // The knob's press toggles play; the source is told.
    d.press()
    #expect(musicEffects(d) == [.music(.toggle)])
  }

  @Test func containerRowsPlayShuffleAndQueue() {
    var d = Self.atMenu()
    d.turn(to: NavigationApp.ID.musicFolders)
    d.press()
    let folder = MusicBrowseItem(kind: .folder, title: "Mixtape", uri: "usb/Mixtape")
    d.send(
      .musicListed(
        .folder(""), .success(MusicListing(query: .folder(""), items: [folder], total: 1))))
    d.turn(to: "music.row.item.0")
    d.press()
    d.send(
      .musicListed(
        .folder("usb/Mixtape"),
        .success(MusicListing(query: .folder("usb/Mixtape"), items: Self.songs(2), total: 2))))
    d.turn(to: "music.row.queue")
    d.press()
    #expect(musicEffects(d) == [.music(.enqueue(folder))])
    #expect(
      d.list?.allItems.first(where: { $0.id == "music.row.queue" })?.text == "Added to the queue")
    d.turn(to: "music.row.shuffle")
    d.press()
    #expect(musicEffects(d) == [.music(.setShuffle(true)), .music(.playItem(folder))])
    #expect(d.screens.last == NowPlayingTemplate.sharedID)
  }

  @Test func aLongListPagesInPlaceWithinTheRowLimit() throws {
    var d = Self.atPlaylist("Huge")
    // The player lists the first 500 of 10,000.
    let listing = MusicListing(query: .playlist("Huge"), items: Self.songs(500), total: 10_000)
    d.send(.musicListed(.playlist("Huge"), .success(listing)))
    let depth = d.screens.count
    var list = try #require(d.list)
    #expect(list.allItems.count <= ListTemplate.maximumItemCount)
    #expect(list.allItems.last?.text == "More: 21–42 of 500")
    var pages = 1
    while list.allItems.last?.id == "music.row.more" {
      d.turn(to: "music.row.more")
      d.press()
      list = try #require(d.list)
      #expect(list.allItems.count <= ListTemplate.maximumItemCount)
      pages += 1
    }
    #expect(d.screens.count == depth)
    #expect(list.allItems.last?.text == "First 500 of 10000 listed")
    #expect(list.allItems.contains { $0.text == "Song 499" })
    #expect(pages == 1 + Int((480.0 / 22).rounded(.up)))
    d.turn(to: "music.row.earlier")
    d.press()
    #expect(d.list?.allItems.contains { $0.text == "Song 478" } == true)
  }

  @Test func whileDrivingAPageFitsTheDrivingLimit() throws {
    var d = Self.atMenu()
    d.send(.interface(.vehicleSpeed(20)))
    d.turn(to: NavigationApp.ID.musicPlaylists)
    d.press()
    d.send(
      .musicListed(
        .playlists,
        .success(
          MusicListing(
            query: .playlists,
            items: Self.songs(40).map {
              MusicBrowseItem(kind: .playlist, title: $0.title, uri: $0.title)
            }, total: 40))))
    let list = try #require(d.list)
    let limit = d.app.controller.configuration.drivingListItemLimit
    #expect(list.allItems.count == limit)
    #expect(list.visibleSections.flatMap(\.items).last?.id == "music.row.more")
  }

  @Test func aSourceGoneTakesTheScreensBackToTheMenuAndBack() throws {
    var d = Self.atMenu(Self.playing)
    d.turn(to: NavigationApp.ID.musicNowPlaying)
    d.press()
    #expect(d.screens.last == NowPlayingTemplate.sharedID)
    d.send(.music(.unavailable(MusicError(.unavailable, "MPD at 127.0.0.1:6600 is gone"))))
    #expect(d.screens == ["map", "music"])
    #expect(d.list?.allItems.first?.text == "Music unavailable")
    #expect(d.list?.allItems.filter(\.isEnabled).isEmpty == true)
    d.send(.music(.state(Self.playing)))
    #expect(d.list?.allItems.first?.text == "Now Playing")
    #expect(d.list?.allItems.allSatisfy { $0.isEnabled } == true)
  }

  @Test func shuffleAndRepeatFollowMPDsModes() throws {
    var d = Self.atMenu(Self.playing)
    d.turn(to: NavigationApp.ID.musicNowPlaying)
    d.press()
    d.turn(to: NowPlayingTemplate.Control.shuffle.elementID)
    d.press()
    #expect(musicEffects(d) == [.music(.setShuffle(true))])
    #expect(d.nowPlaying?.shuffle == .songs)
    d.turn(to: NowPlayingTemplate.Control.repeat.elementID)
    d.press()
    #expect(musicEffects(d) == [.music(.setRepeat(true)), .music(.setSingle(false))])
    d.press()
    #expect(musicEffects(d) == [.music(.setRepeat(true)), .music(.setSingle(true))])
    d.press()
    #expect(musicEffects(d) == [.music(.setRepeat(false)), .music(.setSingle(false))])
  }
}

extension AppDriver {
  /// The list on top, nil when the top is not a list.
  var list: ListTemplate? {
    if case .list(let list)? = app.controller.topTemplate { list } else { nil }
  }

  /// Now Playing on the stack, nil when it is not there.
  var nowPlaying: NowPlayingTemplate? {
    for template in app.controller.stack {
      if case .nowPlaying(let playing) = template { return playing }
    }
    return nil
  }
}
