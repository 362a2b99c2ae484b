extension Banner {
  /// The headline in the card.
  var title: String {
    switch self {
    case .paused(.locating): "Locating…"
    case .paused(.rerouting): "Rerouting…"
    case .paused(.proceedToRoute): "Back to route"
    case .paused(.loading): "Loading route…"
    case .paused(.arrived), .arrived: "Arrived"
    }
  }

  /// The line under it, longest first.
  var detailVariants: [String] {
    switch self {
    case .paused(.locating): ["Waiting for GPS signal", "No GPS signal", "No GPS"]
    case .paused(.rerouting): ["Finding a new route", "New route"]
    case .paused(.proceedToRoute): ["Drive to the highlighted route", "Drive to the route"]
    case .paused(.loading): ["Computing the route", "Please wait"]
    case .paused(.arrived), .arrived: ["You have arrived at your destination", "You have arrived"]
    }
  }

  /// The big bottom line: the destination's name on arrival.
  var road: String? {
    if case .arrived(let name) = self { return name }
    return nil
  }
}
