import Foundation
import Geo
import Navigation
import Templates

extension HeadUnitCore {
  /// What the screen shows.
  public enum Screen: Sendable, Equatable {
    /// Nothing yet (starting).
    case off
    /// The map and the templates.
    case live
    /// "Parked": the trip is saved, the unit is about to sleep.
    case parked
    /// Blank (backlight off where the driver supports it).
    case blank
  }

  /// Whether frames change with time alone (the vehicle glides between fixes).
  public var isAnimating: Bool {
    screen == .live && guidance != nil && session.state == .navigating
  }

  /// How sure the unit is of where it is, for the status chip of the bare map.
  public var gpsQuality: PositionQuality {
    switch positionStatus {
    case .connected?: position == nil ? .lost : .good
    case .stale?: .estimated
    default: .lost
    }
  }

  /// The previewed trip's routes by place id, for the trip preview on the map.
  public var previewRoutes: [String: [Route]] {
    guard case .previewing(let place) = app.phase, let trip = app.previewTrip else { return [:] }
    return [place.id: trip.routeChoices.compactMap(\.route)]
  }

  /// The Parked screen: why the unit stopped, and the trip it saved, in the app's language.
  public var parkedInformation: InformationTemplate {
    let text = app.text
    let causes = lifecycle.causes
    var items: [InformationTemplate.Item] = []
    if causes.contains(.ignitionOff) {
      items.append(InformationTemplate.Item(title: text[.ignition], detail: text[.ignitionOff]))
    }
    if causes.contains(.powerLost) {
      items.append(
        InformationTemplate.Item(title: text[.externalPower], detail: text[.powerLost]))
    }
    if causes.contains(.bridgeGone) {
      items.append(InformationTemplate.Item(title: text[.phoneApp], detail: text[.disconnected]))
    }
    if let trip = activeTrip {
      items.append(InformationTemplate.Item(title: text[.tripSaved], detail: trip.place.name))
      let minutes = (configuration.resumeWithin / 60).secondsText
      items.append(
        InformationTemplate.Item(
          title: text[.guidanceResumes], detail: text.text(.resumesWithin, ["minutes": minutes])))
    }
    return InformationTemplate(id: "parked", title: text[.parked], items: items)
  }
}
