import Navigation
import Routing

extension RoadMap {
  /// The signpost at the start of edge `id` (`SIGN`), nil when it has none. O(log
  /// signposts): a binary search over the records sorted by edge.
  public func signpost(ofEdge id: Int) -> Signpost? {
    precondition(id >= 0 && id < edgeCount, "edge \(id) out of range")
    let lo = firstRecord(in: signpostRecords, byUInt32At: 0, atLeast: id)
    guard lo < signpostRecords.count, Int(field(signpostRecords, lo, 0, UInt32.self)) == id
    else { return nil }
    func list(_ offset: Int) -> [String] {
      (string(field(signpostRecords, lo, offset, UInt32.self)) ?? "")
        .split(separator: ";").map(String.init)
    }
    let sign = Signpost(exits: list(4), refs: list(8), destinations: list(12))
    return sign.isEmpty ? nil : sign
  }

  /// How many edges carry a signpost.
  public var signpostCount: Int { signpostRecords.count }
}
