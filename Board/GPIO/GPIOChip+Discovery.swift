import CGPIOD
import Glibc

extension GPIOChip {
  /// Every GPIO chip the kernel offers in `/dev`, in name order.
  ///
  /// Opens each chip briefly to read its label (libgpiod's chip iterator, which is what
  /// `gpiodetect` uses). Blocks for as long as those opens take (microseconds).
  ///
  /// - Throws: ``BoardError`` `.unavailable` when a chip exists but cannot be opened
  ///   (usually permissions: the user is not in the `gpio` group).
  static func available() throws(BoardError) -> [Info] {
    guard let iterator = gpiod_chip_iter_new() else {
      let err = errno
      throw BoardError(
        .unavailable,
        err == EACCES || err == EPERM
          ? "permission denied opening /dev/gpiochip* — add the user to the 'gpio' group"
          : "cannot list GPIO chips: \(describe(err))", underlying: err)
    }
    defer { gpiod_chip_iter_free(iterator) }
    var chips: [Info] = []
    while let chip = gpiod_chip_iter_next(iterator) {
      chips.append(
        Info(
          name: String(cString: gpiod_chip_name(chip)),
          label: String(cString: gpiod_chip_label(chip)),
          lineCount: Int(gpiod_chip_num_lines(chip))))
    }
    return chips
  }

  /// Opens a chip by label (`pinctrl-bcm2711`), name (`gpiochip0`), number (`0`) or device
  /// path (`/dev/gpiochip0`).
  ///
  /// Labels are tried before names, as `gpiod_chip_open_lookup` does: a board preset names
  /// the SoC's GPIO controller by label because its chip number differs between models
  /// (`pinctrl-bcm2711` is `gpiochip0` on a Pi 4, `pinctrl-rp1` is `gpiochip4` on a Pi 5).
  ///
  /// - Throws: ``BoardError`` `.unavailable` naming the chips that are there when none
  ///   matches, or when the chip cannot be opened.
  static func open(_ descriptor: String) throws(BoardError) -> GPIOChip {
    if descriptor.contains("/") {
      guard let handle = gpiod_chip_open(descriptor) else {
        let err = errno
        let reason =
          err == ENOENT
          ? "not found" : err == ENOTTY ? "is not a GPIO chip" : describe(err)
        throw BoardError(.unavailable, "GPIO chip '\(descriptor)' \(reason)", underlying: err)
      }
      return GPIOChip(handle: handle)
    }
    let chips = try available()
    let match =
      chips.first { $0.label == descriptor }
      ?? chips.first { $0.name == descriptor }
      ?? chips.first { UInt(descriptor) != nil && $0.name == "gpiochip" + descriptor }
    guard let match else {
      let found =
        chips.isEmpty
        ? "none — this machine has no /dev/gpiochip*"
        : chips.map(\.description).joined(separator: ", ")
      throw BoardError(
        .unavailable,
        "GPIO chip '\(descriptor)' not found (found: \(found)) — check the board preset in"
          + " the config")
    }
    guard let handle = gpiod_chip_open_by_name(match.name) else {
      let err = errno
      throw BoardError(
        .unavailable, "cannot open GPIO chip \(match): \(describe(err))", underlying: err)
    }
    return GPIOChip(handle: handle)
  }
}
