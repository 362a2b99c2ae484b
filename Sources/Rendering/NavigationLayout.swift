import Canvas
import Templates

/// Where every part of the navigation screen goes at one screen size.
///
/// Sizes are those of the 800×480 design times `scale` (never below 1, so text never
/// shrinks under the arm's-length sizes: distance ≥ 44 px, road ≥ 28 px). Landscape
/// screens float the cards over a full-screen map; portrait screens stack the card
/// above the map.
public struct NavigationLayout: Hashable, Sendable {
  public let size: ScreenSize
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
  /// The row along the top of the map for navigation-bar buttons.
  public let navigationBar: ScreenRect
  /// Slots for up to four round map buttons, top to bottom.
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
  static let statusSize = (width: 180.0, height: 40.0)
  static let mapButtonDiameter = 56.0
  static let mapButtonGap = 14.0
  static let barButtonSize = (width: 82.0, height: 40.0)
  static let barButtonGap = 8.0

  public init(size: ScreenSize) {
    self.size = size
    let w = Double(size.width)
    let h = Double(size.height)
    isPortrait = h > w
    let s = isPortrait ? max(1, w / 640) : max(1, min(w / 800, h / 480))
    scale = s
    let m = (Self.margin * s).rounded()

    if isPortrait {
      card = ScreenRect(
        x: m, y: m, width: w - 2 * m, height: (Self.cardSize.height * s).rounded())
      secondary = ScreenRect(
        x: m, y: card.maxY + (8 * s).rounded(), width: card.width,
        height: (Self.secondaryHeight * s).rounded())
      let headerRect = ScreenRect(x: 0, y: 0, width: w, height: secondary.maxY + m)
      header = headerRect
      mapArea = ScreenRect(x: 0, y: headerRect.maxY, width: w, height: h - headerRect.maxY)
    } else {
      card = ScreenRect(
        x: m, y: m, width: (Self.cardSize.width * s).rounded(),
        height: (Self.cardSize.height * s).rounded())
      secondary = ScreenRect(
        x: m, y: card.maxY + (8 * s).rounded(), width: card.width,
        height: (Self.secondaryHeight * s).rounded())
      header = nil
      mapArea = ScreenRect(x: 0, y: 0, width: w, height: h)
    }

    let statusWidth = (Self.statusSize.width * s).rounded()
    let statusHeight = (Self.statusSize.height * s).rounded()
    status = ScreenRect(
      x: w - m - statusWidth, y: mapArea.minY + m, width: statusWidth, height: statusHeight)
    let estimatesHeight = (Self.estimatesSize.height * s).rounded()
    estimates = ScreenRect(
      x: m, y: h - m - estimatesHeight, width: (Self.estimatesSize.width * s).rounded(),
      height: estimatesHeight)

    let barLeft = isPortrait ? m : card.maxX + m
    let barRight = status.minX - m
    navigationBar = ScreenRect(
      x: barLeft, y: status.minY, width: max(0, barRight - barLeft), height: statusHeight)

    let d = (Self.mapButtonDiameter * s).rounded()
    let gap = (Self.mapButtonGap * s).rounded()
    let column = w - m - d
    let top = status.maxY + m
    let bottom = h - m
    let total = 4 * d + 3 * gap
    let first = (top + max(0, (bottom - top - total) / 2)).rounded()
    mapButtons = (0..<4).map { i in
      ScreenRect(x: column, y: first + Double(i) * (d + gap), width: d, height: d)
    }

    let freeLeft = isPortrait ? 0 : card.maxX
    let anchorX = ((freeLeft + column) / 2).rounded()
    let anchorY = (mapArea.minY + mapArea.height * (isPortrait ? 0.75 : 0.8)).rounded()
    vehicleAnchor = ScreenPoint(x: anchorX, y: anchorY)
    freeAreaCenter = ScreenPoint(x: anchorX, y: (mapArea.midY).rounded())
    pixelsAhead = anchorY - mapArea.minY - statusHeight
  }

  /// Slots for the navigation-bar buttons: leading ones from the left of the bar,
  /// trailing ones from its right; buttons that do not fit get no slot (nil).
  public func barButtonSlots(leading: Int, trailing: Int) -> (
    leading: [ScreenRect?], trailing: [ScreenRect?]
  ) {
    let bw = (Self.barButtonSize.width * scale).rounded()
    let gap = (Self.barButtonGap * scale).rounded()
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
