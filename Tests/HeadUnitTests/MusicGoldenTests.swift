import Foundation
import Navigation
import Rendering
import Templates
import TestSupport
import Testing

@testable import Core
@testable import HeadUnit

/// The built-in music screens drawn whole, reached with the knob: the map while guiding
/// with the Music button and the strip, the menu, a long playlist's first and second
/// pages (the knob on the row turning to the third), Now
/// Playing from MPD's state, and the menu while MPD is gone; in a left-to-right, a
/// long-worded and a CJK language at the standard and the small display by day, and in
/// English at both by night. Checked by eye once (`UPDATE_GOLDENS=1` writes them anew), by
/// pixel difference after.
@Suite("Built-in music screens (goldens)")
struct MusicGoldenTests {
  typealias Case = FleetDispatchGoldenTests.Case

  static let cases: [Case] =
    ["en", "de", "zh"].flatMap { language in
      [ScreenSize.standard, ScreenSize(width: 480, height: 320)].map {
        Case(language: language, size: $0, theme: "day")
      }
    }
    + [ScreenSize.standard, ScreenSize(width: 480, height: 320)].map {
      Case(language: "en", size: $0, theme: "night")
    }

  static let playing = MusicState(
    playback: .playing,
    song: MusicState.Song(
      title: "Harbour", artist: "Aurora Lane", album: "Northern Roads", uri: "h.flac",
      duration: .seconds(245)),
    elapsed: .seconds(83), position: 2, queueLength: 3, repeat: true)

  enum Screen: String, CaseIterable, Sendable {
    case map, menu, list, page
    case nowPlaying = "nowplaying"
    case unavailable
  }

  /// A core in `language` for a display of `size`, guiding along helsinki-1 with MPD
  /// playing, then the knob's way to `screen`.
  static func core(_ language: String, size: ScreenSize, showing screen: Screen) throws
    -> CoreClock
  {
    var clock = CoreClock(
      core: HeadUnitCore(
        provider: DriveFixtures.provider, phrases: try Phrasebook(language: language),
        configuration: {
          var configuration = HeadUnitCore.Configuration()
          configuration.music = true
          // As the daemon does: the controls the display has room for.
          configuration.mapControls = NavigationLayout(size: size).controlRoom
          return configuration
        }()),
      origin: Date(timeIntervalSince1970: 1_800_000_000))
    let fixes = try DriveFixtures.fixes("helsinki-1-clean")
    clock.send(.position(.fix(try #require(fixes.first))), at: 1)
    let place = try #require(DriveFixtures.provider.places.first)
    clock.send(.navigate(place, start: true), at: 2)
    HeadUnitCoreTests.drive(&clock, fixes, from: 0, to: 8, start: 3)
    clock.send(.music(.state(playing)), at: 12)
    var t = 13.0
    func press() {
      clock.send(.input(.button(role: .select, action: .press, at: .zero)), at: t)
      clock.send(.input(.button(role: .select, action: .release, at: .zero)), at: t + 0.1)
      t += 1
    }
    func turn(_ detents: Int) {
      clock.send(.input(.rotated(detents: detents, at: .zero)), at: t)
      t += 1
    }
    guard screen != .map else { return clock }
    press()  // the knob on the map's controls: Music first
    press()
    switch screen {
    case .menu, .map: break
    case .unavailable:
      clock.send(
        .music(.unavailable(MusicError(.unavailable, "MPD at 127.0.0.1:6600 is gone"))), at: t)
    case .nowPlaying: press()
    case .list, .page:
      turn(2)  // Now Playing, Artists, Playlists
      press()
      let evening = MusicBrowseItem(kind: .playlist, title: "Evening drive", uri: "Evening")
      clock.send(
        .musicListed(
          .playlists, .success(MusicListing(query: .playlists, items: [evening], total: 1))),
        at: t)
      press()
      let songs = (1...40).map {
        MusicBrowseItem(
          kind: .song, title: "Track \($0) — a long title that may not fit", uri: "e/\($0).flac",
          artist: "Aurora Lane", duration: .seconds(180 + $0))
      }
      clock.send(
        .musicListed(
          .playlist("Evening"),
          .success(MusicListing(query: .playlist("Evening"), items: songs, total: 40))),
        at: t)
      if screen == .page {
        turn(-1)  // round to the last row: the next page
        press()  // the knob stays on it, now turning to the third
      }
    }
    return clock
  }

  @Test(arguments: Screen.allCases, cases)
  func screen(_ screen: Screen, _ c: Case) throws {
    let clock = try Self.core(c.language, size: c.size, showing: screen)
    let top = clock.core.activeController.topTemplate?.id
    switch screen {
    case .map: #expect(top == NavigationApp.ID.map)
    case .menu, .unavailable: #expect(top == NavigationApp.ID.music)
    case .list, .page: #expect(top?.hasPrefix(NavigationApp.ID.musicList) == true)
    case .nowPlaying: #expect(top == NowPlayingTemplate.sharedID)
    }
    try FleetDispatchGoldenTests.compare(clock, "music-\(screen.rawValue)", c)
  }
}
