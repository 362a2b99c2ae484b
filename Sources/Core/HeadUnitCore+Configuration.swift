import Foundation
import Geo
import Navigation
import Templates

extension HeadUnitCore {
  /// Tunables, from the daemon's configuration file.
  public struct Configuration: Sendable {
    public var lifecycle = LifecycleMachine.Configuration()
    public var session = NavigationSession.Configuration()
    /// Longest time between two saves of the trip while driving.
    public var saveInterval: Duration = .seconds(10)
    /// A saved trip younger than this resumes on start; zero never resumes.
    public var resumeWithin: Duration = .seconds(30 * 60)
    /// How long the Parked screen shows before the screen blanks.
    public var parkedScreen: Duration = .seconds(5)
    /// Voice guidance starts muted.
    public var muted = false
    /// Shown while no fix has come yet.
    public var home = Coordinate(latitude: 60.1699, longitude: 24.9384)
    /// The app bridge's timing and what `hello` says.
    public var bridge = BridgeSettings()
    /// When the speed shows red, and whether a chime sounds.
    public var speedWarning = SpeedWarning.Configuration()
    /// The map controls the display has room for (the daemon takes it from the layout).
    public var mapControls = MapControlRoom()
    /// The unit has a music source of its own (MPD): the built-in app shows Music.
    public var music = false
    /// The roads routes keep off until the driver chooses on the Route options screen.
    public var avoid: AvoidableRoads = []

    public init() {}
  }
}
