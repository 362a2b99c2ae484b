import Canvas
import Foundation
import Rendering
import Testing

@Suite struct ArtworkCacheTests {
  static let artwork = RenderingFixtures.packageRoot.appendingPathComponent(
    "Tests/Fixtures/artwork")

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: artwork.appendingPathComponent(name)))
  }

  static func image(_ a: Artwork) -> PixelBuffer? {
    if case .image(let p) = a { p } else { nil }
  }

  @Test(arguments: ["cover.png", "cover.jpg"])
  func decodesAndScales(_ name: String) throws {
    let cache = ArtworkCache()
    try cache.store(try Self.bytes(name), id: "a")
    let full = try #require(Self.image(cache.artwork(id: "a", side: 1000)))
    #expect(full.width == 300 && full.height == 300)
    let small = try #require(Self.image(cache.artwork(id: "a", side: 120)))
    #expect(small.width == 120 && small.height == 120)
    // The sun (pale yellow) at the same place in both; the hills dark below.
    let sun = small.pixel(x: 76, y: 48)
    #expect((sun >> 16) & 0xff > 230 && (sun >> 8) & 0xff > 200, "sun \(String(sun, radix: 16))")
    let hill = small.pixel(x: 60, y: 110)
    #expect((hill >> 16) & 0xff < 80, "hill \(String(hill, radix: 16))")
    #expect(cache.artwork(id: nil, side: 100) == .none)
    #expect(cache.artwork(id: "other", side: 100) == .none)
  }

  @Test func refusesWhatIsNotAnImage() throws {
    let cache = ArtworkCache()
    let text = Array("<html>not a picture</html>".utf8)
    #expect(throws: RenderingError.self) { try cache.store(text, id: "t") }
    do { try cache.store(text, id: "t") } catch {
      #expect(error.code == .unreadableImage)
      #expect(error.message.contains("not a PNG or JPEG"))
    }
    guard case .unreadable(let note) = cache.artwork(id: "t", side: 100) else {
      Issue.record("no note for a broken artwork")
      return
    }
    #expect(note.contains("not a PNG or JPEG"))
  }

  @Test(arguments: ["cover.png", "cover.jpg"])
  func truncatedFailsCleanly(_ name: String) throws {
    let cache = ArtworkCache()
    let whole = try Self.bytes(name)
    for length in [8, 20, 40, whole.count / 2] {
      do {
        try cache.store(Array(whole.prefix(length)), id: "cut")
        // A JPEG cut after its header decodes with grey below (a warning): a picture.
        #expect(Self.image(cache.artwork(id: "cut", side: 100)) != nil)
      } catch {
        #expect(error.code == .unreadableImage, "\(name) cut at \(length): \(error)")
      }
    }
  }

  @Test func refusesFiftyMegabytesUndecoded() throws {
    let cache = ArtworkCache()
    var big = try Self.bytes("cover.jpg")
    big += [UInt8](repeating: 0, count: 50 << 20)
    do {
      try cache.store(big, id: "big")
      Issue.record("50 MB accepted")
    } catch {
      #expect(error.code == .imageTooLarge)
      #expect(error.message.contains("over the 4.0 MB limit"), "\(error.message)")
    }
    #expect(cache.byteCount == 0)
  }

  @Test func refusesTooManyPixelsFromTheHeader() throws {
    // A PNG header claiming 20000×20000: refused before any pixel is allocated.
    var png = try Self.bytes("cover.png")
    png.replaceSubrange(16..<24, with: [0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20])
    let cache = ArtworkCache()
    do {
      try cache.store(png, id: "huge")
      Issue.record("20000×20000 accepted")
    } catch {
      #expect(error.code == .imageTooLarge)
      #expect(error.message.contains("20000×20000"))
    }
  }

  @Test func staysWithinItsBounds() throws {
    let png = try Self.bytes("cover.png")
    let cache = ArtworkCache(maximumEntries: 3, maximumBytes: 1 << 20, maximumSide: 300)
    for i in 0..<20 {
      try cache.store(png, id: "a\(i)")
      for side in [100, 150, 200, 250] { _ = cache.artwork(id: "a\(i)", side: side) }
      #expect(cache.count <= 3)
      #expect(cache.byteCount <= cache.maximumBytes)
    }
    // The most recent stays, the oldest went.
    #expect(Self.image(cache.artwork(id: "a19", side: 100)) != nil)
    #expect(cache.artwork(id: "a0", side: 100) == .none)
  }
}
