/// The artwork bridge apps sent, as bytes by content key, for the frame composer to decode
/// (once: its cache is keyed the same) when a Now Playing screen shows it; and the names
/// apps gave their pictures.
///
/// Bounded: the ``maximumEntries`` pictures used last (at most 750,000 bytes each, the
/// bridge's limit), and ``maximumNames`` names. A name whose picture was dropped is
/// forgotten with it: the app sends the bytes again.
public struct BridgeArtworkStore: Sendable {
  public static let maximumEntries = 8
  public static let maximumNames = 32

  /// An app's name for a picture.
  struct Name: Hashable, Sendable {
    var client: BridgeClientID
    var id: String
  }

  /// Content keys, the one used last at the end.
  private var order: [String] = []
  private var pictures: [String: [UInt8]] = [:]
  /// Names and the content key each names, the one used last at the end.
  private var names: [(name: Name, key: String)] = []

  public init() {}

  /// The bytes of the picture `key`; nil for one not held.
  public func bytes(for key: String) -> [UInt8]? { pictures[key] }

  /// Pictures held.
  public var count: Int { order.count }

  /// Keeps what `client` sent (bytes under their content key, and its name for them) and
  /// returns the picture's key; for a name alone, the key it names — nil when the app sent
  /// no picture under that name (or it was dropped since).
  mutating func keep(_ artwork: BridgeArtwork, from client: BridgeClientID) -> String? {
    let name = artwork.id.map { Name(client: client, id: $0) }
    let key: String
    if let bytes = artwork.bytes, let content = artwork.key {
      key = content
      if pictures[key] == nil { pictures[key] = bytes }
    } else if let name, let known = names.last(where: { $0.name == name })?.key {
      key = known
    } else {
      return nil
    }
    order.removeAll { $0 == key }
    order.append(key)
    if let name {
      names.removeAll { $0.name == name }
      names.append((name, key))
    }
    while order.count > Self.maximumEntries {
      let dropped = order.removeFirst()
      pictures[dropped] = nil
      names.removeAll { $0.key == dropped }
    }
    if names.count > Self.maximumNames { names.removeFirst(names.count - Self.maximumNames) }
    return key
  }
}
