import Foundation
import Geo

/// The camera policy while driving: centred on the vehicle, heading-up by default, zoomed
/// so the road ahead covers a distance that grows with speed and shrinks as the next
/// maneuver nears (so the maneuver stays on screen, large enough to read).
///
/// A pure function of its inputs: the same moment of a drive always gives the same view.
public struct FollowingCamera: Hashable, Sendable {
  public var orientation: MapCamera.Orientation
  /// Seconds of driving the view ahead covers at the current speed.
  public var secondsAhead: Double
  /// The least and most road shown ahead of the vehicle, metres.
  public var minimumAhead: Double
  public var maximumAhead: Double
  /// The next maneuver is shown at most this fraction of the way up the view ahead.
  public var maneuverFraction: Double

  public init(
    orientation: MapCamera.Orientation = .headingUp, secondsAhead: Double = 25,
    minimumAhead: Double = 150, maximumAhead: Double = 1500, maneuverFraction: Double = 0.7
  ) {
    self.orientation = orientation
    self.secondsAhead = secondsAhead
    self.minimumAhead = minimumAhead
    self.maximumAhead = maximumAhead
    self.maneuverFraction = maneuverFraction
  }

  /// Metres of road ahead to show at `speed` (m/s) with the next maneuver
  /// `distanceToManeuver` metres away (nil when there is none).
  public func distanceAhead(speed: Double, distanceToManeuver: Double?) -> Double {
    var ahead = min(maximumAhead, max(minimumAhead, max(0, speed) * secondsAhead))
    if let d = distanceToManeuver, d.isFinite, d >= 0 {
      ahead = min(ahead, max(minimumAhead, d / maneuverFraction))
    }
    return ahead
  }

  /// The camera for a vehicle at `position` heading `heading` degrees at `speed` m/s,
  /// when the view has `pixelsAhead` pixels from the vehicle's spot to the top of the map.
  public func camera(
    position: Coordinate, heading: Double, speed: Double, distanceToManeuver: Double?,
    pixelsAhead: Double
  ) -> MapCamera {
    let ahead = distanceAhead(speed: speed, distanceToManeuver: distanceToManeuver)
    return MapCamera(
      center: position,
      heading: orientation == .headingUp ? Angle.normalized(heading) : 0,
      metresPerPixel: ahead / max(1, pixelsAhead),
      anchor: .vehicle)
  }
}
