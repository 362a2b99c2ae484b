import Foundation
import MapFile
import Routing
import Testing

@testable import MapImport

/// An import that writes its roads and areas to a scratch file before the routing table,
/// the addresses and the hierarchy, the routing table to another before the contraction,
/// and the contraction's arcs to a third while it runs, makes the same map file as one that
/// keeps them in memory, and leaves no scratch file behind.
@Suite struct ScratchFileTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/osm")

  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("scratch-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test(arguments: ["helsinki", "harrisburg", "composed-small"])
  func theScratchFileGivesTheSameBytes(name: String) throws {
    let path = Self.fixtures.appendingPathComponent("\(name).osm.pbf").path
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let inMemory = try MapImporter().importFile(atPath: path)
    var importer = MapImporter()
    importer.scratchFolder = folder
    var spilled: RoadMapBuilder.Output? = try importer.importFile(atPath: path)
    #expect(spilled?.spilled != nil, "\(name): no scratch map written")
    #expect(spilled?.spilledRouting != nil, "\(name): no scratch routing table written")
    #expect(spilled?.content.routing == nil, "\(name): the routing table is still in memory")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
    #expect(spilled?.data == inMemory.data, "\(name)")
    var streamed = Data()
    _ = spilled?.write { (part: UnsafeRawBufferPointer) throws(Never) in
      streamed.append(contentsOf: part)
    }
    #expect(streamed == inMemory.data, "\(name)")
    #expect(spilled?.summary == inMemory.summary)
    let map = try RoadMap(data: streamed, name: name)
    try map.verify()
    spilled = nil
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test func anUnwritableFolderKeepsTheMapInMemory() throws {
    let path = Self.fixtures.appendingPathComponent("monaco.osm.pbf").path
    var importer = MapImporter()
    importer.scratchFolder = "/nonexistent-folder-\(UUID().uuidString)"
    let output = try importer.importFile(atPath: path)
    #expect(output.spilled == nil)
    #expect(output.data == (try MapImporter().importFile(atPath: path)).data)
  }
}
