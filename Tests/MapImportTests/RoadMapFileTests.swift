import Foundation
import Geo
import Testing

@testable import MapFile
@testable import MapImport
@testable import Routing

@Suite struct RoadMapFileTests {
  let data = SyntheticNetwork.builder.build().data

  func openError(_ data: Data) -> RoutingError? {
    do {
      _ = try RoadMap(data: data, name: "test.map")
      return nil
    } catch {
      return error
    }
  }

  /// Byte offset of section `tag`'s entry in the table.
  func entry(_ section: MapFileLayout.Section) throws -> Int {
    let count = Int(data[12])
    for i in 0..<count {
      let offset = 32 + i * 24
      let tag = data[offset..<offset + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      if tag == section.tag { return offset }
    }
    throw RoutingError(.malformed, "no \(section.rawValue)")
  }

  func patch(_ offset: Int, _ value: UInt64, bytes: Int) -> Data {
    var copy = data
    for i in 0..<bytes { copy[offset + i] = UInt8(value >> (8 * UInt64(i)) & 0xFF) }
    return copy
  }

  @Test func header() throws {
    let short = try #require(openError(data.prefix(20)))
    #expect(short.code == .truncated && short.section == "header")
    #expect(short.description.hasPrefix("test.map: section header: "))
    var magic = data
    magic[0] = UInt8(ascii: "X")
    #expect(openError(magic)?.section == "header")
    let version = try #require(openError(patch(8, 4, bytes: 4)))
    #expect(version.code == .unsupported)
    #expect(version.message.contains("import the map again"))
    #expect(openError(patch(12, 10_000, bytes: 4))?.section == "header")
  }

  @Test(arguments: MapFileLayout.Section.allCases.filter { !$0.isOptional })
  func sectionBoundsAndRecordSizes(section: MapFileLayout.Section) throws {
    let at = try entry(section)
    let pastEnd = try #require(openError(patch(at + 8, UInt64(data.count - 4), bytes: 8)))
    #expect(pastEnd.section == section.rawValue)
    #expect(pastEnd.code == .truncated)
    let hugeCount = try #require(openError(patch(at + 16, UInt64.max / 2, bytes: 8)))
    #expect(hugeCount.section == section.rawValue)
    let recordSize = try #require(openError(patch(at + 4, 3, bytes: 4)))
    #expect(recordSize.section == section.rawValue)
    #expect(recordSize.message.contains("record size"))
    let missing = try #require(openError(patch(at, 0x5858_5858, bytes: 4)))
    #expect(missing.section == section.rawValue)
    #expect(missing.message.contains("missing"))
  }

  @Test func countsThatTieSectionsTogether() throws {
    let outx = try entry(.outgoingIndex)
    let fewer = Int(data[outx + 16]) - 1
    let error = try #require(openError(patch(outx + 16, UInt64(fewer), bytes: 8)))
    #expect(error.section == "OUTX")
    let edges = try entry(.edges)
    let edgeCount = Int(data[edges + 16]) - 1
    let short = try #require(openError(patch(edges + 16, UInt64(edgeCount), bytes: 8)))
    #expect(short.section == "OUTX" || short.section == "EDGE")
  }

  @Test func truncationsAlwaysFailToOpen() {
    var random = SplitMix64(seed: 9)
    for _ in 0..<100 {
      let length = Int.random(in: 0..<data.count, using: &random)
      let error = openError(data.prefix(length))
      #expect(error != nil, "truncated at \(length)")
      #expect(error?.section != nil)
    }
  }

  @Test func flippedBytesAreCaughtByVerifyAndNeverCrashReads() throws {
    var random = SplitMix64(seed: 10)
    var caught = 0
    for _ in 0..<300 {
      var corrupt = data
      let i = Int.random(in: 32..<corrupt.count, using: &random)
      corrupt[i] ^= UInt8.random(in: 1...255, using: &random)
      guard let map = try? RoadMap(data: corrupt, name: "test.map") else {
        caught += 1
        continue
      }
      do {
        try map.verify()
        Issue.record("a flip at \(i) passed verify()")
      } catch {
        caught += 1
        #expect(error.file == "test.map" && error.section != nil)
      }
      // Reading a damaged map gives wrong answers, never a crash.
      for node in 0..<map.nodeCount {
        _ = map.coordinate(ofNode: node)
        _ = map.outgoing(from: node)
        _ = map.incoming(to: node)
        _ = map.restrictions(at: node)
      }
      for id in 0..<map.edgeCount {
        _ = map.edge(id)
        _ = map.geometry(ofEdge: id)
      }
      _ = map.places
      _ = map.edges(near: Coordinate(latitude: 60.17, longitude: 24.945), radius: 500)
    }
    #expect(caught == 300)
  }

  @Test func opensFromAFileWithMmap() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roadmap-\(UUID().uuidString).map")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let map = try RoadMap(contentsOf: url)
    #expect(map.fileSize == data.count)
    #expect(map.edgeCount == 16)
    try map.verify()
    var missing: RoutingError?
    do {
      _ = try RoadMap(contentsOf: url.appendingPathExtension("nope"))
    } catch {
      missing = error
    }
    #expect(missing?.code == .unreadable)
    #expect(missing?.file?.hasSuffix(".nope") == true)
  }

  @Test func emptyBuilderGivesAnEmptyButValidMap() throws {
    let map = try RoadMapBuilder().map()
    #expect(map.nodeCount == 0 && map.edgeCount == 0)
    #expect(map.edges(near: Coordinate(latitude: 0, longitude: 0), radius: 100).isEmpty)
    try map.verify()
  }

  /// Two short roads on opposite sides of the world: the spatial index grows with the
  /// roads, not with the box around them (a 1.7 KB extract once made a 15 MB map).
  @Test func farApartRoadsKeepASmallIndex() throws {
    var builder = RoadMapBuilder()
    let ends = [(1, 60.17, 24.94), (2, 60.171, 24.94), (3, -33.86, 151.2), (4, -33.861, 151.2)]
    for (id, latitude, longitude) in ends {
      builder.addNode(
        id: Int64(id), coordinate: Coordinate(latitude: latitude, longitude: longitude))
    }
    builder.addWay(id: 10, nodes: [1, 2], tags: ["highway": "residential"])
    builder.addWay(id: 11, nodes: [3, 4], tags: ["highway": "residential"])
    let output = builder.build()
    #expect(output.data.count < 64 * 1024, "\(output.data.count) bytes")
    let map = try RoadMap(data: output.data, name: "far.map")
    try map.verify()
    #expect(!map.edges(near: Coordinate(latitude: 60.1705, longitude: 24.94), radius: 50).isEmpty)
    #expect(!map.edges(near: Coordinate(latitude: -33.8605, longitude: 151.2), radius: 50).isEmpty)
    #expect(map.edges(near: Coordinate(latitude: 0, longitude: 0), radius: 50).isEmpty)
  }
}
