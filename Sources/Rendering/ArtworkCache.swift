import CCairo
import Canvas
import Foundation

/// What the Now Playing screen shows where the artwork goes.
public enum Artwork: Sendable, Equatable {
  /// No artwork: a placeholder glyph.
  case none
  /// The picture, already scaled to the side the screen asked for.
  case image(PixelBuffer)
  /// The app's artwork could not be used: the placeholder, and this note under it.
  case unreadable(String)
}

/// The apps' artwork, decoded once and kept by id: PNG and JPEG bytes checked against a
/// byte and a pixel limit before decoding, decoded into a picture no larger than
/// `maximumSide`, and scaled on demand to the sides the screens draw it at.
///
/// Bounded by entries and by bytes of pixels held (the least recently used artwork goes
/// first); an artwork that could not be decoded is remembered as its error, so a broken
/// one is not decoded again each frame. Not thread-safe: one owner stores and looks up.
public final class ArtworkCache {
  public static let defaultMaximumInputBytes = 4 << 20
  public static let defaultMaximumPixels = 16_000_000

  public let maximumEntries: Int
  /// Bytes of decoded pixels held at most, all sizes of all artwork together.
  public let maximumBytes: Int
  /// The longest side kept of a decoded artwork.
  public let maximumSide: Int
  private let decoder: ArtworkDecoder

  private struct Entry {
    var base: Result<PixelBuffer, RenderingError>
    /// Scaled copies by side.
    var scaled: [Int: PixelBuffer] = [:]
    var lastUse: Int

    var bytes: Int {
      let base = (try? self.base.get()).map { $0.bytes.count } ?? 0
      return scaled.values.reduce(base) { $0 + $1.bytes.count }
    }
  }

  private var entries: [String: Entry] = [:]
  private var clock = 0
  /// Bytes of pixels held now.
  public private(set) var byteCount = 0
  /// Pictures decoded so far (each ``store(_:id:)``), to show a picture is decoded once.
  public private(set) var decodeCount = 0

  /// - Parameters:
  ///   - maximumEntries: artwork ids kept (at least 1).
  ///   - maximumBytes: bytes of decoded pixels kept (at least one picture's worth).
  ///   - maximumInputBytes: the largest artwork file accepted (4 MB).
  ///   - maximumPixels: the largest picture accepted, width × height as its file says.
  ///   - maximumSide: the longest side kept of a decoded picture.
  public init(
    maximumEntries: Int = 16, maximumBytes: Int = 8 << 20,
    maximumInputBytes: Int = ArtworkCache.defaultMaximumInputBytes,
    maximumPixels: Int = ArtworkCache.defaultMaximumPixels, maximumSide: Int = 512
  ) {
    self.maximumEntries = max(1, maximumEntries)
    self.maximumSide = max(16, min(2048, maximumSide))
    self.maximumBytes = max(maximumBytes, 4 * self.maximumSide * self.maximumSide * 2)
    decoder = ArtworkDecoder(maximumBytes: maximumInputBytes, maximumPixels: maximumPixels)
  }

  /// The number of artwork ids held (pictures and remembered errors).
  public var count: Int { entries.count }

  /// Whether artwork `id` is held (a picture or a remembered error): storing it again
  /// would decode it again.
  public func contains(id: String) -> Bool { entries[id] != nil }

  /// Checks artwork bytes as ``store(_:id:)`` would before decoding them — their size,
  /// format, header and pixel size — without decoding a pixel. Thread-safe; for a reader
  /// to refuse bad artwork where it arrives.
  ///
  /// - Throws: `RenderingError` `.imageTooLarge` or `.unreadableImage`, with a message for
  ///   the app's developer.
  public static func check(
    _ bytes: [UInt8], maximumInputBytes: Int = defaultMaximumInputBytes,
    maximumPixels: Int = defaultMaximumPixels
  ) throws(RenderingError) {
    _ = try ArtworkDecoder(maximumBytes: maximumInputBytes, maximumPixels: maximumPixels)
      .check(bytes)
  }

  /// Decodes `bytes` and keeps them under `id`, replacing what was there.
  ///
  /// A failure is kept too (the screen shows its note) and thrown.
  /// - Throws: `RenderingError` `.imageTooLarge` or `.unreadableImage` (see
  ///   `ArtworkDecoder`), with a message for the app's developer.
  public func store(_ bytes: [UInt8], id: String) throws(RenderingError) {
    remove(id: id)
    decodeCount += 1
    let result: Result<PixelBuffer, RenderingError>
    do throws(RenderingError) {
      result = .success(try decoder.decode(bytes, maximumSide: maximumSide).pixelBuffer())
    } catch {
      result = .failure(error)
    }
    clock += 1
    let entry = Entry(base: result, lastUse: clock)
    entries[id] = entry
    byteCount += entry.bytes
    trim(keeping: id)
    if case .failure(let error) = result { throw error }
  }

  /// Forgets the artwork `id`.
  public func remove(id: String) {
    if let old = entries.removeValue(forKey: id) { byteCount -= old.bytes }
  }

  /// The artwork `id` to draw in a `side` × `side` square: the picture scaled to fit it,
  /// the error's note for one that failed, `.none` for no id or one not stored.
  public func artwork(id: String?, side: Int) -> Artwork {
    guard let id, var entry = entries[id] else { return .none }
    clock += 1
    entry.lastUse = clock
    defer { entries[id] = entry }
    switch entry.base {
    case .failure(let error): return .unreadable(error.message)
    case .success(let base):
      let side = max(1, min(side, maximumSide))
      if max(base.width, base.height) <= side { return .image(base) }
      if let scaled = entry.scaled[side] { return .image(scaled) }
      guard let canvas = try? CairoCanvas(base),
        let scaled = try? ArtworkDecoder.scaled(canvas, toFit: side).pixelBuffer()
      else { return .image(base) }
      entry.scaled[side] = scaled
      byteCount += scaled.bytes.count
      entries[id] = entry
      trim(keeping: id)
      return .image(scaled)
    }
  }

  /// Drops the least recently used artwork until both bounds hold; `id` goes last (its
  /// scaled copies first).
  private func trim(keeping id: String) {
    while entries.count > maximumEntries || byteCount > maximumBytes {
      let victim = entries.filter { $0.key != id }.min { $0.value.lastUse < $1.value.lastUse }
      if let victim {
        remove(id: victim.key)
      } else if var entry = entries[id], !entry.scaled.isEmpty {
        byteCount -= entry.bytes
        entry.scaled = [:]
        byteCount += entry.bytes
        entries[id] = entry
      } else {
        return
      }
    }
  }
}
