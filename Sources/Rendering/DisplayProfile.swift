import Foundation
import Templates

/// A display size the screens have a layout for, and its class.
///
/// Any other size is drawn with the layout of the nearest supported size (the closest
/// aspect ratio, then the closest area), adapted to its real size.
public struct DisplayProfile: Hashable, Sendable, CustomStringConvertible {
  public let size: ScreenSize
  public let displayClass: DisplayClass

  /// The supported sizes: 2.8" and 3.5" SPI panels, the 7" DSI and HDMI panels,
  /// 1280×720 HDMI, two bar displays and a portrait tablet.
  public static let supported: [DisplayProfile] = [
    DisplayProfile(size: ScreenSize(width: 320, height: 240), displayClass: .small),
    DisplayProfile(size: ScreenSize(width: 480, height: 320), displayClass: .small),
    DisplayProfile(size: .standard, displayClass: .standard),
    DisplayProfile(size: ScreenSize(width: 1024, height: 600), displayClass: .standard),
    DisplayProfile(size: ScreenSize(width: 1280, height: 720), displayClass: .standard),
    DisplayProfile(size: ScreenSize(width: 1280, height: 400), displayClass: .bar),
    DisplayProfile(size: .wide, displayClass: .bar),
    DisplayProfile(size: .portrait, displayClass: .portrait),
  ]

  /// The supported sizes, as `ScreenSize`s.
  public static var supportedSizes: [ScreenSize] { supported.map(\.size) }

  /// The profile whose layout `size` uses: its own when supported, else, among the small
  /// profiles for a screen up to 560×400 and the others for any larger, the one with the
  /// nearest aspect ratio (within 2 %), then the nearest area (both on a log scale).
  public static func nearest(to size: ScreenSize) -> DisplayProfile {
    if let exact = supported.first(where: { $0.size == size }) { return exact }
    let w = Double(max(1, size.width))
    let h = Double(max(1, size.height))
    func aspectDistance(_ p: DisplayProfile) -> Double {
      abs(log(w / h) - log(Double(p.size.width) / Double(p.size.height)))
    }
    func areaDistance(_ p: DisplayProfile) -> Double {
      abs(log(w * h) - log(Double(p.size.width * p.size.height)))
    }
    // The small screens' rules only for screens about as small: a 640×480 panel has the
    // room of a standard one, whatever its aspect ratio.
    let small = size.width <= 560 && size.height <= 400
    let candidates = supported.filter { ($0.displayClass == .small) == small }
    let best = candidates.map(aspectDistance).min() ?? 0
    let closeInAspect = candidates.filter { aspectDistance($0) <= best + 0.02 }
    return closeInAspect.min { areaDistance($0) < areaDistance($1) } ?? supported[2]
  }

  /// The log line for a frame of `size`: which layout it gets, and whether that layout
  /// was made for another size; `display`, when the display's own size differs (outside
  /// `ScreenSize.sides`), is named too, as the frame is centred or cropped on it.
  public static func note(for size: ScreenSize, display: ScreenSize? = nil) -> String {
    let profile = nearest(to: size)
    let shown =
      display.map { $0 == size ? "display \(size)" : "display \($0) (drawn at \(size))" }
      ?? "display \(size)"
    if profile.size == size { return "\(shown): the \(profile) layout" }
    return "\(shown): no layout of its own; the \(profile) layout, adapted to \(size)"
  }

  public var description: String { "\(size) (\(displayClass.rawValue))" }
}
