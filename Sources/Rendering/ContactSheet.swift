import CCairo
import Canvas
import Foundation
import Navigation

/// Grids of pictures with captions: the demo's key moments, and every maneuver symbol.
public enum ContactSheet {
  /// One picture of a sheet and the words under it.
  public struct Cell: Sendable {
    public var image: PixelBuffer
    public var caption: String

    public init(image: PixelBuffer, caption: String) {
      self.image = image
      self.caption = caption
    }
  }

  /// `cells` scaled to `cellWidth` pixels wide, `columns` to a row, each captioned.
  public static func render(
    _ cells: [Cell], columns: Int, cellWidth: Int, title: String? = nil
  ) throws(RenderingError) -> PixelBuffer {
    guard columns > 0, cellWidth > 0, let first = cells.first else {
      throw RenderingError(.invalidArgument, "an empty contact sheet")
    }
    let gap = 16.0
    let captionHeight = 40.0
    let titleHeight = title == nil ? 0.0 : 48.0
    let aspect = Double(first.image.height) / Double(first.image.width)
    let cellHeight = (Double(cellWidth) * aspect).rounded()
    let rows = (cells.count + columns - 1) / columns
    let width = Int(gap + Double(columns) * (Double(cellWidth) + gap))
    let height = Int(
      titleHeight + gap + Double(rows) * (cellHeight + captionHeight + gap))
    let sheet = try CairoCanvas(width: width, height: height)
    sheet.clear(Color(hex: 0x202124))
    let cr = sheet.cr
    if let title {
      sheet.drawText(title, .bold(24), x: gap, baseline: 36, .white)
    }
    for (i, cell) in cells.enumerated() {
      let x = gap + Double(i % columns) * (Double(cellWidth) + gap)
      let y = titleHeight + gap + Double(i / columns) * (cellHeight + captionHeight + gap)
      let picture = try CairoCanvas(cell.image)
      cairo_save(cr)
      cairo_translate(cr, x, y)
      cairo_scale(
        cr, Double(cellWidth) / Double(cell.image.width),
        cellHeight / Double(cell.image.height))
      cairo_set_source_surface(cr, picture.surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
      cairo_paint(cr)
      cairo_restore(cr)
      let style = TextStyle.regular(16)
      let caption = sheet.ellipsized(cell.caption, style, maxWidth: Double(cellWidth))
      sheet.drawText(
        caption, style, x: x, baseline: y + cellHeight + 26, Color(hex: 0xe8eaed))
    }
    return sheet.pixelBuffer()
  }

  /// Every `ManeuverType`'s symbol on a card, with its name (right-hand traffic; the
  /// roundabout and U-turn types again for left-hand traffic at the end).
  public static func maneuverSymbols(theme: Theme = .day) throws(RenderingError) -> PixelBuffer {
    let leftHand: [ManeuverType] = [
      .uTurn, .enterRoundabout, .roundaboutExit2, .roundaboutExit5, .uTurnAtRoundabout,
      .onRamp, .offRamp,
    ]
    let entries =
      ManeuverType.allCases.map { ($0, Maneuver.Side.right) } + leftHand.map { ($0, .left) }
    let columns = 8
    let cell = (width: 150.0, height: 150.0)
    let rows = (entries.count + columns - 1) / columns
    let sheet = try CairoCanvas(
      width: Int(Double(columns) * cell.width), height: Int(Double(rows) * cell.height))
    sheet.clear(Color(hex: 0xf1f3f4))
    for (i, (type, side)) in entries.enumerated() {
      let x = Double(i % columns) * cell.width
      let y = Double(i / columns) * cell.height
      let card = ScreenRect(x: x + 8, y: y + 8, width: cell.width - 16, height: cell.height - 16)
      sheet.fillRoundedRect(card, radius: 12, theme.cardBackground)
      ManeuverSymbol(type: type, drivingSide: side).draw(
        in: sheet, rect: ScreenRect(x: card.midX - 48, y: card.y + 8, width: 96, height: 96),
        color: theme.symbol, dimmed: theme.symbolDimmed)
      let name = String(describing: type) + (side == .left ? " (LHT)" : "")
      let style = TextStyle(weight: .condensed, size: 13)
      let text = sheet.ellipsized(name, style, maxWidth: card.width - 8)
      let w = sheet.textWidth(text, style)
      sheet.drawText(
        text, style, x: (card.midX - w / 2).rounded(), baseline: card.maxY - 10,
        theme.cardSecondaryText)
    }
    return sheet.pixelBuffer()
  }
}
