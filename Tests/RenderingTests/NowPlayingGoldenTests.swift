import Foundation
import Navigation
import Rendering
import Templates
import Testing

/// The Now Playing screen (with and without artwork) and the strip on the map, compared
/// with golden images checked by eye once (`UPDATE_GOLDENS=1` rewrites them).
@Suite struct NowPlayingGoldenTests {
  static let sizes = [ScreenSize.standard, ScreenSize(width: 480, height: 320)]
  static let cases: [(String, ScreenSize, String)] =
    ["art", "noart", "strip"].flatMap { name in
      sizes.flatMap { size in ["day", "night"].map { (name, size, $0) } }
    } + [("noart-de", .standard, "day"), ("noart-zh", ScreenSize(width: 480, height: 320), "day")]

  static func playing(artworkID: String?) throws -> NowPlayingTemplate {
    try NowPlayingTemplate(
      title: "Harbour Lights at Midnight (Extended Mix)", artist: "The Kallio Orchestra",
      album: "Songs from the Esplanadi", artworkID: artworkID, elapsed: 95, duration: 263,
      rate: 1, shuffle: .songs, repeatMode: .one, buttons: .all)
  }

  @Test(arguments: cases)
  func screen(_ name: String, _ size: ScreenSize, _ themeName: String) throws {
    let theme = Theme.named(themeName)!
    let golden = "nowplaying-\(name)-\(size)-\(themeName).png"
    if name == "strip" {
      var scene = try TemplateFixtures.driving(size, theme)
      scene.nowPlaying = NowPlayingStrip(try Self.playing(artworkID: nil))
      let renderer = try NavigationRenderer(size: size)
      renderer.render(scene)
      try GoldenImageTests.compare(renderer.pixelBuffer(), golden: golden)
      return
    }
    let cache = ArtworkCache()
    try cache.store(try ArtworkCacheTests.bytes("cover.jpg"), id: "cover")
    let side = TemplateLayout(size: size).nowPlayingArtworkSide
    let artwork: Artwork =
      name == "art"
      ? cache.artwork(id: "cover", side: side)
      : .unreadable("artwork of 52.0 MB is over the 4.0 MB limit: send it smaller")
    var scene = TemplateScene(
      size: size, theme: theme,
      content: .nowPlaying(try Self.playing(artworkID: "cover"), artwork: artwork),
      backTitle: "Music", focusedID: NowPlayingTemplate.Control.playPause.elementID)
    // The header and the note on unusable artwork are the unit's words, in its language.
    if let language = name.split(separator: "-").dropFirst().first {
      scene.text = try ScreenText(language: String(language))
    }
    let renderer = try TemplateRenderer(size: size)
    renderer.render(scene)
    try GoldenImageTests.compare(renderer.pixelBuffer(), golden: golden)
  }

  @Test(arguments: ScreenSize.all + [ScreenSize(width: 480, height: 320)])
  func stripNeverCoversTheCards(_ size: ScreenSize) {
    let layout = NavigationLayout(size: size)
    let strip = layout.nowPlayingStrip
    #expect(!strip.isEmpty, "no strip at \(size)")
    for part in [layout.card, layout.secondary, layout.estimates, layout.status] + layout.mapButtons
    {
      #expect(!strip.intersects(part), "strip \(strip) over \(part) at \(size)")
    }
  }

  @Test(arguments: ScreenSize.all)
  func drawsAtOtherSizes(_ size: ScreenSize) throws {
    let renderer = try TemplateRenderer(size: size)
    let targets = renderer.render(
      TemplateScene(
        size: size, theme: .day,
        content: .nowPlaying(try Self.playing(artworkID: nil), artwork: .none)))
    let ids = Set(targets.map(\.id))
    for control in NowPlayingTemplate.Control.allCases {
      #expect(ids.contains(control.elementID), "\(control) missing at \(size)")
    }
    for t in targets {
      #expect(t.rect.minX >= 0 && t.rect.maxX <= Double(size.width), "\(t.id) off screen")
      #expect(t.rect.minY >= 0 && t.rect.maxY <= Double(size.height), "\(t.id) off screen")
    }
  }
}
