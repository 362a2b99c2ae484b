import Bridge
import Foundation
import Rendering
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// The shared Now Playing screen over the bridge: an audio app updates it and shows it,
/// never builds it; the knob's presses and scrubs come back as events.
@Suite("Bridge Now Playing")
struct BridgeNowPlayingTests {
  typealias T = BridgeCoreTests

  static let song =
    #"{"title":"Harbour","artist":"Aurora Lane","album":"Northern Roads","elapsed":12,"#
    + #""duration":30,"rate":1,"repeat":"all","buttons":["shuffle","repeat"]}"#

  /// An audio app with its library list on screen.
  static func clock() -> CoreClock {
    var clock = BridgeCategoryTests.clock("audio")
    clock.send(
      T.line(
        #"{"type":"setRootTemplate","id":2,"template":{"type":"list","id":"library","title":"Library","items":[{"id":"a","text":"Artists"}]}}"#
      ), at: 1)
    return clock
  }

  /// What the unit sent from `t` on, its heartbeats aside.
  static func answers(_ clock: CoreClock, from t: TimeInterval) -> [BridgeMessage] {
    T.sent(clock, from: t).filter { $0 != .event(.heartbeat) }
  }

  static func shown(_ clock: CoreClock) -> NowPlayingTemplate? {
    if case .nowPlaying(let p)? = clock.core.bridge.screen?.controller.stack.last { p } else { nil }
  }

  @Test func updatedThenShownThenDrivenWithTheKnob() throws {
    var clock = Self.clock()
    // All within the client's 5 s heartbeat timeout.
    clock.send(T.line(#"{"type":"updateNowPlaying","id":3,"nowPlaying":\#(Self.song)}"#), at: 1.25)
    #expect(Self.answers(clock, from: 1.25) == [.reply(.number(3))])
    clock.send(T.line(#"{"type":"showNowPlaying","id":4}"#), at: 1.5)
    #expect(Self.answers(clock, from: 1.5) == [.reply(.number(4))])
    let shown = try #require(Self.shown(clock))
    #expect(shown.title == "Harbour" && shown.artist == "Aurora Lane" && shown.isPlaying)
    #expect(shown.repeatMode == .all && shown.buttons == [.shuffle, .repeat])

    // The knob starts on play/pause: a press pauses at once and tells the app.
    for (time, event) in EffectLogGoldenTests.press(.select, at: 1.75) {
      clock.send(event, at: time)
    }
    #expect(
      T.sent(clock, from: 1.75).contains(
        .event(.buttonPressed(templateID: "nowPlaying", buttonID: "nowPlaying.playPause"))))
    #expect(Self.shown(clock)?.isPlaying == false)
    // Back round to the progress bar, a press to scrub, then two detents.
    clock.send(.input(.rotated(detents: -2, at: .seconds(2))), at: 2)
    for (time, event) in EffectLogGoldenTests.press(.select, at: 2.125) {
      clock.send(event, at: time)
    }
    clock.send(.input(.rotated(detents: 2, at: .seconds(2.25))), at: 2.25)
    #expect(T.sent(clock, from: 2.25).contains(.event(.nowPlayingSeek(seconds: 30))))
    #expect(Self.shown(clock)?.isScrubbing == true)

    // An update while shown shows at once.
    let next = Self.song.replacingOccurrences(of: "Harbour", with: "Coastline")
    clock.send(T.line(#"{"type":"updateNowPlaying","id":5,"nowPlaying":\#(next)}"#), at: 2.5)
    #expect(Self.answers(clock, from: 2.5) == [.reply(.number(5))])
    #expect(Self.shown(clock)?.title == "Coastline")
    #expect(Self.shown(clock)?.isScrubbing == true, "an update does not end the driver's scrub")
  }

  @Test func aNavigationAppHasNoNowPlaying() throws {
    var clock = BridgeCoreTests.clockWithApp()
    clock.send(T.line(#"{"type":"updateNowPlaying","id":3,"nowPlaying":\#(Self.song)}"#), at: 1)
    let error = try #require(BridgeCategoryTests.errors(clock, from: 1).first)
    #expect(error.code == BridgeError.Code.invalidRequest)
    #expect(
      error.message == "a navigation app has no Now Playing: only audio apps update and show it")
  }

  @Test(
    "malformed Now Playing: an error at its JSON path, nothing changed",
    arguments: [
      (#"{"elapsed":40,"duration":30}"#, "$.nowPlaying.elapsed"),
      (#"{"shuffle":"sometimes"}"#, "$.nowPlaying.shuffle"),
      (#"{"buttons":["eject"]}"#, "$.nowPlaying.buttons[0]"),
      (#"{"duration":1e9}"#, "$.nowPlaying.duration"),
      (#"{"rate":"fast"}"#, "$.nowPlaying.rate"),
      (#"{"lyrics":"la la"}"#, "$.nowPlaying"),
    ])
  func malformed(_ payload: String, path: String) throws {
    var clock = Self.clock()
    clock.send(T.line(#"{"type":"updateNowPlaying","id":3,"nowPlaying":\#(payload)}"#), at: 2)
    let error = try #require(BridgeCategoryTests.errors(clock, from: 2).first)
    #expect(error.code == BridgeError.Code.invalidRequest)
    #expect(error.path?.hasPrefix(path) == true, "\(error)")
    #expect(clock.core.bridge.screen?.nowPlaying == nil)
  }

  @Test func aTitleOfAThousandCharactersIsTakenAndCapped() throws {
    var clock = Self.clock()
    let long = String(repeating: "x", count: 1000)
    clock.send(
      T.line(#"{"type":"updateNowPlaying","id":3,"nowPlaying":{"title":"\#(long)"}}"#), at: 2)
    #expect(
      clock.core.bridge.screen?.nowPlaying?.title.count == NowPlayingTemplate.maximumTextLength)
    clock.send(
      T.line(#"{"type":"updateNowPlaying","id":4,"nowPlaying":{"title":"\#(long)x"}}"#), at: 3)
    #expect(BridgeCategoryTests.errors(clock, from: 3).first?.path == "$.nowPlaying.title")
  }
}

/// An audio app playing while the driver navigates with the built-in app: the strip on the
/// map says what plays.
@Suite("Now Playing strip on the built-in map")
struct NowPlayingStripTests {
  typealias T = BridgeCoreTests

  @Test func anAudioAppInTheBackgroundShowsOnTheMapWhileGuiding() throws {
    var clock = BridgeCategoryTests.clock("audio")
    let fix = try #require(try DriveFixtures.fixes("helsinki-1-clean").first)
    clock.send(.position(.fix(fix)), at: 0.25)
    let own = try #require(DriveFixtures.provider.places.first)
    clock.send(.navigate(own, start: true), at: 0.5)
    #expect(clock.core.app.phase.isNavigating)
    func strip() -> NowPlayingStrip? {
      let frame = clock.core.frame(at: clock.origin, size: .standard, theme: .day)
      guard case .scene(let scene) = frame, case .map(let map) = scene.content else {
        return nil
      }
      return map.scene.nowPlaying
    }
    #expect(strip() == nil, "nothing plays yet")
    clock.send(
      T.line(#"{"type":"updateNowPlaying","id":3,"nowPlaying":\#(BridgeNowPlayingTests.song)}"#),
      at: 1)
    #expect(BridgeNowPlayingTests.answers(clock, from: 1) == [.reply(.number(3))])
    let shown = try #require(strip())
    #expect(shown.text == "Harbour — Aurora Lane")
    #expect(shown.isPlaying && shown.progress == 400)
    for size in [ScreenSize.standard, ScreenSize(width: 480, height: 320)] {
      let frame = clock.core.frame(at: clock.origin, size: size, theme: .day)
      guard case .scene(let scene) = frame else { continue }
      let renderer = try TemplateRenderer(size: size)
      _ = renderer.render(scene)
      try MapGoldenTests.check(
        renderer.pixelBuffer(), "nowplaying-guiding-\(size.width)x\(size.height)-day.png")
    }
    // Paused: the strip says so.
    clock.send(
      T.line(
        #"{"type":"updateNowPlaying","id":4,"nowPlaying":{"title":"Harbour","artist":"Aurora Lane","rate":0}}"#
      ), at: 1.5)
    #expect(strip()?.isPlaying == false)
    #expect(clock.core.app.phase.isNavigating, "the trip goes on")
  }
}
