import Canvas
import Templates

/// Where every part of the navigation screen goes at one screen size.
///
/// The size picks a display class (`DisplayProfile.nearest(to:)`), whose rules place the
/// parts: sizes are those of the 800×480 design times `scale`, never under the class's
/// `minimums` (distance ≥ 44 px, road ≥ 28 px on a 7" 800×480). Landscape screens float
/// the cards over a full-screen map (bars put the estimates on the right, so the map gets
/// the middle); portrait screens stack the card above the map.
public struct NavigationLayout: Hashable, Sendable {
  public let size: ScreenSize
  /// The supported size whose layout this is (`size` itself when supported).
  public let profile: DisplayProfile
  /// Multiplier on the 800×480 design sizes.
  public let scale: Double
  public let isPortrait: Bool
  /// Where the map is drawn.
  public let mapArea: ScreenRect
  /// Portrait only: the band above the map holding the card.
  public let header: ScreenRect?
  public let card: ScreenRect
  /// Under the card: the "Then" card or the lanes.
  public let secondary: ScreenRect
  public let estimates: ScreenRect
  public let status: ScreenRect
  /// The row for navigation-bar buttons: along the top of the map, or along the bottom
  /// beside the estimates on small screens.
  public let navigationBar: ScreenRect
  /// Slots for the round map buttons, top to bottom: four, three on small screens.
  public let mapButtons: [ScreenRect]
  /// Where the vehicle sits when following: low, and clear of the card.
  public let vehicleAnchor: ScreenPoint
  /// The middle of the map not covered by cards (for overviews).
  public let freeAreaCenter: ScreenPoint
  /// Pixels of map from the vehicle anchor up to the top of the visible road ahead.
  public let pixelsAhead: Double

  /// Margin and gap between floating parts, at scale 1.
  static let margin = 12.0
  static let cardSize = (width: 344.0, height: 176.0)
  static let secondaryHeight = 52.0
  static let estimatesSize = (width: 312.0, height: 76.0)
  /// The small screens' estimates: arrival and time left (the distance when it fits).
  static let compactEstimatesWidth = 216.0
  static let statusSize = (width: 180.0, height: 40.0)
  /// The small screens' status chip: the GPS dot and the clock.
  static let compactStatusWidth = 112.0
  static let mapButtonDiameter = 56.0
  static let mapButtonGap = 14.0
  static let barButtonSize = (width: 82.0, height: 40.0)
  static let barButtonGap = 8.0

  /// The display class whose rules this layout follows.
  public var displayClass: DisplayClass { profile.displayClass }
  /// The smallest sizes this layout may draw (see `DisplayClass.minimums`).
  public var minimums: ReadableSizes { displayClass.minimums }
  /// The guidance card's maneuver symbol side, pixels.
  public var symbolSide: Double { max(minimums.symbol, px(96)) }
  /// The distance's type size, and the least it may be fitted down to.
  public var distanceType: (size: Double, minimum: Double) {
    (max(minimums.distance, px(48)), max(minimums.distance, px(44)))
  }
  /// The road name's type size, and the least it may be fitted down to.
  public var roadType: (size: Double, minimum: Double) {
    (max(minimums.road, px(30)), max(minimums.road, px(28)))
  }

  /// `v` design pixels at this layout's scale, whole.
  func px(_ v: Double) -> Double { (v * scale).rounded() }

  public init(size: ScreenSize) {
    self.size = size
    let profile = DisplayProfile.nearest(to: size)
    self.profile = profile
    let kind = profile.displayClass
    let w = Double(size.width)
    let h = Double(size.height)
    isPortrait = kind == .portrait
    let s = kind.scale(for: size)
    scale = s
    func px(_ v: Double) -> Double { (v * s).rounded() }
    let m = px(Self.margin)
    let minimums = kind.minimums

    let statusWidth = px(kind == .small ? Self.compactStatusWidth : Self.statusSize.width)
    let statusHeight = px(Self.statusSize.height)
    if isPortrait {
      card = ScreenRect(x: m, y: m, width: w - 2 * m, height: px(Self.cardSize.height))
      secondary = ScreenRect(
        x: m, y: card.maxY + px(8), width: card.width, height: px(Self.secondaryHeight))
      let headerRect = ScreenRect(x: 0, y: 0, width: w, height: secondary.maxY + m)
      header = headerRect
      mapArea = ScreenRect(x: 0, y: headerRect.maxY, width: w, height: h - headerRect.maxY)
    } else {
      // Small screens keep the card clear of the status chip in the top row.
      let cardWidth = min(px(Self.cardSize.width), w - 3 * m - statusWidth)
      card = ScreenRect(x: m, y: m, width: cardWidth, height: px(Self.cardSize.height))
      secondary = ScreenRect(
        x: m, y: card.maxY + px(8), width: card.width, height: px(Self.secondaryHeight))
      header = nil
      mapArea = ScreenRect(x: 0, y: 0, width: w, height: h)
    }
    status = ScreenRect(
      x: w - m - statusWidth, y: mapArea.minY + m, width: statusWidth, height: statusHeight)

    let d = max(minimums.button, px(Self.mapButtonDiameter))
    let column = w - m - d
    let estimatesHeight = px(Self.estimatesSize.height)
    let estimatesWidth = px(
      kind == .small ? Self.compactEstimatesWidth : Self.estimatesSize.width)
    switch kind {
    case .bar:
      // Beside the map buttons, so the map between the card and the estimates is free.
      estimates = ScreenRect(
        x: column - m - estimatesWidth, y: h - m - estimatesHeight, width: estimatesWidth,
        height: estimatesHeight)
    case .small, .standard, .portrait:
      estimates = ScreenRect(
        x: m, y: h - m - estimatesHeight, width: min(estimatesWidth, column - 2 * m),
        height: estimatesHeight)
    }

    if kind == .small {
      // Along the bottom between the estimates and the buttons, as tall as a touch target.
      let barHeight = max(minimums.button, statusHeight)
      navigationBar = ScreenRect(
        x: estimates.maxX + m, y: h - m - barHeight,
        width: max(0, column - m - estimates.maxX - m), height: barHeight)
    } else {
      let barLeft = isPortrait ? m : card.maxX + m
      let barHeight = max(40, statusHeight)
      let topRow = ScreenRect(
        x: barLeft, y: status.minY, width: max(0, status.minX - m - barLeft),
        height: barHeight)
      // A screen narrower than its layout's (640×480 on the 800×480 rules) may lack room
      // for Menu and Route beside the card: they go along the bottom beside the
      // estimates, as on small screens, where that row has the room.
      let pair = 2 * px(Self.barButtonSize.width) + px(Self.barButtonGap)
      let bottomRow = ScreenRect(
        x: estimates.maxX + m, y: h - m - barHeight,
        width: max(0, column - m - estimates.maxX - m), height: barHeight)
      let moves = kind == .standard && topRow.width < pair && bottomRow.width >= pair
      navigationBar = moves ? bottomRow : topRow
    }

    let count = kind.mapButtonCount
    let top = status.maxY + m
    let bottom = kind == .small ? navigationBar.minY - m : h - m
    // The design's gap, closed up where the column is short (320×240).
    let gap = max(
      0, min(px(Self.mapButtonGap), (bottom - top - Double(count) * d) / Double(count - 1))
    )
    .rounded(.down)
    let total = Double(count) * d + Double(count - 1) * gap
    let first = (top + max(0, (bottom - top - total) / 2)).rounded()
    mapButtons = (0..<count).map { i in
      ScreenRect(x: column, y: first + Double(i) * (d + gap), width: d, height: d)
    }

    let freeLeft = isPortrait ? 0 : card.maxX
    let freeRight = kind == .bar ? estimates.minX : column
    let anchorX = ((freeLeft + freeRight) / 2).rounded()
    var anchorY = (mapArea.minY + mapArea.height * (isPortrait ? 0.75 : 0.8)).rounded()
    if kind == .small {
      // Above the bottom bar's buttons, with room for the marker.
      anchorY = min(anchorY, navigationBar.minY - m - px(30))
    }
    vehicleAnchor = ScreenPoint(x: anchorX, y: anchorY)
    freeAreaCenter = ScreenPoint(x: anchorX, y: (mapArea.midY).rounded())
    pixelsAhead = anchorY - mapArea.minY - statusHeight
  }

  /// The map controls this layout has slots for: its map buttons, and the bar buttons
  /// that fit side by side (the knob reaches only these).
  public var controlRoom: MapControlRoom {
    let bar = barButtonSlots(leading: 2 * MapTemplate.maximumBarButtonsPerSide, trailing: 0)
    return MapControlRoom(
      mapButtons: mapButtons.count, barButtons: bar.leading.filter { $0 != nil }.count)
  }

  /// Slots for the navigation-bar buttons: leading ones from the left of the bar,
  /// trailing ones from its right; buttons that do not fit get no slot (nil).
  public func barButtonSlots(leading: Int, trailing: Int) -> (
    leading: [ScreenRect?], trailing: [ScreenRect?]
  ) {
    let gap = px(Self.barButtonGap)
    var bw = px(Self.barButtonSize.width)
    if displayClass == .small, leading + trailing > 0 {
      // The bottom bar's width shared out, so short titles are whole in its small type.
      let count = Double(leading + trailing)
      bw = min(px(120), ((navigationBar.width - gap * (count - 1)) / count).rounded(.down))
    }
    var left = navigationBar.minX
    var right = navigationBar.maxX
    var leadingSlots: [ScreenRect?] = []
    var trailingSlots: [ScreenRect?] = []
    for _ in 0..<leading {
      if left + bw <= right {
        leadingSlots.append(
          ScreenRect(x: left, y: navigationBar.minY, width: bw, height: navigationBar.height))
        left += bw + gap
      } else {
        leadingSlots.append(nil)
      }
    }
    for _ in 0..<trailing {
      if right - bw >= left {
        trailingSlots.append(
          ScreenRect(
            x: right - bw, y: navigationBar.minY, width: bw, height: navigationBar.height))
        right -= bw + gap
      } else {
        trailingSlots.append(nil)
      }
    }
    return (leadingSlots, trailingSlots)
  }

  /// Room drawn around a panel for its shadow or focus ring, pixels.
  public var overlayPadding: Double { (6 * scale).rounded() }
}
