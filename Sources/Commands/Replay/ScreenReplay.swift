import Core
import Foundation
import HeadUnit
import Navigation
import Rendering
import Templates

/// The navigation screen at chosen moments of a replayed drive, as the car's core had it.
///
/// Runs the drive once through `Replay` (the daemon's core on a virtual clock) and keeps
/// the core as it stood at each moment asked for; `models` gives the guidance screen of
/// each, over the embedded map's roads.
public struct ScreenReplay {
  var replay: Replay
  var timeZone: TimeZone = .current

  public init(_ replay: Replay, timeZone: TimeZone = .current) {
    self.replay = replay
    self.timeZone = timeZone
  }

  public init(route: Route, fixes: [Fix], phrases: Phrasebook, timeZone: TimeZone = .current) {
    self.init(Replay(route: route, fixes: fixes, phrases: phrases), timeZone: timeZone)
  }

  /// The core at `seconds` after the first fix (any order), with the instant of each.
  public func cores(at seconds: [Double]) -> [Replay.Capture] {
    replay.run(capturing: seconds).captures
  }

  /// The guidance screen at `seconds` after the first fix (any order), with the instant of
  /// each: the core's guidance, drawn over the base layers (the route itself before
  /// guidance starts).
  public func models(at seconds: [Double]) -> [(model: NavigationScreenModel, at: Date)] {
    let route = replay.route
    let mapRoute = MapRoute(route)
    return cores(at: seconds).map { capture in
      let guidance =
        capture.core.guidance
        ?? GuidanceModel(route: route, destinationName: route.steps.last?.name)
      var model = NavigationScreenModel(
        guidance: guidance,
        route: guidance.route == route ? mapRoute : MapRoute(guidance.route),
        phrases: replay.phrases, timeZone: timeZone)
      model.layers = FrameComposer.embeddedLayers
      return (model, capture.at)
    }
  }
}
