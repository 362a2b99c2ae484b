import Navigation

extension Maneuver.Side {
  /// ISO 3166-1 alpha-2 codes of the countries and territories where traffic keeps left.
  static let leftHandCountries: Set<String> = [
    "AG", "AI", "AU", "BB", "BD", "BM", "BN", "BS", "BT", "BW", "CY", "DM", "FJ", "FK", "GB",
    "GD", "GG", "GY", "HK", "IE", "IM", "IN", "JE", "JM", "JP", "KE", "KI", "KN", "KY", "LC",
    "LK", "LS", "MO", "MS", "MT", "MU", "MV", "MW", "MY", "MZ", "NA", "NP", "NR", "NZ", "PG",
    "PK", "SB", "SC", "SG", "SH", "SR", "SZ", "TC", "TH", "TL", "TO", "TT", "TV", "TZ", "UG",
    "VC", "VG", "VI", "WS", "ZA", "ZM", "ZW",
  ]

  /// The side traffic keeps to in the country with ISO code `country` (`default` or an
  /// unknown code: right, as in most of the world).
  public static func traffic(in country: String) -> Maneuver.Side {
    leftHandCountries.contains(country.uppercased()) ? .left : .right
  }
}
