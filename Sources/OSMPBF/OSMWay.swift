/// An OSM way as read from a PBF file: its node references in order, and tags.
public struct OSMWay: Sendable, Equatable {
  public var id: Int64
  public var nodes: [Int64]
  public var tags: [String: String]

  public init(id: Int64, nodes: [Int64], tags: [String: String] = [:]) {
    self.id = id
    self.nodes = nodes
    self.tags = tags
  }
}
