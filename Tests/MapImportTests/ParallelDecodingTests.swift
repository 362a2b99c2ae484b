import Foundation
import Routing
import Testing

@testable import MapImport
@testable import OSMPBF

/// Blobs decoded on several threads make the same map as blobs decoded one by one.
@Suite struct ParallelDecodingTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/osm")

  @Test(arguments: ["helsinki", "monaco", "krems"])
  func threadsGiveTheSameBytesAsOne(name: String) throws {
    let path = Self.fixtures.appendingPathComponent("\(name).osm.pbf").path
    let sequential = try MapImporter(hierarchy: false, decodingThreads: 1).importFile(atPath: path)
    for threads in [2, 3] {
      let parallel = try MapImporter(hierarchy: false, decodingThreads: threads)
        .importFile(atPath: path)
      #expect(parallel.data == sequential.data, "\(name), \(threads) threads")
      #expect(parallel.summary == sequential.summary)
    }
  }

  @Test func progressCountsEveryBlobInOrder() throws {
    let path = Self.fixtures.appendingPathComponent("helsinki.osm.pbf").path
    var seen: [MapImporter.Progress] = []
    _ = try MapImporter(hierarchy: false, decodingThreads: 2).importFile(atPath: path) {
      seen.append($0)
    }
    for phase in [MapImporter.Progress.Phase.ways, .nodes] {
      let done = seen.filter { $0.phase == phase }.map(\.done)
      #expect(!done.isEmpty)
      #expect(done == Array(1...done.count), "\(phase)")
      #expect(seen.filter { $0.phase == phase }.allSatisfy { $0.total == done.count })
    }
  }

  @Test func aCorruptBlobIsReportedAsWithOneThread() throws {
    let path = Self.fixtures.appendingPathComponent("monaco.osm.pbf").path
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    // Flip bytes in the middle of the file, inside some blob's compressed data.
    for i in stride(from: bytes.count / 2, to: bytes.count / 2 + 64, by: 1) { bytes[i] ^= 0x5A }
    func failure(threads: Int) -> String? {
      do {
        let file = try PBFFile(data: bytes, name: "monaco")
        _ = try MapImporter(hierarchy: false, decodingThreads: threads).importPBF(file)
        return nil
      } catch {
        return "\(error)"
      }
    }
    let one = failure(threads: 1)
    #expect(one != nil)
    #expect(failure(threads: 2) == one)
  }
}

/// The flat tables that stand for dictionaries and sets in the importer.
@Suite struct FlatTableTests {
  @Test func nodeCoordinatesKeepTheLastPositionOfAnID() {
    var table = NodeCoordinates()
    for (id, lat) in [(5, 1), (3, 2), (5, 3), (9, 4), (3, 5)] as [(Int64, Int32)] {
      table.set(id, latitude: lat, longitude: -lat)
    }
    #expect(!table.isSorted)
    table.sort()
    #expect(table.ids == [3, 5, 9])
    #expect(table[3]! == (5, -5))
    #expect(table[5]! == (3, -3))
    #expect(table[4] == nil)
  }

  @Test func sortedIDsDropRepeats() {
    let ids = SortedIDs([7, 1, 7, 3, 1, 1])
    #expect(ids.ids == [1, 3, 7])
    #expect(ids.index(of: 7) == 2)
    #expect(!ids.contains(2))
    #expect(SortedIDs([]).isEmpty)
  }
}
