import Board
import Rendering

/// The wiring diagram of a ``WiringPlan``, drawn with cairo: the 40-pin header as its two
/// rows of numbered pins (coloured by kind, the pins in use ringed and labelled with their
/// function), a wire from each pin in use to a terminal of a part's symbol (the rotary
/// encoder, the push buttons, the ignition and headlights interfaces).
///
/// Odd pins (the header's inner row) are on the left, labelled on the left; even pins on
/// the right, labelled above their wire. A wire from an odd pin crosses between two even
/// pins, so every wire leaves the header on a height of its own, then runs in a lane of its
/// own down or up to its part (`WiringDiagram+Lanes.swift`). Drawing is deterministic: the
/// same plan gives the same pixels.
struct WiringDiagram {
  /// One wire from a header pin to a part's terminal.
  struct Wire: Equatable {
    var pin: Int
    var part: WiringPlan.Part
    /// The terminal's key within its part (`WiringDiagram+Parts.swift`).
    var terminal: Terminal
    var function: WiringPlan.Function
    /// Where it leaves the header, and where it meets its terminal.
    var exitY: Double
    var terminalY: Double
  }

  /// A part's terminal: its name in the plan and whether the wire is the signal's or a
  /// supply's (both ends of the knob's switch are called `switch`).
  struct Terminal: Hashable {
    var name: String
    var isSignal: Bool
  }

  let plan: WiringPlan
  let canvas: CairoCanvas

  static let width = 1120
  static let top = 112.0
  static let pitch = 40.0
  static let oddX = 300.0
  static let evenX = 344.0
  static let pinRadius = 13.0
  static let laneStart = 604.0
  static let laneStep = 13.0
  static let partX = 846.0

  /// Draws `plan`.
  ///
  /// - Throws: `RenderingError` when cairo cannot make the canvas.
  init(plan: WiringPlan) throws(RenderingError) {
    self.plan = plan
    let parts = Self.placeParts(plan)
    let headerBottom = Self.y(row: 19) + 22
    let legendTop = headerBottom + 30
    let height = Int(max(legendTop + 90, (parts.map(\.frame.maxY).max() ?? 0) + 30))
    canvas = try CairoCanvas(width: Self.width, height: height)
    canvas.clear(.white)
    drawTitle()
    let wires = Self.arrange(Self.wires(plan, parts: parts))
    for (wire, lane) in wires { drawWire(wire, lane: lane, all: wires) }
    drawHeader(bottom: headerBottom)
    for part in parts { drawPart(part) }
    drawLegend(top: legendTop)
  }

  /// Writes the diagram as a PNG file.
  func writePNG(to path: String) throws(RenderingError) { try canvas.writePNG(to: path) }

  /// The diagram's pixels.
  var pixels: PixelBuffer { canvas.pixelBuffer() }

  /// The centre height of header row `row` (0 for pins 1 and 2).
  static func y(row: Int) -> Double { top + Double(row) * pitch }

  /// The centre of header pin `pin`.
  static func centre(of pin: Int) -> ScreenPoint {
    ScreenPoint(x: pin % 2 == 1 ? oddX : evenX, y: y(row: (pin - 1) / 2))
  }

  /// The height at which a wire from `pin` leaves the header: an even pin's own, an odd
  /// pin's a little under half a row lower (between two even pins, clear of the label above
  /// the lower one's wire).
  static func exitY(of pin: Int) -> Double {
    centre(of: pin).y + (pin % 2 == 1 ? pitch * 0.45 : 0)
  }

  /// Every wire of `plan`, to the terminals of `parts`.
  static func wires(_ plan: WiringPlan, parts: [PlacedPart]) -> [Wire] {
    plan.connections.flatMap { connection in
      zip(connection.parts, connection.terminals).compactMap { part, name -> Wire? in
        let terminal = Terminal(name: name, isSignal: connection.gpio != nil)
        guard let placed = parts.first(where: { $0.part == part }),
          let y = placed.terminalY[terminal]
        else { return nil }
        return Wire(
          pin: connection.pin, part: part, terminal: terminal, function: connection.function,
          exitY: exitY(of: connection.pin), terminalY: y)
      }
    }
  }

  /// The colour of a wire: black to ground, amber to 3V3, the part's own for a signal.
  static func colour(of wire: Wire) -> Color {
    switch wire.function {
    case .ground: Color(hex: 0x222222)
    case .power3V3: Color(hex: 0xe08a00)
    case .line: colour(of: wire.part)
    }
  }

  static func colour(of part: WiringPlan.Part) -> Color {
    switch part {
    case .encoder: Color(hex: 0xd9480f)
    case .button: Color(hex: 0x1c64c8)
    case .ignition: Color(hex: 0xc2185b)
    case .headlights: Color(hex: 0x6a3fb5)
    }
  }

  private func drawTitle() {
    canvas.drawText(
      "\(plan.board.name): the knob, the buttons, the ignition and the headlights",
      .bold(22), x: 24, baseline: 40, Color(hex: 0x111111))
    canvas.drawText(
      "The 40-pin header seen from above: pin 1 has the square pad, odd pins are the row "
        + "nearer the middle of the board",
      .regular(14), x: 24, baseline: 66, Color(hex: 0x555555))
  }

  private func drawWire(_ wire: Wire, lane: Double, all: [(Wire, Double)]) {
    let start = Self.centre(of: wire.pin)
    if wire.pin % 2 == 1 {
      let middle = (Self.oddX + Self.evenX) / 2
      canvas.moveTo(start.x, start.y)
      canvas.lineTo(middle, start.y)
      canvas.lineTo(middle, wire.exitY)
    } else {
      canvas.moveTo(start.x, start.y)
    }
    canvas.lineTo(lane, wire.exitY)
    canvas.lineTo(lane, wire.terminalY)
    canvas.lineTo(Self.partX, wire.terminalY)
    let colour = Self.colour(of: wire)
    canvas.stroke(colour, width: 2.5)
    // A dot where wires from one pin part ways.
    let farthest = all.filter { $0.0.pin == wire.pin }.map(\.1).max() ?? lane
    if lane < farthest {
      canvas.circle(center: ScreenPoint(x: lane, y: wire.exitY), radius: 4)
      canvas.fill(colour)
    }
    canvas.circle(center: ScreenPoint(x: Self.partX, y: wire.terminalY), radius: 3.5)
    canvas.fill(colour)
  }

  private func drawLegend(top: Double) {
    var x = 24.0
    let baseline = top + 20
    for (kind, name) in [
      (BoardPreset.Pin.power3V3, "3V3"), (.power5V, "5V (not used)"), (.ground, "ground"),
      (.gpio(4), "GPIO"),
    ] {
      canvas.circle(center: ScreenPoint(x: x + 9, y: baseline - 5), radius: 9)
      canvas.fill(Self.pinColour(kind))
      canvas.drawText(name, .regular(15), x: x + 24, baseline: baseline, Color(hex: 0x333333))
      x += 48 + canvas.textWidth(name, .regular(15))
    }
    canvas.circle(center: ScreenPoint(x: x + 9, y: baseline - 5), radius: 9)
    canvas.fill(Self.pinColour(.gpio(4)))
    canvas.circle(center: ScreenPoint(x: x + 9, y: baseline - 5), radius: 11)
    canvas.stroke(Color(hex: 0xffc400), width: 3.5)
    canvas.drawText("in use", .regular(15), x: x + 26, baseline: baseline, Color(hex: 0x333333))
    for (index, line) in [
      "Wires: black to ground, amber to 3V3, coloured for signals.",
      "The car's 12 V never goes to a pin: only into an interface.",
    ].enumerated() {
      canvas.drawText(
        line, .regular(14), x: 24, baseline: baseline + 32 + Double(index) * 20,
        Color(hex: 0x555555))
    }
  }
}
