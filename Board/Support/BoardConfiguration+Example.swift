import Foundation

extension BoardConfiguration {
  /// The text of `Deploy/board.example.json`, kept in the program so that `headunit wiring`
  /// draws the example wiring with no file at hand (a test keeps the two the same).
  public static let exampleText = """
    {
      "board": "pi4",
      "chip": "pinctrl-bcm2711",
      "encoder": {
        "a": "GPIO17",
        "b": "GPIO27",
        "transitionsPerDetent": 4,
        "reversed": false,
        "acceleration": true,
        "pullUp": true
      },
      "buttons": [
        { "role": "select", "pin": "GPIO22", "activeLow": true, "pullUp": true },
        { "role": "back", "pin": "GPIO23", "activeLow": true, "pullUp": true },
        { "role": "home", "pin": "GPIO24", "activeLow": true, "pullUp": true },
        { "role": "mute", "pin": "GPIO25", "activeLow": true, "pullUp": true }
      ],
      "ignition": {
        "pin": "GPIO5",
        "activeHigh": true,
        "pullUp": false,
        "onDelayMs": 50,
        "offDelayMs": 2000
      },
      "headlights": { "pin": "GPIO6", "activeHigh": true, "pullUp": false },
      "debounceMs": 10,
      "longPressMs": 700,
      "powerSupplyPath": "/sys/class/power_supply"
    }

    """

  /// The example configuration (`Deploy/board.example.json`): a Pi 4 with the knob, its
  /// press as select, back, home, mute, the ignition and the headlights.
  public static var example: BoardConfiguration {
    // The text is the program's own and is checked by a test: it always parses.
    do {
      return try BoardConfiguration(json: Data(exampleText.utf8))
    } catch {
      preconditionFailure("the embedded example board configuration is wrong: \(error.message)")
    }
  }
}
