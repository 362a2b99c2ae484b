import Navigation

extension Banner {
  /// The headline in the card, longest first, in the language of `text`.
  func titleVariants(_ text: ScreenText) -> [String] {
    switch self {
    case .paused(.locating): text.variants(.locating)
    case .paused(.rerouting): text.variants(.rerouting)
    case .paused(.proceedToRoute): text.variants(.backToRoute)
    case .paused(.loading): text.variants(.loadingRoute)
    case .paused(.arrived), .arrived: text.variants(.arrived)
    }
  }

  /// The line under it, longest first, in the language of `text`.
  func detailVariants(_ text: ScreenText) -> [String] {
    switch self {
    case .paused(.locating): text.variants(.locatingDetail)
    case .paused(.rerouting): text.variants(.reroutingDetail)
    case .paused(.proceedToRoute): text.variants(.backToRouteDetail)
    case .paused(.loading): text.variants(.loadingRouteDetail)
    case .paused(.arrived), .arrived: text.variants(.arrivedDetail)
    }
  }

  /// The big bottom line: the destination's name on arrival.
  var road: String? {
    if case .arrived(let name) = self { return name }
    return nil
  }
}
