import Foundation
import Geo
import MapImport
import Testing

@testable import MapFile
@testable import Routing

/// The routing table stored in the map file: the same routes as one built when the map
/// opens, a table that does not fit left aside, damage never followed into a crash or an
/// endless search.
@Suite("Routing table in the map file")
struct RoutingTableFileTests {
  static let pbf = HierarchyFileTests.pbf

  /// `data` with section `tag`'s table entry renamed to one no reader knows: the file as a
  /// program that did not write the section would have it.
  static func hiding(_ tag: String, in data: Data) -> Data {
    var data = data
    let code = tag.utf8.reversed().reduce(0) { $0 << 8 | Int($1) }
    let count = data.subdata(in: 12..<16).withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
    for i in 0..<count {
      let entry = 32 + i * 24
      let stored = data.subdata(in: entry..<entry + 4).withUnsafeBytes {
        Int($0.loadUnaligned(as: UInt32.self))
      }
      if stored == code { data[entry] = UInt8(ascii: "x") }
    }
    return data
  }

  @Test func aMapWithoutTheTableRoutesTheSame() throws {
    let data = try MapImporter().importFile(atPath: Self.pbf).data
    #expect(HierarchyFileTests.section("RTED", in: data) != nil)
    let stored = try RoadMap(data: data, name: "monaco")
    let built = try RoadMap(data: Self.hiding("RTMT", in: data), name: "monaco, no table")
    #expect(stored.hasRoutingTable)
    #expect(!built.hasRoutingTable)
    for hierarchy in [true, false] {
      let a = HierarchyFileTests.durations(stored, usingHierarchy: hierarchy)
      let b = HierarchyFileTests.durations(built, usingHierarchy: hierarchy)
      #expect(a == b, "hierarchy \(hierarchy)")
      #expect(a.compactMap { $0 }.count >= 150)
    }
  }

  @Test func aTableThatDoesNotFitIsLeftAside() throws {
    var data = try MapImporter().importFile(atPath: Self.pbf).data
    let meta = try #require(HierarchyFileTests.section("RTMT", in: data))
    data[meta.lowerBound + 4] ^= 0x01  // another map's edge count
    let map = try RoadMap(data: data, name: "monaco")
    #expect(!map.hasRoutingTable)
    do {
      try map.verify()
      Issue.record("verify took a routing table of another map")
    } catch {
      #expect(error.section == "RTMT" || error.section == "header", "\(error)")
    }
    let clean = try RoadMap(data: try MapImporter().importFile(atPath: Self.pbf).data)
    #expect(HierarchyFileTests.durations(map) == HierarchyFileTests.durations(clean))
  }

  /// Random bytes over each section of the table: routes come back (wrong ones, maybe) in
  /// bounded time, and `verify()` names the section (the file's checksum made to match).
  @Test(arguments: ["RTED", "RTND", "RTRS"])
  func damageNeverCrashesAndIsCaughtByVerify(_ tag: String) throws {
    // Helsinki: Monaco has no turn restrictions.
    let pbf = HierarchyExactnessTests.folder.appendingPathComponent("helsinki.osm.pbf").path
    let clean = try MapImporter().importFile(atPath: pbf).data
    let range = try #require(HierarchyFileTests.section(tag, in: clean))
    try #require(!range.isEmpty, "Helsinki has records in \(tag)")
    var random = SplitMix64(seed: 7)
    for round in 0..<4 {
      var data = clean
      for _ in 0..<max(8, range.count / 50) {
        data[Int.random(in: range, using: &random)] = UInt8.random(in: 0...255, using: &random)
      }
      // The file's checksum made to match, so that only the table's check can see it.
      let crc = data.withUnsafeBytes {
        CRC32.checksum(of: UnsafeRawBufferPointer(rebasing: $0[32...]))
      }
      for i in 0..<4 { data[16 + i] = UInt8(crc >> (8 * UInt32(i)) & 0xFF) }
      let map = try RoadMap(data: data, name: "helsinki, damaged \(tag) \(round)")
      #expect(map.hasRoutingTable)
      do {
        try map.verify()
        Issue.record("verify passed a damaged \(tag)")
      } catch {
        #expect(error.section == tag, "\(error)")
      }
      for hierarchy in [true, false] {
        _ = HierarchyFileTests.durations(map, usingHierarchy: hierarchy, count: 40)
      }
    }
  }
}
