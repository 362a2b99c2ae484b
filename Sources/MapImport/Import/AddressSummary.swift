/// What an import made of the data's addresses, and what it could not use.
public struct AddressSummary: Sendable, Equatable {
  /// Addresses in the map.
  public var addresses = 0
  /// Of them: from address nodes, building ways, multipolygons, and numbers an
  /// `addr:interpolation` way stands for.
  public var fromNodes = 0
  public var fromBuildings = 0
  public var fromMultipolygons = 0
  public var interpolated = 0
  /// Addresses whose point is their building's entrance.
  public var atEntrances = 0
  /// Addresses on a place (`addr:place`) rather than a street.
  public var onPlaces = 0
  public var streets = 0
  public var postcodes = 0
  public var cities = 0
  /// Cities taken from the settlement or municipality holding the address, or the nearest
  /// settlement (`SettlementIndex`), for addresses without `addr:city`.
  public var citiesFromPlaces = 0
  /// Postcodes taken from the postcode area holding the address, for addresses without
  /// `addr:postcode`.
  public var postcodesFromAreas = 0

  /// Kept, counted: `addr:street` names no road of the map (a footway, a road outside the
  /// extract, a misspelling); the address leads to the nearest road.
  public var streetNotOnMap = 0
  /// Kept, counted: no road within 500 m, so no road point.
  public var withoutRoad = 0
  /// Dropped: the same number on the same street within 150 m of another.
  public var duplicates = 0
  /// Dropped: `addr:housenumber` without `addr:street` or `addr:place`.
  public var noStreet = 0
  /// Dropped: a housenumber that is not a number (no digit, or over 24 characters).
  public var invalidNumbers = 0
  /// Dropped: a building or multipolygon none of whose nodes is in the data.
  public var incompleteGeometry = 0
  /// `addr:interpolation` ways expanded (at least one pair of ends).
  public var interpolationsExpanded = 0
  /// Interpolation ends missing: an end node outside the data or without a number.
  public var interpolationMissingEnds = 0
  /// Interpolation ends that do not fit the scheme (`13a` for `odd`, parity, different
  /// numbers for `alphabetic`, an unknown scheme).
  public var interpolationInvalid = 0
  /// Interpolations of more than 500 numbers between two ends (left out).
  public var interpolationHugeRange = 0

  /// Every problem counted above.
  public var problems: Int {
    streetNotOnMap + withoutRoad + noStreet + invalidNumbers + incompleteGeometry
      + interpolationMissingEnds + interpolationInvalid + interpolationHugeRange
  }

  public init() {}
}
