/// An OSM node as read from a PBF file: position in 1e-7 degrees, and tags.
public struct OSMNode: Sendable, Equatable {
  public var id: Int64
  public var latitudeE7: Int32
  public var longitudeE7: Int32
  public var tags: [String: String]

  public init(id: Int64, latitudeE7: Int32, longitudeE7: Int32, tags: [String: String] = [:]) {
    self.id = id
    self.latitudeE7 = latitudeE7
    self.longitudeE7 = longitudeE7
    self.tags = tags
  }
}
