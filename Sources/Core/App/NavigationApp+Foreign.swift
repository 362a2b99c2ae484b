import Foundation
import Templates

extension NavigationApp {
  /// Ids of the navigation alerts the app shows for someone else (a bridge app's incoming
  /// message) start with this: their choices and dismissals pass out as `.interface`
  /// effects for the owner, and the app's own alerts take their place at once.
  public static let foreignAlertPrefix = "foreign."

  /// Shows someone else's navigation alert over the map (the owner checked the map is
  /// free).
  mutating func showForeignAlert(_ alert: NavigationAlert, at now: Date) {
    request({ .presentNavigationAlert($0, alert) }, at: now)
  }

  /// Takes someone else's navigation alert down at once; nothing when none is up.
  mutating func withdrawForeignAlert(at now: Date) {
    guard controller.map?.navigationAlert?.id.hasPrefix(Self.foreignAlertPrefix) == true else {
      return
    }
    for effect in controller.withdrawNavigationAlert() { react(to: effect, at: now) }
  }

  /// Whether `templateID` is a foreign alert's.
  static func isForeign(_ templateID: String) -> Bool {
    templateID.hasPrefix(foreignAlertPrefix)
  }
}
