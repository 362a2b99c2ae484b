/// An OSM relation as read from a PBF file: typed, role-carrying members, and tags.
public struct OSMRelation: Sendable, Equatable {
  /// What a member refers to.
  public enum MemberType: Int, Sendable {
    case node = 0
    case way = 1
    case relation = 2
  }

  /// One member: `type` `ref` in `role` (`from`, `via`, `to` for restrictions).
  public struct Member: Sendable, Equatable {
    public var type: MemberType
    public var ref: Int64
    public var role: String

    public init(type: MemberType, ref: Int64, role: String) {
      self.type = type
      self.ref = ref
      self.role = role
    }
  }

  public var id: Int64
  public var members: [Member]
  public var tags: [String: String]

  public init(id: Int64, members: [Member], tags: [String: String] = [:]) {
    self.id = id
    self.members = members
    self.tags = tags
  }
}
