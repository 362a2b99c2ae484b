import CCairo
import Synchronization

/// The typefaces the screens use (DejaVu Sans, as Debian and Raspberry Pi OS install it),
/// created once, and the rendering options that keep text identical run to run.
///
/// Font faces are looked up through cairo's toy API (fontconfig) once at first use;
/// drawing then reuses cairo's glyph caches. Antialiasing and hinting are set explicitly
/// so a desktop fontconfig setting cannot change the pixels.
package final class Fonts: @unchecked Sendable {
  // Safe to share: cairo font faces and options are immutable after creation and
  // reference-counted atomically; nothing here is mutated after `init`.
  private let faces: [TextStyle.Weight: OpaquePointer]
  private let options: OpaquePointer
  /// Advance widths already measured: the same strings are measured every time a card
  /// is drawn, and cairo's measuring is the costly part of laying text out.
  private let widths = Mutex<[WidthKey: Double]>([:])

  private struct WidthKey: Hashable {
    var text: String
    var style: TextStyle
  }

  package static let shared = Fonts()

  private init() {
    var faces: [TextStyle.Weight: OpaquePointer] = [:]
    for weight in TextStyle.Weight.allCases {
      faces[weight] = cairo_toy_font_face_create(
        weight.family, CAIRO_FONT_SLANT_NORMAL,
        weight.isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    }
    self.faces = faces
    options = cairo_font_options_create()
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
    cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
  }

  deinit {
    for face in faces.values { cairo_font_face_destroy(face) }
    cairo_font_options_destroy(options)
  }

  /// Sets the deterministic font options on a new context.
  package static func apply(to cr: OpaquePointer) {
    cairo_set_font_options(cr, shared.options)
  }

  package func select(_ style: TextStyle, on cr: OpaquePointer) {
    cairo_set_font_face(cr, faces[style.weight])
    cairo_set_font_size(cr, style.size)
  }

  /// The advance width of `text` in `style` (measured with `cr` the first time).
  ///
  /// Widths do not depend on the context's transformation here: callers measure with
  /// an identity matrix (hint metrics are on, so scaled text would measure differently).
  package func width(_ text: String, _ style: TextStyle, on cr: OpaquePointer) -> Double {
    let key = WidthKey(text: text, style: style)
    if let known = widths.withLock({ $0[key] }) { return known }
    select(style, on: cr)
    var extents = cairo_text_extents_t()
    cairo_text_extents(cr, text, &extents)
    widths.withLock { cache in
      // A bound on memory for a long-running unit: start over rather than grow forever.
      if cache.count > 20_000 { cache.removeAll() }
      cache[key] = extents.x_advance
    }
    return extents.x_advance
  }
}

/// A typeface and a size in pixels.
package struct TextStyle: Hashable, Sendable {
  package enum Weight: CaseIterable, Hashable, Sendable {
    case regular, bold, condensed, condensedBold

    package var family: String {
      switch self {
      case .regular, .bold: "DejaVu Sans"
      case .condensed, .condensedBold: "DejaVu Sans Condensed"
      }
    }

    package var isBold: Bool { self == .bold || self == .condensedBold }

    /// The narrower cut of the same weight.
    package var condensedForm: Weight { isBold ? .condensedBold : .condensed }
  }

  package var weight: Weight
  package var size: Double

  package init(weight: Weight, size: Double) {
    self.weight = weight
    self.size = size
  }

  package static func regular(_ size: Double) -> TextStyle {
    TextStyle(weight: .regular, size: size)
  }
  package static func bold(_ size: Double) -> TextStyle { TextStyle(weight: .bold, size: size) }
}

extension CairoCanvas {
  /// The most characters of one text laid out: more than the widest screen shows in one
  /// line at the smallest size. Longer text (a road name or an alert title of 40,000
  /// characters from a file or a bridge app) is cut to this before it is measured, so
  /// laying it out costs the same as any other.
  package static let textLimit = 256

  /// `text`, cut to ``textLimit`` characters with "…" when longer.
  package static func capped(_ text: String) -> String {
    guard text.utf8.count > textLimit else { return text }
    var end = text.startIndex
    var count = 0
    while end < text.endIndex, count < textLimit {
      end = text.index(after: end)
      count += 1
    }
    return end == text.endIndex ? text : String(text[..<end]) + "…"
  }

  /// The advance width of `text` (capped) in `style`, pixels.
  package func textWidth(_ text: String, _ style: TextStyle) -> Double {
    Fonts.shared.width(Self.capped(text), style, on: cr)
  }

  /// Draws `text` (capped) with its baseline starting at (`x`, `baseline`).
  package func drawText(
    _ text: String, _ style: TextStyle, x: Double, baseline: Double, _ color: Color
  ) {
    Fonts.shared.select(style, on: cr)
    setColor(color)
    cairo_move_to(cr, x, baseline)
    cairo_show_text(cr, Self.capped(text))
  }

  /// The baseline that centres capital letters of `style` on `midY`.
  package func baseline(centering style: TextStyle, on midY: Double) -> Double {
    // DejaVu Sans capitals are 0.729 em tall.
    (midY + style.size * 0.729 / 2).rounded()
  }

  /// The first of `candidates` (in order) that fits `maxWidth` in `style`, trying
  /// `style`, then its condensed cut, then sizes down to `minimumSize`; the last candidate
  /// shortened with "…" when none fits.
  package func fit(
    _ candidates: [String], _ style: TextStyle, minimumSize: Double, maxWidth: Double
  ) -> (text: String, style: TextStyle) {
    let styles = fallbackStyles(style, minimumSize: minimumSize)
    for text in candidates {
      for s in styles where textWidth(text, s) <= maxWidth {
        return (text, s)
      }
    }
    let last = styles.last ?? style
    return (ellipsized(candidates.last ?? "", last, maxWidth: maxWidth), last)
  }

  /// `style`, its condensed cut, then the condensed cut in steps down to `minimumSize`.
  private func fallbackStyles(_ style: TextStyle, minimumSize: Double) -> [TextStyle] {
    var styles = [style]
    let condensed = TextStyle(weight: style.weight.condensedForm, size: style.size)
    if condensed != style { styles.append(condensed) }
    var size = style.size - 2
    while size >= minimumSize {
      styles.append(TextStyle(weight: condensed.weight, size: size))
      size -= 2
    }
    if let last = styles.last, last.size > minimumSize {
      styles.append(TextStyle(weight: condensed.weight, size: minimumSize))
    }
    return styles
  }

  /// `text` (capped) cut at a character and ended with "…" to fit `maxWidth`: the longest
  /// such prefix, found by halving (a dozen measurements, whatever the length).
  package func ellipsized(_ text: String, _ style: TextStyle, maxWidth: Double) -> String {
    let text = Self.capped(text)
    if textWidth(text, style) <= maxWidth { return text }
    let characters = Array(text)
    func candidate(_ count: Int) -> String {
      var kept = characters[..<count]
      while kept.last == " " { kept = kept.dropLast() }
      return String(kept) + "…"
    }
    // The longest prefix whose candidate fits: `low` always fits (or is 0), `high` never.
    var low = 0
    var high = characters.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if textWidth(candidate(middle), style) <= maxWidth { low = middle } else { high = middle }
    }
    guard low > 0 else { return "" }
    return candidate(low)
  }
}
