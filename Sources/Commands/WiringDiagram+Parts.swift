import Board
import Foundation
import Rendering
import Templates

extension WiringDiagram {
  /// A part's symbol placed on the diagram: its box and the height of each terminal.
  struct PlacedPart {
    var part: WiringPlan.Part
    /// The part's box (its title is above it).
    var frame: ScreenRect
    /// Its terminals, top to bottom.
    var terminals: [Terminal]
    var terminalY: [Terminal: Double]
  }

  /// From one terminal to the next: a header row, so terminals sit halfway between the
  /// heights where wires leave the header and no wire runs along another.
  static let terminalStep = pitch
  static let partWidth = Double(width) - partX - 22

  /// The parts of `plan` stacked to the right of the lanes, each as near as it can be to the
  /// height of its pins, in that order, none overlapping.
  static func placeParts(_ plan: WiringPlan) -> [PlacedPart] {
    var wanted: [(part: WiringPlan.Part, terminals: [Terminal], centre: Double)] = []
    for part in plan.parts {
      var terminals: [Terminal] = []
      var heights: [Double] = []
      for connection in plan.connections {
        for (owner, name) in zip(connection.parts, connection.terminals) where owner == part {
          let terminal = Terminal(name: name, isSignal: connection.gpio != nil)
          if !terminals.contains(terminal) { terminals.append(terminal) }
          heights.append(exitY(of: connection.pin))
        }
      }
      terminals.sort { rank($0) < rank($1) }
      let centre = heights.reduce(0, +) / Double(max(1, heights.count))
      wanted.append((part, terminals, centre))
    }
    wanted.sort { $0.centre < $1.centre }
    var placed: [PlacedPart] = []
    let half = pitch / 2
    /// The first terminal height at or below `y`.
    func snap(_ y: Double) -> Double {
      ((y - top - pitch / 4) / half).rounded(.up) * half + top + pitch / 4
    }
    // Terminals at `top + pitch / 4 + k × pitch / 2`: never at a height a wire leaves at.
    var lowest = top
    for item in wanted {
      let span = Double(item.terminals.count - 1) * terminalStep
      let title = hasTitleAbove(item.part) ? 26.0 : 0
      let first = max(snap(item.centre - span / 2 - half / 2), snap(lowest + title + half))
      var heights: [Terminal: Double] = [:]
      for (index, terminal) in item.terminals.enumerated() {
        heights[terminal] = first + Double(index) * terminalStep
      }
      let frame = ScreenRect(
        x: partX, y: first - half, width: partWidth, height: span + pitch)
      placed.append(PlacedPart(item.part, frame, item.terminals, heights))
      lowest = frame.maxY + 14
    }
    return placed
  }

  /// Where a terminal goes within its part, top to bottom.
  private static func rank(_ terminal: Terminal) -> Int {
    let order = [
      "A", "C (common)", "B", "switch 1", "switch 2", "1", "2", "out", "GND", "pull-up",
      "pull-down",
    ]
    let index = order.firstIndex(of: terminal.name) ?? order.count
    return index * 2 + (terminal.isSignal ? 0 : 1)
  }

  /// How a terminal is marked in its part's box.
  private static func mark(_ terminal: Terminal) -> String {
    switch terminal.name {
    case "C (common)": "C"
    case "switch 1", "switch 2": "SW"
    case "out": "OUT"
    case "pull-up", "pull-down": "10 kΩ"
    default: terminal.name
    }
  }

  func drawPart(_ placed: PlacedPart) {
    let colour = Self.colour(of: placed.part)
    let frame = placed.frame
    canvas.fillRoundedRect(frame, radius: 8, colour.opacity(0.07))
    canvas.roundedRect(frame, radius: 8)
    canvas.stroke(colour, width: 2)
    if Self.hasTitleAbove(placed.part) {
      let (title, style) = canvas.fit(
        [Self.title(of: placed.part)], .bold(16), minimumSize: 12, maxWidth: frame.width)
      canvas.drawText(title, style, x: frame.minX, baseline: frame.minY - 9, colour)
    }
    for terminal in placed.terminals {
      guard let y = placed.terminalY[terminal] else { continue }
      let style = TextStyle.bold(13)
      canvas.drawText(
        Self.mark(terminal), style, x: frame.minX + 10,
        baseline: canvas.baseline(centering: style, on: y), Color(hex: 0x333333))
    }
    switch placed.part {
    case .encoder: drawKnob(in: frame, colour: colour)
    case .button(let role): drawButton(placed, role: role, colour: colour)
    case .ignition: drawInterface(placed, input: "ACC 12 V")
    case .headlights: drawInterface(placed, input: "lights 12 V")
    }
  }

  /// Whether the part's name goes above its box (a button's is inside, beside its symbol).
  static func hasTitleAbove(_ part: WiringPlan.Part) -> Bool {
    if case .button = part { return false }
    return true
  }

  static func title(of part: WiringPlan.Part) -> String {
    switch part {
    case .encoder: "rotary encoder (the knob)"
    case .button(let role): "\(role.rawValue) button"
    case .ignition: "ignition (ACC) interface"
    case .headlights: "headlights interface"
    }
  }

  /// A knob seen from above: a ring, the knurled cap and its pointer.
  private func drawKnob(in frame: ScreenRect, colour: Color) {
    let radius = min(46, frame.height / 2 - 12)
    let centre = ScreenPoint(x: frame.maxX - radius - 24, y: frame.midY)
    canvas.circle(center: centre, radius: radius)
    canvas.fill(Color(hex: 0x3a3a3a))
    canvas.circle(center: centre, radius: radius * 0.72)
    canvas.fill(Color(hex: 0x6b6b6b))
    for step in 0..<16 {
      let angle = Double(step) * .pi / 8
      canvas.moveTo(centre.x + radius * 0.78 * cos(angle), centre.y + radius * 0.78 * sin(angle))
      canvas.lineTo(centre.x + radius * 0.95 * cos(angle), centre.y + radius * 0.95 * sin(angle))
    }
    canvas.stroke(Color(hex: 0x9a9a9a), width: 2)
    canvas.moveTo(centre.x, centre.y)
    canvas.lineTo(centre.x, centre.y - radius * 0.62)
    canvas.stroke(.white, width: 3)
  }

  /// A normally-open push button between terminals 1 and 2.
  private func drawButton(_ placed: PlacedPart, role: InputRole, colour: Color) {
    let heights = placed.terminals.compactMap { placed.terminalY[$0] }
    guard let top = heights.first, let bottom = heights.dropFirst().first else { return }
    let x = placed.frame.minX + 96
    let ink = Color(hex: 0x333333)
    for y in [top, bottom] {
      canvas.moveTo(placed.frame.minX + 34, y)
      canvas.lineTo(x, y)
    }
    canvas.moveTo(x, top)
    canvas.lineTo(x, top + 11)
    canvas.moveTo(x, bottom)
    canvas.lineTo(x, bottom - 11)
    canvas.stroke(ink, width: 2)
    for y in [top + 11, bottom - 11] {
      canvas.circle(center: ScreenPoint(x: x, y: y), radius: 3)
      canvas.fill(ink)
    }
    let mid = (top + bottom) / 2
    canvas.moveTo(x + 10, top + 6)
    canvas.lineTo(x + 10, bottom - 6)
    canvas.moveTo(x + 10, mid)
    canvas.lineTo(x + 26, mid)
    canvas.moveTo(x + 26, mid - 8)
    canvas.lineTo(x + 26, mid + 8)
    canvas.stroke(ink, width: 2.5)
    let room = placed.frame.maxX - x - 50
    let (name, nameStyle) = canvas.fit(
      ["\(role.rawValue) button"], .bold(16), minimumSize: 12, maxWidth: room)
    canvas.drawText(name, nameStyle, x: x + 40, baseline: (mid - 3).rounded(), colour)
    let (kind, kindStyle) = canvas.fit(
      ["push button, normally open", "push, normally open"], .regular(12), minimumSize: 10,
      maxWidth: room)
    canvas.drawText(
      kind, kindStyle, x: x + 40, baseline: (mid + 14).rounded(), Color(hex: 0x555555))
  }

  /// The interface between the car's 12 V line and the GPIO: its kind in the middle, the
  /// car's side marked on the right.
  private func drawInterface(_ placed: PlacedPart, input: String) {
    let frame = placed.frame
    let heights = placed.terminals.compactMap { placed.terminalY[$0] }
    guard let first = heights.first, let last = heights.last else { return }
    let signal = plan.connections.first { $0.gpio != nil && $0.parts == [placed.part] }
    let kind =
      signal?.activeLevel == .low
      ? ["optocoupler", "PC817"] : ["divider 10k/3k3", "3.3 V zener"]
    let style = TextStyle.regular(12)
    let textX = frame.minX + 54
    let rightWidth = canvas.textWidth(input, .bold(13))
    let room = frame.maxX - 14 - rightWidth - 10 - textX
    for (index, line) in kind.enumerated() {
      let (text, fitted) = canvas.fit([line], style, minimumSize: 9, maxWidth: room)
      canvas.drawText(
        text, fitted, x: textX,
        baseline: (frame.midY - 4 + Double(index) * 15).rounded(), Color(hex: 0x444444))
    }
    let marks: [(String, Double, Color)] = [
      (input, first, Color(hex: 0xc62828)),
      ("car GND", heights.dropFirst().first ?? last, Color(hex: 0x222222)),
    ]
    for (text, y, ink) in marks {
      let width = canvas.textWidth(text, .bold(13))
      canvas.drawText(
        text, .bold(13), x: frame.maxX - 14 - width,
        baseline: canvas.baseline(centering: .bold(13), on: y), ink)
    }
  }
}

extension WiringDiagram.PlacedPart {
  fileprivate init(
    _ part: WiringPlan.Part, _ frame: ScreenRect, _ terminals: [WiringDiagram.Terminal],
    _ heights: [WiringDiagram.Terminal: Double]
  ) {
    self.init(part: part, frame: frame, terminals: terminals, terminalY: heights)
  }
}
