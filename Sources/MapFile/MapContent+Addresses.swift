import Routing

/// The address sections of a map file as plain arrays (see `MapFileLayout`'s `ADDR`,
/// `STRT`, `ZONE`, `SKEY`): what `MapImport` builds, `MapFileWriter` lays out and
/// `RoadMap+Addresses` reads. Strings are indices into `MapContent.strings`; indices
/// between the tables are final.
package struct AddressBook: Equatable, Sendable {
  /// Where an address or a street meets the road: edge, centimetres from the edge's start,
  /// and the side (0 on the road, 1 left, 2 right of the edge's direction).
  package struct RoadPointRecord: Equatable, Sendable {
    package var edge: UInt32
    package var offsetCentimetres: UInt32
    package var side: UInt8

    package static let none = RoadPointRecord(
      edge: MapFileLayout.noEdge, offsetCentimetres: 0, side: 0)

    package init(edge: UInt32, offsetCentimetres: UInt32, side: UInt8) {
      self.edge = edge
      self.offsetCentimetres = offsetCentimetres
      self.side = side
    }
  }

  package struct Address: Equatable, Sendable {
    package var number: UInt32
    package var street: UInt32
    package var postcode: UInt32
    package var city: UInt32
    package var latitudeE7: Int32
    package var longitudeE7: Int32
    package var road: RoadPointRecord
    package var flags: UInt8

    package init(
      number: UInt32, street: UInt32, postcode: UInt32, city: UInt32, latitudeE7: Int32,
      longitudeE7: Int32, road: RoadPointRecord, flags: UInt8
    ) {
      self.number = number
      self.street = street
      self.postcode = postcode
      self.city = city
      self.latitudeE7 = latitudeE7
      self.longitudeE7 = longitudeE7
      self.road = road
      self.flags = flags
    }
  }

  package struct Street: Equatable, Sendable {
    package var name: UInt32
    package var city: UInt32
    package var firstAddress: UInt32
    package var addressCount: UInt32
    package var latitudeE7: Int32
    package var longitudeE7: Int32
    package var road: RoadPointRecord

    package init(
      name: UInt32, city: UInt32, firstAddress: UInt32, addressCount: UInt32, latitudeE7: Int32,
      longitudeE7: Int32, road: RoadPointRecord
    ) {
      self.name = name
      self.city = city
      self.firstAddress = firstAddress
      self.addressCount = addressCount
      self.latitudeE7 = latitudeE7
      self.longitudeE7 = longitudeE7
      self.road = road
    }
  }

  /// A postcode or a city: its centre and how many addresses it has.
  package struct Zone: Equatable, Sendable {
    package var name: UInt32
    package var kind: MapFileLayout.ZoneKind
    package var city: UInt32
    package var latitudeE7: Int32
    package var longitudeE7: Int32
    package var road: RoadPointRecord
    package var addressCount: UInt32

    package init(
      name: UInt32, kind: MapFileLayout.ZoneKind, city: UInt32, latitudeE7: Int32,
      longitudeE7: Int32, road: RoadPointRecord, addressCount: UInt32
    ) {
      self.name = name
      self.kind = kind
      self.city = city
      self.latitudeE7 = latitudeE7
      self.longitudeE7 = longitudeE7
      self.road = road
      self.addressCount = addressCount
    }
  }

  package struct SearchKey: Equatable, Sendable {
    package var key: UInt32
    package var kind: MapFileLayout.SearchKeyKind
    /// Words of the name before the key's first: 0 when the key is the whole name.
    package var word: UInt8
    package var target: UInt32

    package init(key: UInt32, kind: MapFileLayout.SearchKeyKind, word: UInt8, target: UInt32) {
      self.key = key
      self.kind = kind
      self.word = word
      self.target = target
    }
  }

  /// Grouped by street, in street order; numbers in order within a street.
  package var addresses: [Address] = []
  /// Each street's addresses follow the previous street's.
  package var streets: [Street] = []
  package var zones: [Zone] = []
  /// Sorted by the key's UTF-8 bytes, then kind, then target.
  package var searchKeys: [SearchKey] = []

  package init() {}

  package var isEmpty: Bool { streets.isEmpty && zones.isEmpty && searchKeys.isEmpty }
}

extension MapFileWriter {
  /// The four address sections, or none when the content has no addresses, streets or
  /// search keys.
  func addressSections() -> [(MapFileLayout.Section, Int, (inout ByteBuffer) -> Void)] {
    let book = content.addressBook
    guard !book.isEmpty else { return [] }
    func road(_ b: inout ByteBuffer, _ r: AddressBook.RoadPointRecord) {
      b.uint32(r.edge)
      b.uint32(r.offsetCentimetres)
    }
    return [
      (
        .addresses, book.addresses.count,
        { b in
          for a in book.addresses {
            for v in [a.number, a.street, a.postcode, a.city] { b.uint32(v) }
            b.int32(a.latitudeE7)
            b.int32(a.longitudeE7)
            road(&b, a.road)
            b.bytes.append(contentsOf: [a.road.side, a.flags, 0, 0])
          }
        }
      ),
      (
        .streets, book.streets.count,
        { b in
          for s in book.streets {
            for v in [s.name, s.city, s.firstAddress, s.addressCount] { b.uint32(v) }
            b.int32(s.latitudeE7)
            b.int32(s.longitudeE7)
            road(&b, s.road)
          }
        }
      ),
      (
        .zones, book.zones.count,
        { b in
          for z in book.zones {
            b.uint32(z.name)
            b.bytes.append(contentsOf: [z.kind.rawValue, 0, 0, 0])
            b.uint32(z.city)
            b.int32(z.latitudeE7)
            b.int32(z.longitudeE7)
            road(&b, z.road)
            b.uint32(z.addressCount)
          }
        }
      ),
      (
        .searchKeys, book.searchKeys.count,
        { b in
          for k in book.searchKeys {
            b.uint32(k.key)
            b.bytes.append(contentsOf: [k.kind.rawValue, k.word, 0, 0])
            b.uint32(k.target)
          }
        }
      ),
    ]
  }
}
