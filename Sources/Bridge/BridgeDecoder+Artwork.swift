import Core
import Foundation
import JSON
import Rendering

extension BridgeDecoder {
  /// The most base64 characters of artwork read: 1,000,000 (750,000 bytes of picture),
  /// so a Now Playing line with its artwork stays under the bridge's 1 MiB line limit
  /// (`BridgeServer.Limits.maximumLineLength`) with room for the rest of it.
  public static let maximumArtworkCharacters = 1_000_000
  /// The longest artwork id read, in characters.
  public static let maximumArtworkIDLength = 200

  /// The `artwork` of a Now Playing object, nil when absent or null:
  ///
  ///     {"id": "cover-17", "data": "iVBORw0KGgo…"}
  ///
  /// `data` is a PNG or JPEG picture in base64 (RFC 4648, with padding, no line breaks),
  /// checked here as the artwork cache checks it before decoding — format, size and the
  /// pixel size in its header — so a bad one is an error at its path and never reaches the
  /// screen. `id` is the app's name for the picture: with `data`, it names it; alone, it
  /// shows the picture sent before under that name.
  static func artwork(in nowPlaying: JSONNode) throws(JSONError) -> BridgeArtwork? {
    let members = try nowPlaying.object(keys: nowPlayingKeys)
    guard let node = members["artwork"]?.nonNull else { return nil }
    let f = BridgeFields(node, try node.object(keys: ["id", "data"]), what: "artwork")
    let id = try f["id"]?.nonEmptyString()
    if let id, id.count > maximumArtworkIDLength, let idNode = f["id"] {
      throw idNode.error(
        expected: "an id of at most \(maximumArtworkIDLength) characters", code: .outOfRange)
    }
    guard let dataNode = f["data"] else {
      guard id != nil else {
        throw node.error(
          "expected \"data\" (a base64 PNG or JPEG), \"id\" (one sent before), or both")
      }
      return BridgeArtwork(id: id, bytes: nil)
    }
    let text = try dataNode.nonEmptyString()
    guard text.utf8.count <= maximumArtworkCharacters else {
      throw dataNode.error(
        "expected at most \(maximumArtworkCharacters) base64 characters (750,000 bytes of "
          + "picture; a line is at most 1 MiB), got \(text.utf8.count): send it smaller "
          + "(a few hundred pixels a side is plenty)")
    }
    guard let data = Data(base64Encoded: text) else {
      throw dataNode.error(
        "expected base64 (A–Z, a–z, 0–9, + and /, padded with =, no line breaks)")
    }
    let bytes = [UInt8](data)
    do throws(RenderingError) {
      try ArtworkCache.check(bytes)
    } catch {
      throw dataNode.error(error.message)
    }
    return BridgeArtwork(id: id, bytes: bytes)
  }
}
