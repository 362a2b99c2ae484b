import Routing

/// The address sections of the map file (`ADDR`, `STRT`, `ZONE`, `SKEY`; see the table in
/// `MapFileLayout`): their record sizes and the values their small fields take.
extension MapFileLayout {
  /// The sections a map with addresses has; a map without addresses has none of them.
  static let addressSections: Set<Section> = [.addresses, .streets, .zones, .searchKeys]

  /// Edge id meaning "no road point".
  package static let noEdge = UInt32.max

  /// Record sizes of the address sections.
  static func addressRecordSize(_ section: Section) -> Int {
    switch section {
    case .addresses: 36
    case .streets, .zones: 32
    case .searchKeys: 12
    default: preconditionFailure("\(section) is not an address section")
    }
  }

  /// `ADDR` flags: where an address came from and what its point is.
  package enum AddressFlag {
    /// The point is the building's entrance (`entrance=main|yes`).
    package static let entrance: UInt8 = 1
    /// A number an `addr:interpolation` way stands for.
    package static let interpolated: UInt8 = 2
    /// `addr:street` names no road of the map (the road point is the nearest road).
    package static let streetNotOnMap: UInt8 = 4
    /// The address names a place (`addr:place`), not a street.
    package static let place: UInt8 = 8
    /// From a building way or a multipolygon (its centroid or entrance), not a node.
    package static let area: UInt8 = 16
  }

  /// `SKEY` kinds: which table a key's target is in.
  package enum SearchKeyKind: UInt8, Sendable {
    case street = 1
    case place = 2
    case zone = 3
  }

  /// `ZONE` kinds.
  package enum ZoneKind: UInt8, Sendable {
    case postcode = 1
    case city = 2
  }
}
