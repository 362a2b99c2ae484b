import Foundation
import Geo
import Navigation
import Rendering
import Templates

extension HeadUnitCore {
  /// What to put on the screen.
  public enum Frame: Sendable {
    case scene(TemplateScene)
    case blank
  }

  /// The screen at `now`: the templates over the guidance map while a trip is under way,
  /// over the bare map with the vehicle otherwise ("Locating" until the first fix); the
  /// Parked screen; or nothing. Pure.
  public func frame(at now: Date, size: ScreenSize, theme: Theme) -> Frame {
    switch screen {
    case .off, .blank:
      return .blank
    case .parked:
      return .scene(parkedScene(size: size, theme: theme))
    case .live:
      var map: NavigationScene
      if let navigation = bridge.screen?.navigation {
        map = idleScene(at: now, size: size)
        navigation.decorate(&map, phrases: phrases, now: now, timeZone: TimeZone.current)
      } else {
        map = guidance?.scene(at: now, size: size) ?? idleScene(at: now, size: size)
      }
      map.theme = theme
      map.status.isMuted = isMuted || !isAudioAvailable
      let context = MapContext(scene: map, routes: previewRoutes, layers: [])
      guard let scene = TemplateScene(activeController, size: size, theme: theme, map: context)
      else { return .blank }
      return .scene(scene)
    }
  }

  /// Whether frames change with time alone (the vehicle glides between fixes).
  public var isAnimating: Bool {
    screen == .live && guidance != nil && session.state == .navigating
  }

  /// The map with only the vehicle: no route, cards or arrival time.
  func idleScene(at now: Date, size: ScreenSize) -> NavigationScene {
    let layout = NavigationLayout(size: size)
    let follow = FollowingCamera()
    let center = position ?? configuration.home
    let status = StatusContent(
      gps: gpsQuality, isMuted: isMuted || !isAudioAvailable,
      clock: NavigationScreenModel.clock(now, TimeZone.current))
    return NavigationScene(
      size: size, theme: .day,
      camera: MapCamera(
        center: center, heading: heading,
        metresPerPixel: follow.minimumAhead / layout.pixelsAhead, anchor: .vehicle),
      vehicle: position.map { VehiclePose(coordinate: $0, heading: heading) },
      layers: configuration.layers,
      banner: position == nil ? .paused(.locating) : nil,
      status: status)
  }

  private var gpsQuality: PositionQuality {
    switch positionStatus {
    case .connected?: position == nil ? .lost : .good
    case .stale?: .estimated
    default: .lost
    }
  }

  /// The previewed trip's route lines, for the trip preview on the map.
  private var previewRoutes: [String: [MapRoute]] {
    guard case .previewing(let place) = app.phase, let trip = app.previewTrip else { return [:] }
    return [place.id: trip.routeChoices.compactMap(\.route).map { MapRoute($0) }]
  }

  private func parkedScene(size: ScreenSize, theme: Theme) -> TemplateScene {
    let causes = lifecycle.causes
    var items: [InformationScreen.Item] = []
    if causes.contains(.ignitionOff) {
      items.append(InformationScreen.Item(label: "Ignition", value: "Off"))
    }
    if causes.contains(.powerLost) {
      items.append(InformationScreen.Item(label: "External power", value: "Lost"))
    }
    if causes.contains(.bridgeGone) {
      items.append(InformationScreen.Item(label: "Phone app", value: "Disconnected"))
    }
    if let trip = activeTrip {
      items.append(InformationScreen.Item(label: "Trip saved", value: trip.place.name))
      items.append(
        InformationScreen.Item(
          label: "Guidance resumes",
          value: "within \(Int(configuration.resumeWithin / 60)) min of starting again"))
    }
    return TemplateScene(
      size: size, theme: theme,
      content: .information(InformationScreen(title: "Parked", items: items, actions: [])))
  }
}
