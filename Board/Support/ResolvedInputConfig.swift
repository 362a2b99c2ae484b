import Templates

/// A validated input configuration: which lines of which chip to request, and how to decode
/// them. Produced by ``BoardConfiguration``; consumed by the GPIO adapter (to request lines)
/// and by ``InputDecoder`` (to decode their edges).
///
/// Built by hand (in tests, say), it must be consistent: no line offset twice, and an
/// ``encoder`` only with exactly one `encoderA` and one `encoderB` line.
public struct ResolvedInputConfig: Sendable, Equatable {
  /// What a line is for.
  public enum Kind: Sendable, Equatable {
    case encoderA
    case encoderB
    case button(role: InputRole)
    case ignition
    /// The headlights (or the dashboard-illumination) line: night theme while on.
    case headlights

    /// How messages name it: `encoder A`, `button "select"`, `ignition`.
    public var role: String {
      switch self {
      case .encoderA: return "encoder A"
      case .encoderB: return "encoder B"
      case .button(let role): return "button \"\(role.rawValue)\""
      case .ignition: return "ignition"
      case .headlights: return "headlights"
      }
    }
  }

  /// One line to request.
  public struct Line: Sendable, Equatable {
    /// Line offset on ``ResolvedInputConfig/chip``.
    public var offset: UInt32
    public var kind: Kind
    /// Request the line active-low, so that edges arrive as logical levels (pressed, on).
    public var activeLow: Bool
    /// Request the internal pull-up bias (libgpiod ≥ 1.5 `BIAS_PULL_UP`); otherwise bias
    /// is left disabled.
    public var pullUp: Bool

    public init(offset: UInt32, kind: Kind, activeLow: Bool, pullUp: Bool) {
      self.offset = offset
      self.kind = kind
      self.activeLow = activeLow
      self.pullUp = pullUp
    }

    /// How messages name the line's purpose.
    public var role: String { kind.role }
  }

  /// How to decode the rotary encoder.
  public struct Encoder: Sendable, Equatable {
    /// 1, 2 or 4.
    public var transitionsPerDetent: Int
    public var reversed: Bool
    /// The fast-spin curve, or `nil` for none.
    public var acceleration: QuadratureDecoder.Acceleration?

    public init(
      transitionsPerDetent: Int = 4, reversed: Bool = false,
      acceleration: QuadratureDecoder.Acceleration? = .standard
    ) {
      self.transitionsPerDetent = transitionsPerDetent
      self.reversed = reversed
      self.acceleration = acceleration
    }
  }

  /// The board the pins were resolved on.
  public var board: BoardPreset
  /// The GPIO chip: a name (`gpiochip0`) or a label (`pinctrl-bcm2711`); the adapter tries
  /// the name first, then the label.
  public var chip: String
  /// The lines to request, encoder first, then buttons in file order, then ignition, then
  /// headlights.
  public var lines: [Line]
  public var encoder: Encoder?
  /// Button debounce time.
  public var debounce: Duration
  /// Button long-press time.
  public var longPress: Duration
  /// How long ignition must stay on before it counts.
  public var ignitionOnDelay: Duration
  /// How long ignition must stay off before it counts.
  public var ignitionOffDelay: Duration
  /// The sysfs power-supply class directory.
  public var powerSupplyPath: String

  public init(
    board: BoardPreset = .pi4, chip: String? = nil, lines: [Line] = [], encoder: Encoder? = nil,
    debounce: Duration = .milliseconds(10), longPress: Duration = .milliseconds(700),
    ignitionOnDelay: Duration = .milliseconds(50), ignitionOffDelay: Duration = .seconds(2),
    powerSupplyPath: String = "/sys/class/power_supply"
  ) {
    self.board = board
    self.chip = chip ?? board.chipLabel
    self.lines = lines
    self.encoder = encoder
    self.debounce = debounce
    self.longPress = longPress
    self.ignitionOnDelay = ignitionOnDelay
    self.ignitionOffDelay = ignitionOffDelay
    self.powerSupplyPath = powerSupplyPath
  }

  /// The line with this offset, if configured.
  public func line(offset: UInt32) -> Line? {
    lines.first { $0.offset == offset }
  }
}

extension ResolvedInputConfig.Line {
  /// The line as the GPIO code requests it: its active level, and the internal pull-up or
  /// no bias.
  public var edgeLine: GPIOEdgeSource.Line {
    GPIOEdgeSource.Line(offset: offset, activeLow: activeLow, bias: pullUp ? .pullUp : .disabled)
  }
}
