import Geo
import Navigation
import Routing

/// An address from the map file (`ADDR`).
public struct MapAddress: Sendable, Equatable {
  /// The house number as the data writes it: "13", "13a", "13–15", "2 bis".
  public var number: String
  /// The street (or, for an `addr:place` address, the place) it is on.
  public var street: String
  public var postcode: String?
  public var city: String?
  /// The point to drive to: the building's entrance when it has one, else the address's
  /// node, the building's centroid or the interpolated point.
  public var coordinate: Coordinate
  /// Where on the road a route to it ends; nil when no road is near.
  public var roadPoint: RoadPoint?
  /// `MapFileLayout.AddressFlag` bits.
  public var flags: UInt8

  public var isAtEntrance: Bool { flags & MapFileLayout.AddressFlag.entrance != 0 }
  public var isInterpolated: Bool { flags & MapFileLayout.AddressFlag.interpolated != 0 }
  /// Whether the street is one of the map's named roads.
  public var isOnNamedRoad: Bool {
    flags & (MapFileLayout.AddressFlag.streetNotOnMap | MapFileLayout.AddressFlag.place) == 0
  }
}

/// A street with its addresses (`STRT`), or a place that addresses name (`addr:place`).
public struct MapStreet: Sendable, Equatable {
  public var name: String
  public var city: String?
  /// Its addresses' indices, numbers in order.
  public var addresses: Range<Int>
  /// The middle of the street: its middle address, or the middle of its longest piece.
  public var coordinate: Coordinate
  public var roadPoint: RoadPoint?
}

/// A postcode or a city of the map's addresses (`ZONE`).
public struct MapZone: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case postcode
    case city
  }

  public var kind: Kind
  /// The postcode or the city's name.
  public var name: String
  /// A postcode's city (the one most of its addresses name).
  public var city: String?
  /// The mean of its addresses.
  public var coordinate: Coordinate
  public var roadPoint: RoadPoint?
  public var addressCount: Int
}

/// The address sections, read from the mapping one record at a time: nothing is decoded at
/// open. A damaged record reads as clamped values (a string that does not exist is empty,
/// an edge that does not exist no road point); `verify()` rejects such a file.
extension RoadMap {
  /// A section of the file, empty when the map has none (before version 3, or no addresses).
  func optionalSection(_ kind: MapFileLayout.Section) -> Section {
    sections[kind] ?? Section(offset: 0, count: 0, recordSize: kind.recordSize)
  }

  public var addressCount: Int { optionalSection(.addresses).count }
  public var streetCount: Int { optionalSection(.streets).count }
  public var zoneCount: Int { optionalSection(.zones).count }
  /// Entries of the name index (`SKEY`).
  public var searchKeyCount: Int { optionalSection(.searchKeys).count }

  public func address(_ index: Int) -> MapAddress {
    let s = optionalSection(.addresses)
    precondition(index >= 0 && index < s.count, "address \(index) out of range")
    let flags = field(s, index, 33, UInt8.self)
    return MapAddress(
      number: string(field(s, index, 0, UInt32.self)) ?? "",
      street: string(field(s, index, 4, UInt32.self)) ?? "",
      postcode: string(field(s, index, 8, UInt32.self)),
      city: string(field(s, index, 12, UInt32.self)),
      coordinate: Coordinate(
        latitude: Double(field(s, index, 16, Int32.self)) / 1e7,
        longitude: Double(field(s, index, 20, Int32.self)) / 1e7),
      roadPoint: roadPoint(s, index, at: 24, side: field(s, index, 32, UInt8.self)),
      flags: flags)
  }

  /// The house number of address `index` as written, without decoding the rest of the
  /// record.
  public func addressNumber(_ index: Int) -> String {
    let s = optionalSection(.addresses)
    precondition(index >= 0 && index < s.count, "address \(index) out of range")
    return string(field(s, index, 0, UInt32.self)) ?? ""
  }

  public func street(_ index: Int) -> MapStreet {
    let s = optionalSection(.streets)
    precondition(index >= 0 && index < s.count, "street \(index) out of range")
    let addresses = addressCount
    let first = min(Int(field(s, index, 8, UInt32.self)), addresses)
    let count = min(Int(field(s, index, 12, UInt32.self)), addresses - first)
    return MapStreet(
      name: string(field(s, index, 0, UInt32.self)) ?? "",
      city: string(field(s, index, 4, UInt32.self)),
      addresses: first..<first + count,
      coordinate: Coordinate(
        latitude: Double(field(s, index, 16, Int32.self)) / 1e7,
        longitude: Double(field(s, index, 20, Int32.self)) / 1e7),
      roadPoint: roadPoint(s, index, at: 24, side: 0))
  }

  /// The position of street `index` without decoding its strings.
  public func streetCoordinate(_ index: Int) -> Coordinate {
    let s = optionalSection(.streets)
    precondition(index >= 0 && index < s.count, "street \(index) out of range")
    return Coordinate(
      latitude: Double(field(s, index, 16, Int32.self)) / 1e7,
      longitude: Double(field(s, index, 20, Int32.self)) / 1e7)
  }

  public func zone(_ index: Int) -> MapZone {
    let s = optionalSection(.zones)
    precondition(index >= 0 && index < s.count, "zone \(index) out of range")
    return MapZone(
      kind: field(s, index, 4, UInt8.self) == MapFileLayout.ZoneKind.city.rawValue
        ? .city : .postcode,
      name: string(field(s, index, 0, UInt32.self)) ?? "",
      city: string(field(s, index, 8, UInt32.self)),
      coordinate: Coordinate(
        latitude: Double(field(s, index, 12, Int32.self)) / 1e7,
        longitude: Double(field(s, index, 16, Int32.self)) / 1e7),
      roadPoint: roadPoint(s, index, at: 20, side: 0),
      addressCount: Int(field(s, index, 28, UInt32.self)))
  }

  /// Place `index` of `places`, read from its record alone.
  public func place(_ index: Int) -> MapPlace {
    precondition(index >= 0 && index < placeRecords.count, "place \(index) out of range")
    return MapPlace(
      name: string(field(placeRecords, index, 8, UInt32.self)) ?? "",
      coordinate: point(placeRecords, index),
      category: string(field(placeRecords, index, 12, UInt32.self)))
  }

  public var placeCount: Int { placeRecords.count }

  /// The road point stored at byte `offset` of record `index` (edge, centimetres), nil
  /// when there is none or its edge does not exist.
  private func roadPoint(_ s: Section, _ index: Int, at offset: Int, side: UInt8) -> RoadPoint? {
    let edge = field(s, index, offset, UInt32.self)
    guard edge != MapFileLayout.noEdge, Int(edge) < edgeCount else { return nil }
    let centimetres = field(s, index, offset + 4, UInt32.self)
    return roadPoint(
      onEdge: Int(edge), offset: Double(centimetres) / 100,
      side: side == 1 ? .left : side == 2 ? .right : nil)
  }
}
