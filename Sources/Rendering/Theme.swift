import Canvas

/// The colours of the whole screen: map style and overlay palette. Day and night are
/// values; switching at run time is handing the renderer the other one.
public struct Theme: Hashable, Sendable {
  public var name: String
  public var map: MapStyle
  /// Guidance card and next-maneuver card.
  public var cardBackground: Color
  public var cardText: Color
  public var cardSecondaryText: Color
  /// The taken path of a maneuver symbol, and the paths not taken.
  public var symbol: Color
  public var symbolDimmed: Color
  /// Trip estimates, status chip, buttons.
  public var panelBackground: Color
  public var panelText: Color
  public var panelSecondaryText: Color
  /// Remaining time in the estimates.
  public var accent: Color
  public var focusRing: Color
  public var gpsGood: Color
  public var gpsEstimated: Color
  public var gpsLost: Color
  /// Pause banners (locating, rerouting…) and the arrival banner.
  public var warningBackground: Color
  public var arrivalBackground: Color
  /// Behind the card on portrait screens, where the card sits above the map.
  public var headerBackground: Color
  /// The soft shadow under floating panels.
  public var shadow: Color

  public static let day = Theme(
    name: "day",
    map: MapStyle(
      markers: [
        .vehicle: MarkerStyle(
          icon: .navigationArrow, size: 52, zIndex: 40, fill: Color(hex: 0x1a73e8),
          stroke: .white),
        .destination: MarkerStyle(
          icon: .pin, size: 44, anchorY: 1, zIndex: 30, fill: Color(hex: 0xd93025),
          stroke: .white),
        .waypoint: MarkerStyle(
          icon: .dot, size: 22, zIndex: 20, fill: Color(hex: 0xf29900), stroke: .white),
        .origin: MarkerStyle(
          icon: .dot, size: 18, zIndex: 10, fill: Color(hex: 0x5f6368), stroke: .white),
      ],
      polylines: [
        .travelled: PolylineStyle(
          color: Color(hex: 0xa0a4aa), width: 8, casing: Color(hex: 0x80848a), casingWidth: 2),
        .active: PolylineStyle(
          color: Color(hex: 0x1a73e8), width: 11, casing: Color(hex: 0x0b4aa8), casingWidth: 3),
        .remaining: PolylineStyle(
          color: Color(hex: 0x7baaf7), width: 9, casing: Color(hex: 0x3f7fd9), casingWidth: 2),
      ],
      traffic: [
        .unknown: Color(hex: 0x7baaf7), .low: Color(hex: 0x1e8e3e),
        .moderate: Color(hex: 0xf29900), .heavy: Color(hex: 0xd93025),
      ],
      background: Color(hex: 0xebe7e0), grid: Color(hex: 0xdedad2), road: .white,
      roadCasing: Color(hex: 0xd0cbc2), majorRoad: Color(hex: 0xfff3c4),
      water: Color(hex: 0xaad3f0), park: Color(hex: 0xcde6c4), building: Color(hex: 0xdcd7cf),
      label: Color(hex: 0x4f4a44)),
    cardBackground: Color(hex: 0x17375e), cardText: .white,
    cardSecondaryText: Color(hex: 0xc9d7e8), symbol: .white, symbolDimmed: Color(hex: 0x6f86a3),
    panelBackground: Color(hex: 0xffffff, alpha: 0.96), panelText: Color(hex: 0x111418),
    panelSecondaryText: Color(hex: 0x5f6368), accent: Color(hex: 0x137333),
    focusRing: Color(hex: 0xf29900), gpsGood: Color(hex: 0x1e9e45),
    gpsEstimated: Color(hex: 0xe8a317), gpsLost: Color(hex: 0xd93025),
    warningBackground: Color(hex: 0x8a4b00), arrivalBackground: Color(hex: 0x136b34),
    headerBackground: Color(hex: 0xdfe3e8), shadow: Color(hex: 0x000000, alpha: 0.22))

  public static let night = Theme(
    name: "night",
    map: MapStyle(
      markers: [
        .vehicle: MarkerStyle(
          icon: .navigationArrow, size: 52, zIndex: 40, fill: Color(hex: 0x4c9bff),
          stroke: Color(hex: 0xe8eaed)),
        .destination: MarkerStyle(
          icon: .pin, size: 44, anchorY: 1, zIndex: 30, fill: Color(hex: 0xf28b82),
          stroke: Color(hex: 0x202124)),
        .waypoint: MarkerStyle(
          icon: .dot, size: 22, zIndex: 20, fill: Color(hex: 0xfdd663),
          stroke: Color(hex: 0x202124)),
        .origin: MarkerStyle(
          icon: .dot, size: 18, zIndex: 10, fill: Color(hex: 0x9aa0a6),
          stroke: Color(hex: 0x202124)),
      ],
      polylines: [
        .travelled: PolylineStyle(
          color: Color(hex: 0x5f6368), width: 8, casing: Color(hex: 0x3c4043), casingWidth: 2),
        .active: PolylineStyle(
          color: Color(hex: 0x5ea3ff), width: 11, casing: Color(hex: 0x1b4f9c), casingWidth: 3),
        .remaining: PolylineStyle(
          color: Color(hex: 0x3b6fb6), width: 9, casing: Color(hex: 0x1f3d66), casingWidth: 2),
      ],
      traffic: [
        .unknown: Color(hex: 0x3b6fb6), .low: Color(hex: 0x34a853),
        .moderate: Color(hex: 0xfbbc04), .heavy: Color(hex: 0xea4335),
      ],
      background: Color(hex: 0x1d2024), grid: Color(hex: 0x25292e), road: Color(hex: 0x3a3f46),
      roadCasing: Color(hex: 0x2b2f35), majorRoad: Color(hex: 0x4a4f57),
      water: Color(hex: 0x17283b), park: Color(hex: 0x1d3323), building: Color(hex: 0x2a2d32),
      label: Color(hex: 0xb8bec6), areas: .night),
    cardBackground: Color(hex: 0x1a2d44), cardText: Color(hex: 0xf1f3f4),
    cardSecondaryText: Color(hex: 0xaebfd4), symbol: Color(hex: 0xf1f3f4),
    symbolDimmed: Color(hex: 0x4f6580),
    panelBackground: Color(hex: 0x2a2d32, alpha: 0.96), panelText: Color(hex: 0xe8eaed),
    panelSecondaryText: Color(hex: 0x9aa0a6), accent: Color(hex: 0x81c995),
    focusRing: Color(hex: 0xfbbc04), gpsGood: Color(hex: 0x34a853),
    gpsEstimated: Color(hex: 0xfbbc04), gpsLost: Color(hex: 0xea4335),
    warningBackground: Color(hex: 0x7a4a05), arrivalBackground: Color(hex: 0x1e6b3a),
    headerBackground: Color(hex: 0x141619), shadow: Color(hex: 0x000000, alpha: 0.45))

  /// The theme named `name` ("day" or "night").
  public static func named(_ name: String) -> Theme? {
    switch name {
    case "day": .day
    case "night": .night
    default: nil
    }
  }
}
