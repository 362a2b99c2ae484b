import Foundation
import Geo
import MapFile
import MapImport
import Routing
import Testing

/// A map without a hierarchy routes plainly; a damaged hierarchy is found and reported,
/// and never followed into a crash or an endless search.
@Suite("Routing hierarchy in the map file")
struct HierarchyFileTests {
  static let pbf = HierarchyExactnessTests.folder.appendingPathComponent("monaco.osm.pbf").path

  /// Where section `tag` lies in the file: byte offset and length.
  static func section(_ tag: String, in data: Data) -> Range<Int>? {
    func u32(_ at: Int) -> Int {
      Int(data.subdata(in: at..<at + 4).withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
    }
    func u64(_ at: Int) -> Int {
      Int(data.subdata(in: at..<at + 8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
    }
    let code = tag.utf8.reversed().reduce(0) { $0 << 8 | Int($1) }
    for i in 0..<u32(12) {
      let entry = 32 + i * 24
      if u32(entry) == code {
        let offset = u64(entry + 8)
        return offset..<offset + u64(entry + 16) * u32(entry + 4)
      }
    }
    return nil
  }

  /// Routes between fixed-seed pairs of `map`'s nodes, through whatever hierarchy it has;
  /// the durations, nil where there is no route.
  static func durations(_ map: RoadMap, usingHierarchy: Bool = true, count: Int = 200)
    -> [Double?]
  {
    let router = Router(graph: map, usingHierarchy: usingHierarchy)
    var random = SplitMix64(seed: 3)
    return (0..<count).map { _ in
      let a = map.coordinate(ofNode: Int.random(in: 0..<map.nodeCount, using: &random))
      let b = map.coordinate(ofNode: Int.random(in: 0..<map.nodeCount, using: &random))
      return (try? router.paths(from: a, to: b).first)?.duration
    }
  }

  @Test func aMapWithoutAHierarchyRoutesPlainly() throws {
    let data = try MapImporter(hierarchy: false).importFile(atPath: Self.pbf).data
    #expect(Self.section("CHAR", in: data) == nil)
    let map = try RoadMap(data: data, name: "monaco")
    #expect(map.hierarchy == nil)
    #expect(!Router(graph: map).usesHierarchy)
    try map.verify()
    let with = try RoadMap(data: try MapImporter().importFile(atPath: Self.pbf).data)
    #expect(Router(graph: with).usesHierarchy)
    // The same routes, to within the weights' rounding.
    for (a, b) in zip(Self.durations(map), Self.durations(with)) {
      #expect((a == nil) == (b == nil))
      if let a, let b { #expect(abs(a - b) < 0.05) }
    }
  }

  @Test func aHierarchyThatDoesNotFitIsReportedAndLeftAside() throws {
    var data = try MapImporter().importFile(atPath: Self.pbf).data
    let meta = try #require(Self.section("CHMT", in: data))
    // The node count says another map's.
    data[meta.lowerBound + 4] ^= 0x01
    let map = try RoadMap(data: data, name: "monaco")
    guard case .failure(let problem)? = map.hierarchy else {
      Issue.record("a hierarchy of another map was taken")
      return
    }
    #expect(problem.description.contains("does not fit a map"), "\(problem)")
    #expect(!Router(graph: map).usesHierarchy)
    #expect(throws: RoutingError.self) { try map.verify() }
    #expect(Self.durations(map).contains { $0 != nil })
  }

  @Test func damagedArcsNeverCrashAndAreCaughtByVerify() throws {
    let clean = try MapImporter().importFile(atPath: Self.pbf).data
    let arcs = try #require(Self.section("CHAR", in: clean))
    let index = try #require(Self.section("CHNX", in: clean))
    let reference = Self.durations(try RoadMap(data: clean), usingHierarchy: false, count: 60)
    var random = SplitMix64(seed: 41)
    for round in 0..<12 {
      var data = clean
      // Random bytes of the arcs and the index overwritten: nodes, weights, middles, starts.
      for _ in 0..<(1 + round * 8) {
        let range = Bool.random(using: &random) ? arcs : index
        data[Int.random(in: range, using: &random)] = UInt8.random(in: 0...255, using: &random)
      }
      let map = try RoadMap(data: data, name: "damaged")
      #expect(throws: RoutingError.self) { try map.verify() }
      let found = Self.durations(map, count: 60)
      // Every pair the plain search routes still gets a route (a path of the road graph:
      // the router checks each against it).
      for (got, want) in zip(found, reference) {
        #expect((got == nil) == (want == nil), "round \(round)")
      }
    }
  }
}
