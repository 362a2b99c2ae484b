import Foundation
import Geo
import Navigation
import Templates

extension HeadUnitCore {
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

  /// The Parked screen: why the unit stopped, and the trip it saved.
  public var parkedInformation: InformationTemplate {
    let causes = lifecycle.causes
    var items: [InformationTemplate.Item] = []
    if causes.contains(.ignitionOff) {
      items.append(InformationTemplate.Item(title: "Ignition", detail: "Off"))
    }
    if causes.contains(.powerLost) {
      items.append(InformationTemplate.Item(title: "External power", detail: "Lost"))
    }
    if causes.contains(.bridgeGone) {
      items.append(InformationTemplate.Item(title: "Phone app", detail: "Disconnected"))
    }
    if let trip = activeTrip {
      items.append(InformationTemplate.Item(title: "Trip saved", detail: trip.place.name))
      items.append(
        InformationTemplate.Item(
          title: "Guidance resumes",
          detail: "within \((configuration.resumeWithin / 60).secondsText) min of starting again"))
    }
    return InformationTemplate(id: "parked", title: "Parked", items: items)
  }
}
