/// Artwork an audio app sent with `updateNowPlaying`: a picture's bytes (checked where
/// they arrived: base64, a PNG or JPEG whose header is within the limits), the app's own
/// id for it, or both — an id alone names artwork the app sent before.
public struct BridgeArtwork: Sendable, Equatable {
  /// The app's name for the picture, to send it once and name it after.
  public var id: String?
  /// The picture, PNG or JPEG; nil when only ``id`` names it.
  public var bytes: [UInt8]?
  /// The bytes' content key ("fnv1a64-…-N"): the same bytes, whoever sends them, are one
  /// picture, decoded once.
  public let key: String?

  public init(id: String?, bytes: [UInt8]?) {
    self.id = id
    self.bytes = bytes
    key = bytes.map(Self.contentKey)
  }

  /// A 64-bit FNV-1a digest of `bytes` and their count. Not a cryptographic hash: it
  /// tells apart the pictures of the apps a unit trusts, it does not resist forgery.
  static func contentKey(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "fnv1a64-" + String(repeating: "0", count: 16 - hex.count) + hex + "-\(bytes.count)"
  }
}
