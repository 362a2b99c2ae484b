import Foundation
import Templates

/// A scripted drive through the navigation app with the knob alone — a favourite to a
/// preview, start, ending the trip, then a search by spelling — for `headunit demo` and
/// its contact sheet. Pure: it only feeds events to a `NavigationApp`.
public struct NavigationAppTour {
  /// One screen of the tour.
  public struct Frame: Sendable {
    /// What the driver just did and sees, for the caption.
    public var caption: String
    /// The interface as it is after the step.
    public var controller: InterfaceController
    /// What the app was doing, e.g. to draw guidance under the map only while navigating.
    public var phase: NavigationApp.Phase
  }

  public private(set) var app: NavigationApp
  public private(set) var frames: [Frame] = []
  private var now: Date

  /// - Parameters:
  ///   - provider: the places; the first two become favourites.
  ///   - start: the moment of the first event; each later one comes a second after.
  public init(provider: any RouteProvider, start: Date) {
    app = NavigationApp(provider: provider)
    now = start
  }

  /// Runs the whole tour and returns its frames.
  public static func run(provider: any RouteProvider, start: Date) -> [Frame] {
    var tour = NavigationAppTour(provider: provider, start: start)
    tour.run()
    return tour.frames
  }

  /// Runs the whole tour.
  public mutating func run() {
    let places = app.provider.places
    send(.launch)
    send(.restore(PlaceLists(favourites: Array(places.prefix(2)))))
    snap("The map, knob zooms")
    press()
    snap("Press: the knob moves to the map buttons")
    press()
    snap("Destinations")
    press()
    snap("Favourites")
    press()
    snap("Preview: route choices")
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
    if let first = app.controller.topTemplate?.focusOrder.first(where: {
      $0.hasPrefix("result.")
    }) {
      turn(to: first)
      press()
      snap("A result previewed")
    }
  }

  private mutating func send(_ event: NavigationApp.Event) {
    now.addTimeInterval(1)
    _ = app.handle(event, at: now)
  }

  private mutating func press() { send(.interface(.press(.select, long: false))) }

  /// Turns the knob the fewest detents forward to `element`; does nothing when the top
  /// template cannot focus it.
  private mutating func turn(to element: String) {
    let order = app.controller.topTemplate?.focusOrder ?? []
    guard let target = order.firstIndex(of: element) else { return }
    let from = app.controller.focusedElementID.flatMap { order.firstIndex(of: $0) } ?? -1
    if target != from { send(.interface(.encoder(target - from))) }
  }

  private mutating func snap(_ caption: String) {
    frames.append(Frame(caption: caption, controller: app.controller, phase: app.phase))
  }
}
