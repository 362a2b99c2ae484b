import Foundation
import Geo
import MapImport
import Search
import Testing

@testable import MapFile
@testable import Routing

/// The address sections in the file: read back, checked by `verify()`, damaged without a
/// crash, absent from older maps.
@Suite struct AddressFileTests {
  /// A small map with a node address, an interpolation, a postcode and a city.
  static func data() -> Data {
    var b = AddressImportTests.streets()
    b.addNode(
      id: 10, coordinate: Coordinate(latitude: 60.0002, longitude: 25.0004),
      tags: AddressImportTests.address("1").merging(["addr:postcode": "00100"]) { $1 })
    b.addNode(
      id: 11, coordinate: Coordinate(latitude: 60.0002, longitude: 25.0016),
      tags: AddressImportTests.address("7"))
    b.addWay(id: 10, nodes: [10, 11], tags: ["addr:interpolation": "odd"])
    return b.build().data
  }

  /// The byte offset of `section`'s first record.
  static func offset(of section: MapFileLayout.Section, in data: Data) -> Int? {
    let count = Int(data[12])
    for i in 0..<count {
      let entry = 32 + i * 24
      let tag = data[entry..<entry + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      if tag == section.tag {
        return data[(entry + 8)..<(entry + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
      }
    }
    return nil
  }

  /// `data` with the UInt32 at `offset` replaced, and the checksum made to match (so that
  /// `verify()` looks past it).
  static func patched(_ data: Data, at offset: Int, _ value: UInt32) -> Data {
    var copy = data
    for i in 0..<4 { copy[offset + i] = UInt8(value >> (8 * UInt32(i)) & 0xFF) }
    let crc = copy.withUnsafeBytes {
      CRC32.checksum(of: UnsafeRawBufferPointer(rebasing: $0[32...]))
    }
    for i in 0..<4 { copy[16 + i] = UInt8(crc >> (8 * UInt32(i)) & 0xFF) }
    return copy
  }

  @Test func addressesRoundTripThroughTheFile() throws {
    let map = try RoadMap(data: Self.data())
    try map.verify()
    #expect(map.version == 3)
    #expect(map.addressCount == 4 && map.zoneCount == 2)
    let search = AddressSearch(map: map)
    #expect(search.results(for: "testikatu 3").first?.label == "Testikatu 3, 00100 Testilä")
    #expect(search.results(for: "00100").first?.label == "00100 Testilä")
    #expect(Data(Self.data()) == Self.data())
    #expect(Self.data().count <= 8 * 1024, "small enough to seed the map fuzzer")
  }

  @Test(arguments: [
    (MapFileLayout.Section.addresses, 24, "ADDR"), (.addresses, 0, "ADDR"), (.streets, 8, "STRT"),
    (.zones, 4, "ZONE"), (.searchKeys, 8, "SKEY"), (.searchKeys, 4, "SKEY"),
  ])
  func aDamagedRecordIsRejectedByVerifyAndReadsWithoutACrash(
    _ section: MapFileLayout.Section, field: Int, tag: String
  ) throws {
    let data = Self.data()
    let start = try #require(Self.offset(of: section, in: data))
    let damaged = Self.patched(data, at: start + field, 0x7FFF_FFF0)
    let map = try RoadMap(data: damaged, name: "damaged.map")
    do {
      try map.verify()
      Issue.record("a damaged \(tag) record verified")
    } catch {
      #expect(error.section == tag, "\(error)")
    }
    let search = AddressSearch(map: map)
    for query in ["testikatu 1", "testikatu 3", "00100", "t", "1 t"] {
      _ = search.results(for: query)
      _ = search.nextLetters(after: query)
    }
    for i in 0..<map.addressCount { _ = map.address(i) }
    for i in 0..<map.streetCount { _ = search.houseNumbers(onStreet: i) }
  }

  @Test func aMapWithoutAddressesOpensAndFindsNone() throws {
    var b = RoadMapBuilder()
    b.addNode(id: 1, coordinate: Coordinate(latitude: 60, longitude: 25))
    b.addNode(id: 2, coordinate: Coordinate(latitude: 60.001, longitude: 25))
    b.addWay(id: 1, nodes: [1, 2], tags: ["highway": "service"])
    // A version-2 file: the same layout, without the address sections.
    let old = Self.patched(b.build().data, at: 8, 2)
    let map = try RoadMap(data: old, name: "old.map")
    #expect(map.version == 2 && map.addressCount == 0 && map.streetCount == 0)
    #expect(AddressSearch(map: map).results(for: "a").isEmpty)
    #expect(AddressSearch(map: map).nextLetters(after: "").isEmpty)
  }
}
