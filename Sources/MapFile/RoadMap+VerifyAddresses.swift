import Routing

extension RoadMap {
  /// `verify()`'s checks of the address sections: all four or none; every string, edge,
  /// side, kind and target in range; each street's addresses right after the previous
  /// street's, covering `ADDR`; the name index sorted. O(records).
  func verifyAddresses() throws(RoutingError) {
    func fail(_ section: String, _ message: String) -> RoutingError {
      RoutingError(.malformed, message, file: name, section: section)
    }
    let present = MapFileLayout.addressSections.filter { sections[$0] != nil }
    guard present.isEmpty || present.count == MapFileLayout.addressSections.count else {
      throw fail(
        present.map(\.rawValue).sorted().joined(separator: ","),
        "only some of the address sections (ADDR, STRT, ZONE, SKEY) are present")
    }
    let strings = stringIndex.count - 1
    func valid(_ index: UInt32, optional: Bool = true) -> Bool {
      (optional && index == MapFileLayout.noString) || Int(index) < strings
    }
    func validEdge(_ edge: UInt32) -> Bool { edge == MapFileLayout.noEdge || Int(edge) < edgeCount }
    func validPoint(_ s: Section, _ i: Int, _ at: Int) -> Bool {
      abs(Int(field(s, i, at, Int32.self))) <= 900_000_000
        && abs(Int(field(s, i, at + 4, Int32.self))) <= 1_800_000_000
    }
    let addresses = optionalSection(.addresses)
    for i in 0..<addresses.count {
      guard valid(field(addresses, i, 0, UInt32.self), optional: false),
        valid(field(addresses, i, 4, UInt32.self), optional: false),
        valid(field(addresses, i, 8, UInt32.self)), valid(field(addresses, i, 12, UInt32.self))
      else { throw fail("ADDR", "address \(i) refers to a string that does not exist") }
      guard validPoint(addresses, i, 16), validEdge(field(addresses, i, 24, UInt32.self)),
        field(addresses, i, 32, UInt8.self) <= 2
      else { throw fail("ADDR", "address \(i) has a position, edge or side out of range") }
    }
    let streets = optionalSection(.streets)
    var next = 0
    for i in 0..<streets.count {
      guard valid(field(streets, i, 0, UInt32.self), optional: false),
        valid(field(streets, i, 4, UInt32.self))
      else { throw fail("STRT", "street \(i) refers to a string that does not exist") }
      guard Int(field(streets, i, 8, UInt32.self)) == next else {
        throw fail("STRT", "street \(i)'s addresses do not follow the previous street's")
      }
      next += Int(field(streets, i, 12, UInt32.self))
      guard next <= addresses.count, validPoint(streets, i, 16),
        validEdge(field(streets, i, 24, UInt32.self))
      else { throw fail("STRT", "street \(i) has addresses, a position or an edge out of range") }
    }
    guard next == addresses.count else {
      throw fail("STRT", "the streets hold \(next) addresses, ADDR has \(addresses.count)")
    }
    let zones = optionalSection(.zones)
    for i in 0..<zones.count {
      guard valid(field(zones, i, 0, UInt32.self), optional: false),
        valid(field(zones, i, 8, UInt32.self)),
        MapFileLayout.ZoneKind(rawValue: field(zones, i, 4, UInt8.self)) != nil,
        validPoint(zones, i, 12), validEdge(field(zones, i, 20, UInt32.self))
      else { throw fail("ZONE", "zone \(i) has a string, kind, position or edge out of range") }
    }
    let keys = optionalSection(.searchKeys)
    let tables: [MapFileLayout.SearchKeyKind: Int] = [
      .street: streets.count, .place: placeRecords.count, .zone: zones.count,
    ]
    for i in 0..<keys.count {
      guard valid(field(keys, i, 0, UInt32.self), optional: false),
        let kind = MapFileLayout.SearchKeyKind(rawValue: field(keys, i, 4, UInt8.self)),
        Int(field(keys, i, 8, UInt32.self)) < tables[kind] ?? 0
      else { throw fail("SKEY", "key \(i) has a string, kind or target out of range") }
      guard i == 0 || !keyBytes(i).lexicographicallyPrecedes(keyBytes(i - 1)) else {
        throw fail("SKEY", "key \(i) is out of order")
      }
    }
  }
}
