import Canvas
import Foundation

/// Draws one lane of the lane-guidance strip: an arrow for each direction painted on
/// the lane, from a shared stem.
struct LaneSymbol {
  var lane: LaneContent

  /// Turn angle in degrees (negative left) for an OSRM lane indication; nil for a U-turn.
  static func angle(_ indication: String) -> Double?? {
    switch indication {
    case "sharp left": -135
    case "left": -90
    case "slight left": -45
    case "straight", "none", "": 0
    case "slight right": 45
    case "right": 90
    case "sharp right": 135
    case "uturn": .some(nil)
    default: nil
    }
  }

  func draw(in canvas: CairoCanvas, rect: ScreenRect, color: Color) {
    let side = min(rect.width, rect.height)
    let box = ScreenRect(
      x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
    let pen = ManeuverSymbol.Pen(
      canvas: canvas, color: color, dimmed: color, mirrored: false, box: box)
    let indications = lane.indications.isEmpty ? ["straight"] : lane.indications
    let width = 0.13
    for indication in indications {
      guard let known = Self.angle(indication) else { continue }
      guard let degrees = known else {
        pen.arrow(
          [(0.64, 0.94), (0.64, 0.5)]
            + ManeuverSymbol.Pen.arc((0.44, 0.5), radius: 0.2, from: 0, to: -180)
            + [(0.24, 0.72)], width: width)
        continue
      }
      let radians = degrees * .pi / 180
      let junction = (x: 0.5, y: abs(degrees) > 100 ? 0.4 : 0.52)
      let length = abs(degrees) > 100 ? 0.36 : 0.42
      pen.arrow(
        [
          (0.5, 0.94), junction,
          (junction.x + sin(radians) * length, junction.y - cos(radians) * length),
        ], width: width)
    }
  }
}
