import Bridge
import Foundation
import Rendering
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// Now Playing artwork sent over the bridge: base64 PNG or JPEG, checked where it arrives
/// (an error at its JSON path), decoded once by the frame composer's artwork cache, the
/// placeholder for a picture that fails only when decoded.
@Suite("Bridge Now Playing artwork")
struct BridgeArtworkTests {
  typealias T = BridgeCoreTests
  typealias N = BridgeNowPlayingTests

  /// A picture of `Tests/Fixtures/artwork`.
  static func bytes(_ name: String) throws -> [UInt8] {
    Array(
      try Data(
        contentsOf: MapGoldenTests.root.appendingPathComponent("Tests/Fixtures/artwork/\(name)")))
  }

  static func base64(_ name: String) throws -> String {
    Data(try bytes(name)).base64EncodedString()
  }

  /// An `updateNowPlaying` line with `artwork` (a JSON object).
  static func update(_ id: Int, artwork: String) -> HeadUnitCore.Event {
    T.line(
      #"{"type":"updateNowPlaying","id":\#(id),"nowPlaying":{"title":"Harbour","artist":"Aurora Lane","album":"Northern Roads","elapsed":12,"duration":30,"rate":1,"artwork":\#(artwork)}}"#
    )
  }

  /// The audio app "Aurora Radio" with Now Playing on screen, showing `artwork`.
  static func showing(artwork: String) -> CoreClock {
    var clock = CoreClock(core: HeadUnitCoreTests.core())
    clock.send(.bridge(.connected(T.client)), at: 0)
    clock.send(
      T.line(#"{"type":"hello","id":1,"version":1,"app":"Aurora Radio","category":"audio"}"#),
      at: 0)
    clock.send(
      T.line(
        #"{"type":"setRootTemplate","id":2,"template":{"type":"list","id":"library","title":"Library","items":[{"id":"a","text":"Artists"}]}}"#
      ), at: 1)
    clock.send(update(3, artwork: artwork), at: 1.25)
    clock.send(T.line(#"{"type":"showNowPlaying","id":4}"#), at: 1.5)
    return clock
  }

  static func artwork(_ composer: inout FrameComposer, _ clock: CoreClock) -> Artwork? {
    let frame = composer.frame(of: clock.core, at: clock.origin, size: .standard, theme: .day)
    guard case .scene(let scene) = frame, case .nowPlaying(_, let art) = scene.content else {
      return nil
    }
    return art
  }

  @Test("a JPEG sent once, named, shown; the same picture again is not decoded again")
  func sentShownDecodedOnce() throws {
    var clock = Self.showing(artwork: #"{"id":"cover","data":"\#(try Self.base64("cover.jpg"))"}"#)
    #expect(N.answers(clock, from: 1.25) == [.reply(.number(3)), .reply(.number(4))])
    let shown = try #require(N.shown(clock))
    #expect(shown.artworkID?.hasPrefix("fnv1a64-") == true)
    #expect(shown.appName == "Aurora Radio", "the header names the app")
    var composer = FrameComposer(layers: [])
    guard case .image(let picture)? = Self.artwork(&composer, clock) else {
      Issue.record("no picture")
      return
    }
    #expect(picture.width > 100)
    #expect(composer.artworks.decodeCount == 1)

    // The same bytes again (no id now), then the name alone: the same picture, no decoding.
    clock.send(Self.update(5, artwork: #"{"data":"\#(try Self.base64("cover.jpg"))"}"#), at: 2)
    clock.send(Self.update(6, artwork: #"{"id":"cover"}"#), at: 2.5)
    #expect(N.answers(clock, from: 2) == [.reply(.number(5)), .reply(.number(6))])
    #expect(N.shown(clock)?.artworkID == shown.artworkID)
    #expect(Self.artwork(&composer, clock) == .image(picture))
    #expect(composer.artworks.decodeCount == 1)
    #expect(clock.core.bridge.artworks.count == 1)

    // Another picture under the same name replaces it; no artwork is none.
    clock.send(
      Self.update(7, artwork: #"{"id":"cover","data":"\#(try Self.base64("cover.png"))"}"#),
      at: 3)
    #expect(N.shown(clock)?.artworkID != shown.artworkID)
    #expect(Self.artwork(&composer, clock) != .image(picture))
    #expect(composer.artworks.decodeCount == 2)
    clock.send(Self.update(8, artwork: "null"), at: 3.5)
    #expect(N.shown(clock)?.artworkID == nil)
    #expect(Self.artwork(&composer, clock) == Artwork.none)

    // The screen with the bridge's artwork, as the driver sees it.
    clock.send(Self.update(9, artwork: #"{"id":"cover"}"#), at: 4)
    for (size, theme) in [
      (ScreenSize.standard, "day"), (ScreenSize(width: 480, height: 320), "night"),
    ] {
      let frame = composer.frame(
        of: clock.core, at: clock.origin, size: size, theme: Theme.named(theme)!)
      guard case .scene(let scene) = frame else { continue }
      let renderer = try TemplateRenderer(size: size)
      _ = renderer.render(scene)
      try MapGoldenTests.check(
        renderer.pixelBuffer(), "nowplaying-bridge-\(size.width)x\(size.height)-\(theme).png")
    }
  }

  @Test("bad artwork is an error at its path, and nothing changes")
  func refusedWithItsPath() throws {
    let png = try Self.bytes("cover.png")
    var huge = png
    huge.replaceSubrange(16..<24, with: [0, 0, 0x20, 0, 0, 0, 0x20, 0])  // 8192 × 8192
    let long = String(repeating: "A", count: BridgeDecoder.maximumArtworkCharacters + 4)
    let cases: [(String, String, String)] = [
      (#"{"data":"not base64!"}"#, "$.nowPlaying.artwork.data", "base64"),
      (
        #"{"data":"\#(Data("<html>hi</html>".utf8).base64EncodedString())"}"#,
        "$.nowPlaying.artwork.data", "not a PNG or JPEG"
      ),
      (
        #"{"data":"\#(Data(huge).base64EncodedString())"}"#, "$.nowPlaying.artwork.data",
        "megapixels"
      ),
      (#"{"data":"\#(long)"}"#, "$.nowPlaying.artwork.data", "at most 1000000 base64"),
      (#"{"id":"never-sent"}"#, "$.nowPlaying.artwork.id", "no artwork \"never-sent\""),
      (#"{}"#, "$.nowPlaying.artwork", "\"data\""),
      (#"{"data":"iVBO","url":"x"}"#, "$.nowPlaying.artwork.url", "unknown key"),
    ]
    for (artwork, path, words) in cases {
      var clock = N.clock()
      clock.send(Self.update(3, artwork: artwork), at: 1.25)
      let error = try #require(BridgeCategoryTests.errors(clock, from: 1.25).first, "\(artwork)")
      #expect(error.code == BridgeError.Code.invalidRequest)
      #expect(error.path == path, "\(error)")
      #expect(error.message.contains(words), "\(error.message)")
      #expect(clock.core.bridge.clients[T.client]?.nowPlaying == nil, "nothing kept")
      #expect(clock.core.bridge.artworks.count == 0)
    }
    // The limit leaves room for the rest of the line.
    #expect(BridgeDecoder.maximumArtworkCharacters < BridgeServer.Limits().maximumLineLength)
  }

  @Test("a picture cut short after its header: the placeholder, never a crash")
  func truncatedShowsThePlaceholder() throws {
    let png = try Self.bytes("cover.png")
    let cut = Data(png.prefix(png.count / 2)).base64EncodedString()
    let clock = Self.showing(artwork: #"{"data":"\#(cut)"}"#)
    #expect(N.answers(clock, from: 1.25) == [.reply(.number(3)), .reply(.number(4))])
    var composer = FrameComposer(layers: [])
    guard case .unreadable? = Self.artwork(&composer, clock) else {
      Issue.record("not the placeholder")
      return
    }
    _ = Self.artwork(&composer, clock)
    #expect(composer.artworks.decodeCount == 1, "a broken picture is not decoded each frame")
  }
}
