import Foundation
import Navigation
import Templates

extension NavigationApp {
  /// One controller effect: completions and choices are the app's; the rest go out.
  mutating func react(to effect: UIEffect, at now: Date) {
    switch effect {
    case .completion(_, .success):
      break
    case .completion(_, .failure(let error)):
      outbox.append(.failed(error))
    case .selected(let templateID, _) where Self.isForeign(templateID):
      outbox.append(.interface(effect))
    case .selected(let templateID, let elementID):
      chose(elementID, in: templateID, at: now)
    case .tripStarted(_, let choiceIndex):
      startTrip(choiceIndex: choiceIndex, at: now)
    case .searchTextChanged(let templateID, let text) where templateID == ID.search:
      searchTextChanged(text, at: now)
    case .navigationAlertDismissed(let alertID, _) where alertID == ID.arrivalAlert:
      outbox.append(.interface(effect))
      finishTrip(with: .finish, at: now)
    case .nowPlayingSeek(_, let seconds):
      outbox.append(.interface(effect))
      musicSeek(to: seconds)
    case .drivingLimitsChanged:
      outbox.append(.interface(effect))
      refreshMusicLists(at: now)
    default:
      outbox.append(.interface(effect))
    }
  }

  /// The driver chose `elementID` of template `templateID`.
  private mutating func chose(_ elementID: String, in templateID: String, at now: Date) {
    // A destination the driver picks is routed with their own options.
    if [ID.favourites, ID.recents, ID.search, ID.nearby].contains(templateID)
      || templateID.hasPrefix("nearby.") || templateID.hasPrefix(ID.houseNumbers)
    {
      tripAvoid = nil
    }
    switch templateID {
    case ID.map:
      choseOnMap(elementID, at: now)
    case ID.destinations:
      switch elementID {
      case ID.favourites:
        push(.list(favouritesList), at: now)
      case ID.recents:
        push(.list(recentsList), at: now)
      case ID.nearby: push(.grid(nearbyGrid()), at: now)
      case ID.search: push(.search(searchTemplate()), at: now)
      default: break
      }
      send(.itemHandled(elementID), at: now)
    case ID.favourites, ID.recents:
      if let place = placeNamed(byElement: elementID) { choose(place, at: now) }
      send(.itemHandled(elementID), at: now)
    case ID.nearby:
      if let category = provider.categories().first(where: { ID.category($0) == elementID }) {
        nearbyPlaces = provider.places(
          inCategory: category, near: position, limit: PointOfInterestTemplate.maximumPointCount)
        push(.pointOfInterest(pointsOfInterest(category, nearbyPlaces)), at: now)
      }
    case ID.search:
      choseSearchResult(elementID, at: now)
    case _ where templateID.hasPrefix(ID.houseNumbers):
      choseHouseNumber(elementID, at: now)
    case ID.endTripAlert:
      request({ .dismiss($0) }, at: now)
      if elementID == ID.confirmEnd { finishTrip(with: .cancel, at: now) }
    case ID.noRouteAlert:
      request({ .dismiss($0) }, at: now)
    case ID.dispatchAlert:
      answerOffer(show: elementID == ID.showDispatched, at: now)
    case _ where templateID.hasPrefix("nearby."):
      if let place = placeNamed(byElement: elementID) { choose(place, at: now) }
    case ID.routeOptions:
      choseRouteOption(elementID, at: now)
    case ID.music:
      choseMusicMenu(elementID, at: now)
    case _ where templateID.hasPrefix(ID.musicList):
      choseMusicRow(elementID, in: templateID, at: now)
    case NowPlayingTemplate.sharedID:
      choseNowPlaying(elementID, at: now)
    default:
      break
    }
  }

  private mutating func choseOnMap(_ elementID: String, at now: Date) {
    switch elementID {
    case ID.destinations: push(.list(destinationsList), at: now)
    case ID.openMusic: push(.list(musicMenu), at: now)
    case ID.openRouteOptions, TripPreview.optionsElementID: openRouteOptions(at: now)
    case ID.overview: outbox.append(.showOverview)
    case ID.endTrip:
      let alert = endTripAlert()
      request({ .present($0, .alert(alert)) }, at: now)
    case TripPreview.cancelElementID:
      phase = .browsing
      previewTrip = nil
      tripAvoid = nil
    default: break
    }
  }

  mutating func push(_ template: Template, at now: Date) {
    request({ .push($0, template) }, at: now)
  }

  /// The place a row or point id names.
  private func placeNamed(byElement elementID: String) -> Place? {
    (lists.favourites + lists.recents + nearbyPlaces).first { ID.place($0) == elementID }
  }

  /// Previews the routes to `place` on the bare map, or says there is none.
  mutating func choose(_ place: Place, at now: Date) {
    guard let trip = routes(to: place) else {
      let alert = noRouteAlert(place)
      request({ .present($0, .alert(alert)) }, at: now)
      return
    }
    preview(trip, to: place, at: now)
  }

  /// The route choices to `place` from where the vehicle is; nil when there is none.
  func routes(to place: Place) -> Navigation.Trip? {
    guard var trip = provider.trip(to: place, from: position, avoiding: avoid),
      !trip.routeChoices.isEmpty
    else { return nil }
    trip.avoid = avoid
    return trip
  }

  /// Shows `trip`'s route choices to `place` on the bare map.
  mutating func preview(_ trip: Navigation.Trip, to place: Place, at now: Date) {
    previewTrip = trip
    phase = .previewing(place)
    request({ .popToRoot($0) }, at: now)
    let shown = preview(of: trip, to: place)
    request({ .showTripPreviews($0, shown) }, at: now)
  }

  /// Start on the preview: remember the place, hand the trip to the session, show the
  /// guidance buttons.
  mutating func startTrip(choiceIndex: Int, at now: Date) {
    guard case .previewing(let place) = phase, let trip = previewTrip else { return }
    lists.recordRecent(place)
    outbox.append(.persist(lists))
    outbox.append(.session(.preview(trip)))
    outbox.append(.session(.selectRouteChoice(choiceIndex)))
    outbox.append(.session(.start))
    previewTrip = nil
    phase = .navigating(place)
    // Started by the knob, the controller took the preview down itself; started from
    // elsewhere (a destination handed over with start), the app does.
    if controller.map?.tripPreview != nil { request({ .hideTripPreviews($0) }, at: now) }
    let buttons = Self.guidanceButtons(
      muted: controller.isMuted, room: controller.configuration.mapControls.mapButtons)
    let bar = musicBarButtons
    // Route options after Music: the knob reaches the unit's music first, as on the map.
    let trailing = bar + routeOptionsBarButtons
    request({ .setMapButtons($0, mapButtons: buttons, leading: [], trailing: trailing) }, at: now)
  }

  /// Ends guidance (`.finish` after arrival, `.cancel` before) and restores the map.
  mutating func finishTrip(with event: NavigationSession.Event, at now: Date) {
    guard case .navigating = phase else { return }
    outbox.append(.session(event))
    phase = .browsing
    tripAvoid = nil
    let buttons = browsingButtons
    let bar = musicBarButtons
    request({ .setMapButtons($0, mapButtons: buttons, leading: [], trailing: bar) }, at: now)
  }

  /// What the session said: arrival brings up the arrival alert.
  mutating func sessionReported(_ effect: NavigationSession.Effect, at now: Date) {
    guard case .arrived = effect, case .navigating(let place) = phase else { return }
    let alert = arrivalAlert(place)
    withdrawForeignAlert(at: now)
    request({ .presentNavigationAlert($0, alert) }, at: now)
  }

  /// Redraws favourites and recents lists on screen after a restore.
  mutating func refreshPlaceLists(at now: Date) {
    for template in controller.stack {
      guard case .list(let list) = template else { continue }
      let fresh: ListTemplate
      switch list.id {
      case ID.favourites:
        fresh = favouritesList
      case ID.recents:
        fresh = recentsList
      default: continue
      }
      request({ .update($0, .list(fresh)) }, at: now)
    }
  }
}
