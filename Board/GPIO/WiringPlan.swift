import Templates

/// Every wire between the 40-pin header and the parts a board configuration names: the
/// one source of the wiring table and the wiring diagram.
///
/// Built from a ``BoardPreset`` (which header pin is which GPIO) and a
/// ``ResolvedInputConfig`` (which GPIO does what, with which bias and level). Each signal
/// line becomes one connection; each part also gets a ground pin, the one nearest its
/// signal pins on the header (parts may share one), and a 3V3 pin where the configuration
/// leaves a line without an internal pull-up that the part needs:
/// - a line active-low (or an encoder line) with the internal pull-up: the part closes it to
///   ground — the knob's common pin and its push switch, a button, the interface's output
///   transistor;
/// - a line active-low (or an encoder line) without the pull-up: the same, plus a 10 kΩ
///   pull-up to 3V3;
/// - a button active-high without the pull-up: the button closes to 3V3, with a 10 kΩ
///   pull-down to ground;
/// - the ignition and headlights lines active-high: the interface (a divider with a clamp)
///   drives the line, referred to ground.
///
/// The knob's push switch is the `select` button when there is an encoder.
public struct WiringPlan: Sendable, Equatable {
  /// A part on the other end of the wires.
  public enum Part: Sendable, Hashable {
    /// The rotary encoder: A, B, C (common) and its push switch.
    case encoder
    /// A push button (the `select` one when there is no encoder).
    case button(InputRole)
    /// The ignition (ACC) interface: 12 V in, a GPIO level out.
    case ignition
    /// The headlights interface: 12 V in, a GPIO level out.
    case headlights

    /// How the table and the diagram name it: `encoder`, `back button`, `ignition interface`.
    public var name: String {
      switch self {
      case .encoder: "encoder"
      case .button(let role): "\(role.rawValue) button"
      case .ignition: "ignition interface"
      case .headlights: "headlights interface"
      }
    }
  }

  /// What a header pin carries here.
  public enum Function: Sendable, Equatable {
    /// A configured input line.
    case line(ResolvedInputConfig.Kind)
    case ground
    case power3V3

    /// How the table names it: `encoder A`, `select`, `ignition`, `ground`, `3V3`.
    public var name: String {
      switch self {
      case .line(.encoderA): "encoder A"
      case .line(.encoderB): "encoder B"
      case .line(.button(let role)): role.rawValue
      case .line(.ignition): "ignition"
      case .line(.headlights): "headlights"
      case .ground: "ground"
      case .power3V3: "3V3"
      }
    }
  }

  /// The bias the GPIO line is requested with.
  public enum Pull: Sendable, Hashable {
    /// The SoC's internal pull-up (about 50 kΩ).
    case up
    /// No bias: the part (or an external resistor) sets the idle level.
    case none
  }

  /// The level that means pressed or on.
  public enum Level: Sendable, Hashable {
    case low
    case high
    /// Both levels count: the encoder's quadrature lines.
    case both
  }

  /// One header pin in use: what it carries and what it is wired to.
  public struct Connection: Sendable, Equatable {
    /// The physical header pin, 1–40.
    public var pin: Int
    /// The BCM GPIO number, nil for ground and 3V3.
    public var gpio: Int?
    public var function: Function
    /// The line's bias; `.none` for ground and 3V3.
    public var pull: Pull
    /// The active level; nil for ground and 3V3.
    public var activeLevel: Level?
    /// The parts wired to this pin (several on a shared ground).
    public var parts: [Part]
    /// The part's terminal this pin goes to, for each of ``parts``: `A`, `C (common)`,
    /// `switch 1`, `1` (a button's), `out`, `GND`.
    public var terminals: [String]
    /// A resistor the configuration needs outside the SoC, or nil.
    public var external: String?
  }

  /// The board the pins are on.
  public let board: BoardPreset
  /// The connections, in header pin order.
  public let connections: [Connection]

  /// The plan for `config`'s lines on `board`'s header.
  ///
  /// A line whose GPIO is not on `board`'s header is left out; ``BoardConfiguration``
  /// never produces one.
  public init(board: BoardPreset, config: ResolvedInputConfig) {
    self.board = board
    let hasEncoder = config.lines.contains { $0.kind == .encoderA }
    var signals: [Connection] = []
    var returns: [(part: Part, terminal: String, function: Function, near: [Int])] = []
    for line in config.lines {
      let gpio = Int(line.offset)
      guard let pin = board.headerPin(gpio: gpio) else { continue }
      let part = Self.part(of: line.kind, hasEncoder: hasEncoder)
      let level: Level =
        switch line.kind {
        case .encoderA, .encoderB: .both
        default: line.activeLow ? .low : .high
        }
      var connection = Connection(
        pin: pin, gpio: gpio, function: .line(line.kind), pull: line.pullUp ? .up : .none,
        activeLevel: level, parts: [part], terminals: [Self.terminal(of: line.kind, on: part)],
        external: nil)
      let closesToSupply = level == .high && !line.pullUp && Self.isSwitch(part)
      let returnTerminal: String =
        switch part {
        case .encoder: line.kind == .button(role: .select) ? "switch 2" : "C (common)"
        case .button: "2"
        case .ignition, .headlights: "GND"
        }
      returns.append((part, returnTerminal, closesToSupply ? .power3V3 : .ground, [pin]))
      if closesToSupply {
        connection.external = "10 kΩ to ground"
        returns.append((part, "pull-down", .ground, [pin]))
      } else if !line.pullUp && (Self.isSwitch(part) || level == .low) {
        connection.external = "10 kΩ to 3V3"
        returns.append((part, "pull-up", .power3V3, [pin]))
      }
      signals.append(connection)
    }
    // One wire per (part, terminal, supply), nearest the part's signal pins.
    var merged: [(part: Part, terminal: String, function: Function, near: [Int])] = []
    for item in returns {
      if let index = merged.firstIndex(where: {
        $0.part == item.part && $0.terminal == item.terminal && $0.function == item.function
      }) {
        merged[index].near += item.near
      } else {
        merged.append(item)
      }
    }
    var supplies: [Int: Connection] = [:]
    for item in merged {
      let kind: BoardPreset.Pin = item.function == .ground ? .ground : .power3V3
      let near = merged.filter { $0.part == item.part }.flatMap(\.near)
      guard let pin = Self.nearest(kind, to: near, on: board) else { continue }
      var connection =
        supplies[pin]
        ?? Connection(
          pin: pin, gpio: nil, function: item.function, pull: .none, activeLevel: nil,
          parts: [], terminals: [], external: nil)
      connection.parts.append(item.part)
      connection.terminals.append(item.terminal)
      supplies[pin] = connection
    }
    connections = (signals + supplies.values).sorted { $0.pin < $1.pin }
  }

  /// The connection of `kind`'s line, if configured.
  public func connection(for kind: ResolvedInputConfig.Kind) -> Connection? {
    connections.first { $0.function == .line(kind) }
  }

  /// The parts wired, in the order of their first signal pin on the header.
  public var parts: [Part] {
    var seen: [Part] = []
    for connection in connections where connection.gpio != nil {
      for part in connection.parts where !seen.contains(part) { seen.append(part) }
    }
    return seen
  }

  private static func part(of kind: ResolvedInputConfig.Kind, hasEncoder: Bool) -> Part {
    switch kind {
    case .encoderA, .encoderB: .encoder
    case .button(.select) where hasEncoder: .encoder
    case .button(let role): .button(role)
    case .ignition: .ignition
    case .headlights: .headlights
    }
  }

  private static func terminal(of kind: ResolvedInputConfig.Kind, on part: Part) -> String {
    switch kind {
    case .encoderA: "A"
    case .encoderB: "B"
    case .button: part == .encoder ? "switch 1" : "1"
    case .ignition, .headlights: "out"
    }
  }

  /// Whether the part is a contact closed by hand (the knob, a button), not a circuit
  /// that drives the line.
  private static func isSwitch(_ part: Part) -> Bool {
    switch part {
    case .encoder, .button: true
    case .ignition, .headlights: false
    }
  }

  /// The header pin of `kind` closest to the pins `near` (by rows, a column apart counting
  /// half a row), the lower number on a tie.
  static func nearest(_ kind: BoardPreset.Pin, to near: [Int], on board: BoardPreset) -> Int? {
    guard !near.isEmpty else { return nil }
    func place(_ pin: Int) -> (row: Double, column: Double) {
      (Double((pin - 1) / 2), Double((pin - 1) % 2))
    }
    let centre = near.map(place).reduce((row: 0.0, column: 0.0)) {
      ($0.row + $1.row / Double(near.count), $0.column + $1.column / Double(near.count))
    }
    let candidates = BoardPreset.headerPins.filter { board.pin($0) == kind }
    return candidates.min { a, b in
      let da = abs(place(a).row - centre.row) + abs(place(a).column - centre.column) / 2
      let db = abs(place(b).row - centre.row) + abs(place(b).column - centre.column) / 2
      return da != db ? da < db : a < b
    }
  }
}
