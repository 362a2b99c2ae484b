/// Where an edge runs relative to what it crosses: on a bridge, in a tunnel, and on which
/// `layer` (OSM's relative vertical order, −5…5), so the map draws a bridge over the road it
/// crosses and a tunnel under it.
public struct EdgeStructure: Sendable, Hashable {
  public enum Kind: UInt8, Sendable, Hashable {
    case ground = 0
    case bridge = 1
    case tunnel = 2
  }

  public var kind: Kind
  /// −5…5; 0 on the ground. A bridge without a `layer` tag is at 1, a tunnel at −1.
  public var layer: Int

  public init(kind: Kind = .ground, layer: Int = 0) {
    self.kind = kind
    self.layer = max(-5, min(5, layer))
  }

  /// An ordinary road at ground level.
  public static let ground = EdgeStructure()
}
