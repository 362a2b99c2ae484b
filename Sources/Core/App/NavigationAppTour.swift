import Foundation
import Geo
import Navigation
import Templates

/// A scripted drive through the built-in app with the knob alone — a favourite to a
/// preview, its route options, start, ending the trip, then a search by spelling — for `headunit demo` and
/// its contact sheet. The knob's detents and presses go to a whole `HeadUnitCore` on a
/// virtual clock, as the GPIO decoder hands them to the car's; each frame is the core as
/// it stood after a step, for drawing what the screen showed.
public struct NavigationAppTour {
  /// One screen of the tour.
  public struct Frame {
    /// What the driver just did and sees, for the caption.
    public var caption: String
    /// The core after the step.
    public var core: HeadUnitCore
    /// When the step happened.
    public var at: Date

    /// The interface as it is after the step.
    public var controller: InterfaceController { core.activeController }
  }

  public private(set) var frames: [Frame] = []
  private var clock: VirtualClock<HeadUnitCore>
  private var t: TimeInterval = 0
  /// Where the parked car's receiver reports it, once a second.
  private let position: Coordinate?

  /// - Parameters:
  ///   - provider: the places; the first two become favourites.
  ///   - phrases: the core's language.
  ///   - position: where the vehicle stands (a fix at the start), nil for none.
  ///   - start: the moment of the first event; each later one comes a second after.
  public init(
    provider: EmbeddedRouteProvider, phrases: Phrasebook, position: Coordinate?, start: Date
  ) {
    var configuration = HeadUnitCore.Configuration()
    if let position { configuration.home = position }
    clock = VirtualClock(
      HeadUnitCore(provider: provider, phrases: phrases, configuration: configuration),
      origin: start)
    self.position = position
    let favourites = PlaceLists(favourites: Array(provider.places.prefix(2)))
    send(.start(places: favourites, trip: nil))
    standStill()
  }

  /// Runs the whole tour and returns its frames.
  public static func run(
    provider: EmbeddedRouteProvider, phrases: Phrasebook, position: Coordinate?, start: Date
  ) -> [Frame] {
    var tour = NavigationAppTour(
      provider: provider, phrases: phrases, position: position, start: start)
    tour.run()
    return tour.frames
  }

  /// Runs the whole tour.
  public mutating func run() {
    snap("The map, knob zooms")
    press()
    snap("Press: the knob moves to the map buttons")
    press()
    snap("Destinations")
    press()
    snap("Favourites")
    press()
    snap("Preview: route choices")
    turn(to: TripPreview.optionsElementID)
    press()
    turn(to: NavigationApp.optionID(.tolls))
    press()
    snap("Route options: avoid tolls")
    back()
    turn(to: TripPreview.startElementID)
    press()
    snap("Start: guidance buttons")
    press()
    turn(to: NavigationApp.ID.endTrip)
    press()
    snap("End trip? asks first")
    turn(to: NavigationApp.ID.confirmEnd)
    press()
    snap("Trip ended: back on the map")
    press()
    turn(to: NavigationApp.ID.destinations)
    press()
    turn(to: NavigationApp.ID.search)
    press()
    snap("Search: a rotary speller")
    for letter in "ma" {
      turn(to: RotarySpeller.Key.letter(letter).elementID)
      press()
    }
    snap("Spelled \"ma\"")
    if let first = controller.topTemplate?.focusOrder.first(where: { $0.hasPrefix("result.") }) {
      turn(to: first)
      press()
      snap("A result previewed")
    }
  }

  private var controller: InterfaceController { clock.machine.activeController }

  private mutating func send(_ event: HeadUnitCore.Event) {
    clock.send(event, at: t) { effect, _, _ in effect == .acquireDevices ? [.devicesReady] : [] }
  }

  /// The receiver's report of the car standing at `position`, now.
  private mutating func standStill() {
    guard let position else { return }
    let fix = Fix(
      time: clock.origin.addingTimeInterval(t), mode: .threeD, coordinate: position, speed: 0,
      hdop: 0.9, satellites: 9)
    send(.position(.fix(fix)))
  }

  /// A second later, a short press of the knob.
  private mutating func press() {
    t += 1
    standStill()
    send(.input(.button(role: .select, action: .press, at: .seconds(t))))
    send(.input(.button(role: .select, action: .release, at: .seconds(t))))
  }

  /// A second later, a short press of the back button.
  private mutating func back() {
    t += 1
    standStill()
    send(.input(.button(role: .back, action: .press, at: .seconds(t))))
    send(.input(.button(role: .back, action: .release, at: .seconds(t))))
  }

  /// Turns the knob the fewest detents forward to `element`; does nothing when the top
  /// template cannot focus it.
  private mutating func turn(to element: String) {
    let order = controller.topTemplate?.focusOrder ?? []
    guard let target = order.firstIndex(of: element) else { return }
    let from = controller.focusedElementID.flatMap { order.firstIndex(of: $0) } ?? -1
    guard target != from else { return }
    t += 1
    standStill()
    send(.input(.rotated(detents: target - from, at: .seconds(t))))
  }

  /// The screen a second after the step, when the next report has come.
  private mutating func snap(_ caption: String) {
    t += 1
    standStill()
    frames.append(Frame(caption: caption, core: clock.machine, at: clock.now))
  }
}
