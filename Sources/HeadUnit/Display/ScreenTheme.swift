import Foundation
import Geo
import Rendering

/// The screen's theme as configured (`display.theme`): day or night, or `auto` — day and
/// night switched at civil twilight, worked out from where the car is and the time
/// (`Daylight`, with its margin either side so the screen does not flicker at dusk). No
/// network and no table: the sun's position is computed.
struct ScreenTheme {
  /// `"auto"`, `"day"` or `"night"`.
  var setting: String
  private var daylight = Daylight()

  init(setting: String) {
    self.setting = setting
  }

  /// The theme at `now` with the car at `position` (its last fix, else the configured
  /// home, which shows before the first fix). A headlights line, when wired and settled
  /// (`headlights`), overrides `auto`: night while the lights are on, day while off.
  mutating func theme(at now: Date, position: Coordinate, headlights: Bool? = nil) -> Theme {
    if let fixed = Theme.named(setting) { return fixed }
    if let headlights { return headlights ? .night : .day }
    return daylight.update(at: position, on: now) ? .day : .night
  }
}
