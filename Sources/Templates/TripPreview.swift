import Navigation

/// The trips the map is previewing, which one is selected and with which route choice,
/// the start button's title, and an options button beside it when the app has one.
public struct TripPreview: Hashable, Sendable {
  public static let maximumTripCount = 12

  public var trips: [Trip]
  public var selectedTripIndex: Int
  public var selectedChoiceIndex: Int
  /// nil: the system's "Go".
  public var startButtonTitle: String?
  /// The title of a button beside start that the app answers (choosing it emits
  /// `UIEffect.selected(mapID, optionsElementID)`: the built-in app's Route options); nil
  /// for none.
  public var optionsButtonTitle: String?

  public init(
    trips: [Trip], selectedTripIndex: Int = 0, selectedChoiceIndex: Int = 0,
    startButtonTitle: String? = nil, optionsButtonTitle: String? = nil
  ) {
    self.trips = trips
    self.selectedTripIndex = selectedTripIndex
    self.selectedChoiceIndex = selectedChoiceIndex
    self.startButtonTitle = startButtonTitle
    self.optionsButtonTitle = optionsButtonTitle
  }

  /// The focus id of the start button.
  public static let startElementID = "preview.start"
  /// The focus id of the options button.
  public static let optionsElementID = "preview.options"

  /// The focus id of route choice `choice` of trip `tripID`.
  public static func choiceElementID(tripID: String, choice: Int) -> String {
    "preview.\(tripID).\(choice)"
  }

  /// The start button's title: `startButtonTitle`, or the word for "Go" in `text`.
  public func startTitle(_ text: ScreenText = ScreenText()) -> String {
    startButtonTitle ?? text[.go]
  }

  public var selectedTrip: Trip? {
    trips.indices.contains(selectedTripIndex) ? trips[selectedTripIndex] : nil
  }

  /// Every route choice of every trip in order, then the start button, then the options
  /// button when there is one.
  public var focusOrder: [String] {
    trips.flatMap { trip in
      trip.routeChoices.indices.map { Self.choiceElementID(tripID: trip.id, choice: $0) }
    } + [Self.startElementID] + (optionsButtonTitle == nil ? [] : [Self.optionsElementID])
  }

  /// The trip index and choice index a choice element id names, nil for other ids.
  public func choice(forElement elementID: String) -> (trip: Int, choice: Int)? {
    for (t, trip) in trips.enumerated() {
      for c in trip.routeChoices.indices
      where Self.choiceElementID(tripID: trip.id, choice: c) == elementID {
        return (t, c)
      }
    }
    return nil
  }

  /// Checks the trip limit and that every trip has a route.
  public func validate(mapID: String) throws(TemplateError) {
    if trips.count > Self.maximumTripCount {
      throw .rule(
        .tooManyTrips, "preview trips on", .map, mapID,
        "\(trips.count) trips, a preview shows at most \(Self.maximumTripCount)")
    }
    if trips.isEmpty {
      throw .rule(.missingContent, "preview trips on", .map, mapID, "no trips to preview")
    }
    for trip in trips where trip.routeChoices.isEmpty {
      throw .rule(
        .missingContent, "preview trips on", .map, mapID, "trip \(trip.id) has no route choice")
    }
    if Set(trips.map(\.id)).count != trips.count {
      throw .rule(.duplicateID, "preview trips on", .map, mapID, "two trips share an id")
    }
  }
}

extension TripPreview {
  /// The element the controller reports when the driver backs out of the preview.
  public static let cancelElementID = "preview.cancel"
}
