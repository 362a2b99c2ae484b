import Foundation
import Geo
import MapImport
import Testing

@testable import Search

/// How a number asked for matches the numbers of a street: ranges with and without
/// letters, numbers written as two, and the Czech and Slovak tags that give them.
@Suite struct HouseNumberMatchTests {
  @Test func rangesHoldTheNumbersBetweenTheirEnds() {
    // The other side of the street is not in a range of one side's numbers.
    #expect(!AddressSearch.range("14-20", holds: "17"))
    #expect(AddressSearch.range("14-20", holds: "16"))
    #expect(AddressSearch.range("13-16", holds: "14"))
    #expect(AddressSearch.range("14-20", holds: "16a"))
    #expect(!AddressSearch.range("14-20", holds: "22"))
    // Lettered ends: from 13a on, to 15 (and its letters no further than written).
    #expect(AddressSearch.range("13a-15", holds: "14"))
    #expect(AddressSearch.range("13a-15", holds: "15"))
    #expect(AddressSearch.range("13a-15", holds: "13b"))
    #expect(!AddressSearch.range("13a-15", holds: "13"))
    #expect(!AddressSearch.range("13a-15", holds: "15a"))
    // A range of letters on one number.
    #expect(AddressSearch.range("32a-c", holds: "32b"))
    #expect(!AddressSearch.range("32a-c", holds: "32d"))
    // Not ranges: backwards, not numbers, three ends.
    #expect(!AddressSearch.range("20-14", holds: "16"))
    #expect(!AddressSearch.range("a-b", holds: "1"))
    #expect(!AddressSearch.range("1-2-3", holds: "2"))
    #expect(!AddressSearch.range("1-9999999", holds: "5"))
  }

  @Test func aNumberWrittenAsTwoIsFoundByEither() {
    #expect(AddressSearch.part("1234/5", is: "5"))
    #expect(AddressSearch.part("1234/5", is: "1234"))
    #expect(!AddressSearch.part("1234/5", is: "12"))
    #expect(!AddressSearch.part("5", is: "5"))
  }

  @Test func conscriptionAndStreetNumbersMakeTheNumber() throws {
    var b = AddressImportTests.streets()
    let tagged: [(Int64, [String: String])] = [
      (90, ["addr:conscriptionnumber": "1234", "addr:streetnumber": "5"]),
      (91, ["addr:conscriptionnumber": "1240"]),
      (92, ["addr:streetnumber": "9"]),
      (93, ["addr:housenumber": "11a-13"]),
    ]
    for (k, (id, tags)) in tagged.enumerated() {
      b.addNode(
        id: id, coordinate: Coordinate(latitude: 60.0002, longitude: 25.0004 + Double(k) * 3e-4),
        tags: tags.merging(["addr:street": "Testikatu", "addr:city": "Testilä"]) { $1 })
    }
    let (map, summary) = try AddressImportTests().open(b)
    #expect(summary.addresses == 4 && summary.problems == 0)
    let search = AddressSearch(map: map)
    #expect(search.results(for: "testikatu 5").first?.label == "Testikatu 1234/5, Testilä")
    #expect(search.results(for: "testikatu 1234").first?.label == "Testikatu 1234/5, Testilä")
    #expect(search.results(for: "testikatu 1240").first?.number == "1240")
    #expect(search.results(for: "testikatu 9").first?.number == "9")
    #expect(search.results(for: "testikatu 12").first?.number == "11a-13")
  }
}
