/// What a supported Raspberry Pi model looks like to the GPIO code: which chip carries the
/// 40-pin header's GPIOs, and which header pin is which GPIO.
///
/// Facts (checked against `gpiodetect` / `gpioinfo` output):
/// - Pi 3 and Zero 2 W: `gpiochip0`, label `pinctrl-bcm2835` (54 lines).
/// - Pi 4: `gpiochip0`, label `pinctrl-bcm2711` (58 lines).
/// - Pi 5: the header is on the RP1 southbridge, label `pinctrl-rp1` (54 lines). Kernels
///   before late 2024 numbered it `gpiochip4`; later ones `gpiochip0` (with `gpiochip4` kept
///   as an alias). Find it by label, not by number.
/// - On all four, the line offset of header GPIO *n* is *n* (the BCM number), and the 40-pin
///   header has the same layout. GPIO0 and GPIO1 (pins 27, 28) are the HAT ID EEPROM's I²C
///   bus and are not offered for inputs.
public struct BoardPreset: Sendable, Equatable {
  /// What sits on one header pin.
  public enum Pin: Sendable, Equatable {
    /// A BCM GPIO.
    case gpio(Int)
    case power3V3
    case power5V
    case ground
  }

  /// The name used in the configuration file: `pi3`, `pi4`, `pi5`, `zero2w`.
  public let id: String
  /// The name people use, for messages: "Pi 4".
  public let name: String
  /// The GPIO chip label carrying the header's GPIOs.
  public let chipLabel: String

  /// The GPIOs a configuration may use: the header's, minus the HAT EEPROM pair.
  public static let usableGPIOs = 2...27

  /// Raspberry Pi 3 Model B/B+.
  public static let pi3 = BoardPreset(id: "pi3", name: "Pi 3", chipLabel: "pinctrl-bcm2835")
  /// Raspberry Pi 4 Model B (and 400, CM4 on a 40-pin carrier).
  public static let pi4 = BoardPreset(id: "pi4", name: "Pi 4", chipLabel: "pinctrl-bcm2711")
  /// Raspberry Pi 5.
  public static let pi5 = BoardPreset(id: "pi5", name: "Pi 5", chipLabel: "pinctrl-rp1")
  /// Raspberry Pi Zero 2 W.
  public static let zero2W = BoardPreset(
    id: "zero2w", name: "Zero 2 W", chipLabel: "pinctrl-bcm2835")

  /// Every supported board, in the order messages list them.
  public static let all: [BoardPreset] = [.pi3, .pi4, .pi5, .zero2W]

  /// The preset with this configuration name, if there is one.
  public static func named(_ id: String) -> BoardPreset? {
    all.first { $0.id == id }
  }

  /// Header pins 1–40. Index 0 is pin 1.
  private static let header: [Pin] = [
    .power3V3, .power5V,  // 1, 2
    .gpio(2), .power5V,  // 3, 4
    .gpio(3), .ground,  // 5, 6
    .gpio(4), .gpio(14),  // 7, 8
    .ground, .gpio(15),  // 9, 10
    .gpio(17), .gpio(18),  // 11, 12
    .gpio(27), .ground,  // 13, 14
    .gpio(22), .gpio(23),  // 15, 16
    .power3V3, .gpio(24),  // 17, 18
    .gpio(10), .ground,  // 19, 20
    .gpio(9), .gpio(25),  // 21, 22
    .gpio(11), .gpio(8),  // 23, 24
    .ground, .gpio(7),  // 25, 26
    .gpio(0), .gpio(1),  // 27, 28
    .gpio(5), .ground,  // 29, 30
    .gpio(6), .gpio(12),  // 31, 32
    .gpio(13), .ground,  // 33, 34
    .gpio(19), .gpio(16),  // 35, 36
    .gpio(26), .gpio(20),  // 37, 38
    .ground, .gpio(21),  // 39, 40
  ]

  /// The header's physical pin numbers.
  public static let headerPins = 1...40

  /// What is on physical header pin `number` (1–40), or `nil` if there is no such pin.
  public func pin(_ number: Int) -> Pin? {
    guard Self.headerPins.contains(number) else { return nil }
    return Self.header[number - 1]
  }

  /// The physical header pin carrying BCM GPIO `gpio`, or `nil` if it is not on the header.
  public func headerPin(gpio: Int) -> Int? {
    Self.header.firstIndex(of: .gpio(gpio)).map { $0 + 1 }
  }

  /// The line offset on ``chipLabel`` of BCM GPIO `gpio`: the same number on every preset.
  public func lineOffset(gpio: Int) -> UInt32 {
    UInt32(gpio)
  }
}
