import Board
import Rendering

extension WiringDiagram {
  /// The colour of a header pin of `kind`: pinout.xyz's.
  static func pinColour(_ kind: BoardPreset.Pin) -> Color {
    switch kind {
    case .power3V3: Color(hex: 0xf5a623)
    case .power5V: Color(hex: 0xd0021b)
    case .ground: Color(hex: 0x1a1a1a)
    case .gpio: Color(hex: 0x2e9e44)
    }
  }

  /// The header: its board-coloured strip, the 40 pins numbered, each labelled with what
  /// it is and, in use, what it does.
  func drawHeader(bottom: Double) {
    let body = ScreenRect(
      x: Self.oddX - 26, y: Self.top - 24, width: Self.evenX - Self.oddX + 52,
      height: bottom - Self.top + 24)
    canvas.fillRoundedRect(body, radius: 6, Color(hex: 0x1f3d2b))
    for pin in BoardPreset.headerPins {
      guard let kind = plan.board.pin(pin) else { continue }
      let connection = plan.connections.first { $0.pin == pin }
      drawPin(pin, kind: kind, inUse: connection != nil)
      drawLabel(pin, kind: kind, connection: connection)
    }
  }

  private func drawPin(_ pin: Int, kind: BoardPreset.Pin, inUse: Bool) {
    let centre = Self.centre(of: pin)
    let radius = Self.pinRadius
    if inUse {
      canvas.circle(center: centre, radius: radius + 3)
      canvas.fill(Color(hex: 0xffc400))
    }
    if pin == 1 {
      canvas.fillRoundedRect(
        ScreenRect(
          x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius),
        radius: 2, Self.pinColour(kind))
    } else {
      canvas.circle(center: centre, radius: radius)
      canvas.fill(Self.pinColour(kind))
    }
    let number = String(pin)
    let style = TextStyle.bold(12)
    let light = kind == .power3V3 ? Color(hex: 0x222222) : .white
    canvas.drawText(
      number, style, x: (centre.x - canvas.textWidth(number, style) / 2).rounded(),
      baseline: canvas.baseline(centering: style, on: centre.y), light)
  }

  /// How a ground or 3V3 pin's label names a part: `encoder`, `back`, `ignition`.
  static func shortName(of part: WiringPlan.Part) -> String {
    switch part {
    case .encoder: "encoder"
    case .button(let role): role.rawValue
    case .ignition: "ignition"
    case .headlights: "headlights"
    }
  }

  /// `GPIO17 · encoder A` for a pin in use; `GPIO4`, `GND`, `5V` in grey for the others.
  /// Odd pins are labelled left of the header, even pins right of it, above their wire.
  private func drawLabel(_ pin: Int, kind: BoardPreset.Pin, connection: WiringPlan.Connection?) {
    let name: String
    switch kind {
    case .gpio(let gpio): name = "GPIO\(gpio)"
    case .power3V3: name = "3V3"
    case .power5V: name = "5V"
    case .ground: name = "GND"
    }
    let centre = Self.centre(of: pin)
    let isOdd = pin % 2 == 1
    let maxWidth = isOdd ? Self.oddX - 40 - 20 : Self.laneStart - Self.evenX - 44
    let text: String
    let style: TextStyle
    let colour: Color
    if let connection {
      let uses: String
      switch connection.function {
      case .line: uses = connection.function.name
      case .ground, .power3V3:
        var names: [String] = []
        for part in connection.parts where !names.contains(Self.shortName(of: part)) {
          names.append(Self.shortName(of: part))
        }
        uses = names.joined(separator: ", ")
      }
      (text, style) = canvas.fit(
        ["\(name) · \(uses)"], isOdd ? .bold(15) : .bold(14), minimumSize: 11,
        maxWidth: maxWidth)
      colour = connection.gpio != nil ? Self.colour(of: connection.parts[0]) : Color(hex: 0x222222)
    } else {
      (text, style) = (name, .regular(13))
      colour = Color(hex: 0x8a8a8a)
    }
    let width = canvas.textWidth(text, style)
    let x = isOdd ? Self.oddX - 32 - width : Self.evenX + 32
    let baseline =
      isOdd || connection == nil
      ? canvas.baseline(centering: style, on: centre.y) : centre.y - 6
    canvas.drawText(text, style, x: x.rounded(), baseline: baseline, colour)
  }
}
