import Foundation
import Geo
import MapFile
import OSMPBF
import Routing
import Testing

@testable import Search

/// What the real extracts' data has besides plain address nodes: entrances, interpolation
/// ways, postcodes, cities, every named road; and the speller's questions.
@Suite struct RealExtractDataTests {
  @Test func aBuildingWithAnEntranceLeadsToIt() throws {
    let helsinki = try Extract.named("helsinki")
    // Buildings of the data with an address and an entrance=main|yes node on their outline.
    let buildings = helsinki.ways.filter {
      $0.tags["addr:housenumber"] != nil && $0.tags["addr:street"] != nil
        && !$0.tags["addr:housenumber"]!.contains(";")
    }.compactMap { way -> (OSMWayInfo)? in
      let doors = way.nodes.filter {
        ["main", "yes"].contains(helsinki.nodes[$0]?.tags["entrance"] ?? "")
      }
      guard !doors.isEmpty else { return nil }
      return OSMWayInfo(
        street: way.tags["addr:street"]!, number: way.tags["addr:housenumber"]!, doors: doors)
    }
    #expect(buildings.count >= 5)
    var used = 0
    for building in buildings
    where helsinki.matchingAddresses(street: building.street, number: building.number).count == 1 {
      let result = try #require(
        helsinki.search.results(for: "\(building.street) \(building.number)").first)
      let nearestDoor = building.doors.compactMap(helsinki.coordinate).map {
        Earth.distance($0, result.coordinate)
      }.min()
      #expect((nearestDoor ?? .infinity) < 0.1, "\(result.label) is not at its entrance")
      used += 1
    }
    #expect(used >= 5)
  }

  struct OSMWayInfo {
    var street: String
    var number: String
    var doors: [Int64]
  }

  @Test func harrisburgsInterpolatedNumbersAppear() throws {
    let harrisburg = try Extract.named("harrisburg")
    #expect(harrisburg.summary.addresses.interpolated > 0)
    var checked = 0
    for way in harrisburg.ways where way.tags["addr:interpolation"] != nil {
      guard let a = way.nodes.first.flatMap({ harrisburg.nodes[$0]?.tags }),
        let b = way.nodes.last.flatMap({ harrisburg.nodes[$0]?.tags }),
        let x = a["addr:housenumber"].flatMap(Int.init),
        let y = b["addr:housenumber"].flatMap(Int.init),
        let street = way.tags["addr:street"] ?? a["addr:street"], abs(y - x) > 2
      else { continue }
      let step = way.tags["addr:interpolation"] == "all" ? 1 : 2
      let middle = min(x, y) + (abs(y - x) / 2 / step) * step
      let result = try #require(harrisburg.search.results(for: "\(middle) \(street)").first)
      #expect(result.number == String(middle), "\(middle) \(street) → \(result.label)")
      let address = harrisburg.matchingAddresses(street: street, number: String(middle))
      #expect(address.first?.isInterpolated == true)
      checked += 1
    }
    #expect(checked >= 1)
  }

  @Test(arguments: RealExtractSearchTests.extracts)
  func postcodesAndCitiesAreFoundByName(_ name: String) throws {
    let extract = try Extract.named(name)
    for i in 0..<extract.map.zoneCount {
      let zone = extract.map.zone(i)
      let first = try #require(
        extract.search.results(for: zone.name).first, "\(name): \(zone.name)")
      #expect(first.name == zone.name, "\(name): \(zone.name) → \(first.label)")
      #expect(first.kind == (zone.kind == .city ? .city : .postcode) || first.kind == .street)
    }
  }

  @Test func everyNamedRoadIsAStreetResult() throws {
    let helsinki = try Extract.named("helsinki")
    let names = Set(
      (0..<helsinki.map.edgeCount).map { helsinki.map.edge($0).name }.filter { !$0.isEmpty })
    for name in names {
      let results = helsinki.search.results(for: name, limit: 20)
      #expect(
        results.contains {
          ($0.kind == .street || $0.kind == .address)
            && SearchText.fold($0.name) == SearchText.fold(name)
        },
        "\(name)")
    }
  }

  @Test func accentsAndCaseDoNotMatter() throws {
    let helsinki = try Extract.named("helsinki")
    let accented = (0..<helsinki.map.streetCount).map { helsinki.map.street($0).name }
      .filter { $0.unicodeScalars.contains { !$0.isASCII } }
    #expect(accented.count >= 3)
    for name in accented {
      // Accents stripped by decomposing and dropping the marks, apart from SearchText.
      let plain = String(
        String.UnicodeScalarView(
          name.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
            $0.properties.generalCategory != .nonspacingMark
          }))
      for query in [plain.uppercased(), plain.lowercased(), String(plain.prefix(6))] {
        #expect(
          helsinki.search.results(for: query, limit: 50).contains { $0.name == name },
          "\(query) → \(name)")
      }
    }
  }

  @Test func theSpellerOffersOnlyLettersThatLeadSomewhere() throws {
    let helsinki = try Extract.named("helsinki")
    let search = helsinki.search
    let street = try #require(
      (0..<helsinki.map.streetCount).first { helsinki.map.street($0).addresses.count >= 10 })
    let name = SearchText.fold(helsinki.map.street(street).name)
    for end in name.indices {
      let prefix = String(name[..<end])
      let next = name[end]
      #expect(search.nextLetters(after: prefix).contains(next), "\(prefix) + \(next)")
    }
    #expect(search.nextLetters(after: name).contains(" "))
    let numbers = search.houseNumbers(onStreet: street)
    #expect(numbers.count == helsinki.map.street(street).addresses.count)
    let values = numbers.map { Int($0.prefix { $0.isNumber }) ?? 0 }
    #expect(values == values.sorted())
    let firsts = Set(numbers.compactMap { SearchText.foldNumber($0).first })
    #expect(Set(search.nextLetters(after: name + " ")).isSuperset(of: firsts))
    // Every letter offered leads to a result; a letter not offered to none.
    for prefix in ["m", "ma", "kaup", "x"] {
      let offered = Set(search.nextLetters(after: prefix))
      for letter in "abcdefghijklmnopqrstuvwxyz" {
        let found = !search.results(for: prefix + String(letter), limit: 1).isEmpty
        #expect(found == offered.contains(letter), "\(prefix)\(letter)")
      }
    }
    // A number first: the letters of streets with that number.
    let number = try #require(numbers.first)
    #expect(search.nextLetters(after: "\(number) ").contains(name.first!))
  }

  @Test(arguments: RealExtractSearchTests.extracts)
  func aNumberInsideARangeFindsTheRange(_ name: String) throws {
    let extract = try Extract.named(name)
    var checked = 0
    for i in 0..<extract.map.addressCount {
      let address = extract.map.address(i)
      let ends = SearchText.foldNumber(address.number).split(separator: "-")
      guard ends.count == 2, let a = Int(ends[0]), let b = Int(ends[1]), b - a >= 2 else {
        continue
      }
      // A number strictly inside, on the ends' side when they share one.
      let inside = (b - a) % 2 == 0 ? a + 2 : a + 1
      let query = "\(address.street) \(inside)"
      let results = extract.search.results(for: query, limit: 50)
      #expect(
        results.contains { $0.kind == .address && $0.number == address.number },
        "\(name): \(query) → \(address.number)")
      // A plain number of its own, if the street has one, comes first.
      if let first = results.first, first.number.map(SearchText.foldNumber) == String(inside) {
        #expect(first.name == address.street || first.kind == .address)
      }
      checked += 1
    }
    if name == "helsinki" { #expect(checked >= 10) }
  }

  @Test func aNumberTheStreetDoesNotHaveGivesTheStreet() throws {
    let helsinki = try Extract.named("helsinki")
    let street = try #require(
      (0..<helsinki.map.streetCount).first { helsinki.map.street($0).addresses.count >= 5 })
    let name = helsinki.map.street(street).name
    let results = helsinki.search.results(for: "\(name) 9999")
    #expect(results.first?.kind == .street)
    #expect(results.first?.name == name)
  }
}
