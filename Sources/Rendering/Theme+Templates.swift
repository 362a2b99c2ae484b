import Canvas

/// The template screens' colours, derived from the navigation palette so day and night
/// stay one value each.
extension Theme {
  private var isNight: Bool { name == "night" }

  /// Behind lists, grids and forms (the map's place on template screens).
  var templateBackground: Color { isNight ? Color(hex: 0x17191c) : Color(hex: 0xeceef1) }
  /// Rows, tiles and panels on the background.
  var templateSurface: Color { isNight ? Color(hex: 0x26292e) : .white }
  /// Buttons inside a panel.
  var templateControl: Color { isNight ? Color(hex: 0x3a3e45) : Color(hex: 0xe3e6ea) }
  /// Separators between rows.
  var templateSeparator: Color { isNight ? Color(hex: 0x3a3e45) : Color(hex: 0xd6d9de) }
  /// Selected things (the chosen route, the current tab, a primary button).
  var highlight: Color { map.polyline(.active)?.color ?? Color(hex: 0x1a73e8) }
  var highlightText: Color { .white }
  /// Destructive actions.
  var destructive: Color { gpsLost }
  /// Over the screen behind an alert or an action sheet.
  var dimming: Color { Color(hex: 0x000000, alpha: isNight ? 0.6 : 0.45) }
  /// The tint behind a focused row, under its ring.
  var focusFill: Color { focusRing.opacity(isNight ? 0.16 : 0.14) }
}
