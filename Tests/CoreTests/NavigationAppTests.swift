import Foundation
import Navigation
import Templates
import Testing

@testable import Core

@Suite("Navigation app flow")
struct NavigationAppTests {
  typealias F = FakeRouteProvider

  @Test func launchShowsTheBareMapWithDestinations() {
    let d = AppDriver()
    #expect(d.screens == ["map"])
    #expect(d.focused == nil)
    #expect(d.mapButtonIDs == ["destinations", "recenter"])
    #expect(d.app.phase == .browsing)
  }

  @Test func favouriteToPreviewToStartToEndTripConfirm() {
    var d = AppDriver(lists: PlaceLists(favourites: [F.home, F.work]))

    d.press()  // hands the knob to the map's controls
    #expect(d.focused == "destinations")
    d.press()
    #expect(d.screens == ["map", "destinations"])
    #expect(d.focused == "favourites")

    d.press()
    #expect(d.screens == ["map", "destinations", "favourites"])
    #expect(d.focused == "place.home")
    d.turn(1)
    #expect(d.focused == "place.work")

    d.press()
    #expect(d.screens == ["map"])
    #expect(d.app.phase == .previewing(F.work))
    #expect(d.map?.tripPreview?.trips.map(\.id) == ["work"])
    #expect(d.map?.tripPreview?.trips.first?.routeChoices.count == 2)
    #expect(d.focused == "preview.work.0")
    #expect(d.appEffects.isEmpty)

    d.turn(1)  // the second route choice
    d.press()
    #expect(d.map?.tripPreview?.selectedChoiceIndex == 1)
    d.turn(to: TripPreview.startElementID)
    d.press()
    #expect(d.app.phase == .navigating(F.work))
    #expect(d.map?.tripPreview == nil)
    #expect(d.mapButtonIDs == ["mute", "overview", "recenter", "end"])
    let trip = FakeRouteProvider().trip(to: F.work, from: nil)!
    #expect(
      d.appEffects == [
        .persist(PlaceLists(favourites: [F.home, F.work], recents: [F.work])),
        .session(.preview(trip)), .session(.selectRouteChoice(1)), .session(.start),
      ])
    #expect(d.focused == nil)
    #expect(d.map?.trailingBarButtons.map(\.id) == [NavigationApp.ID.openRouteOptions])

    // The bar's Route options first, then the map buttons top to bottom.
    d.press()
    #expect(d.focused == NavigationApp.ID.openRouteOptions)
    d.turn(4)
    #expect(d.focused == "end")
    d.press()
    #expect(d.screens == ["map", "end-trip"])
    #expect(d.focused == "end-trip.cancel")
    #expect(d.app.phase == .navigating(F.work))

    d.turn(1)
    #expect(d.focused == "end-trip.confirm")
    d.press()
    #expect(d.screens == ["map"])
    #expect(d.app.phase == .browsing)
    #expect(d.appEffects == [.session(.cancel)])
    #expect(d.mapButtonIDs == ["destinations", "recenter"])
  }

  @Test func endTripCanBeCancelled() {
    var d = AppDriver(lists: PlaceLists(favourites: [F.work]))
    d.press()
    d.press()
    d.press()
    d.press()  // preview of work
    d.turn(to: TripPreview.startElementID)
    d.press()
    d.press()
    d.turn(to: "end")
    d.press()
    d.press()  // "Continue" has the focus
    #expect(d.screens == ["map"])
    #expect(d.app.phase == .navigating(F.work))
    #expect(d.appEffects.isEmpty)
    #expect(d.mapButtonIDs == ["mute", "overview", "recenter", "end"])
  }

  @Test func searchBySpellingMa() {
    var d = AppDriver()
    d.press()
    d.press()
    d.turn(to: "search")
    d.press()
    #expect(d.screens == ["map", "destinations", "search"])

    d.turn(to: "key.m")
    d.press()
    d.turn(to: "key.a")
    d.press()
    guard case .search(let search) = d.app.controller.topTemplate else {
      Issue.record("search is not on top")
      return
    }
    #expect(search.speller.text == "ma")
    #expect(search.results.map(\.text) == ["Malmi Airport", "Mannerheimintie", "Market Square"])
    // Only letters that still find a place are offered: "Malmi", "Mannerheimintie", "Market".
    #expect(search.speller.keys.map(\.label) == ["l", "n", "r", "␣", "⌫"])

    d.turn(to: SearchTemplate.resultElementID(F.market.id))
    d.press()
    #expect(d.screens == ["map"])
    #expect(d.app.phase == .previewing(F.market))
    #expect(d.focused == "preview.market.0")
  }

  @Test func nearbyCategoryToPointOfInterest() {
    var d = AppDriver()
    d.press()
    d.press()
    d.turn(to: "nearby")
    d.press()
    #expect(d.screens == ["map", "destinations", "nearby"])
    guard case .grid(let grid) = d.app.controller.topTemplate else {
      Issue.record("the grid is not on top")
      return
    }
    // The most common category first, places without one last.
    #expect(grid.buttons.map(\.title) == ["Sights", "Offices", "Other"])
    d.turn(to: "category.sights")
    d.press()
    #expect(d.screens == ["map", "destinations", "nearby", "nearby.sights"])
    #expect(d.focused == "place.market")
    d.turn(1)
    d.press()
    #expect(d.app.phase == .previewing(F.airport))
    #expect(d.screens == ["map"])
  }

  @Test func aPlaceWithoutARouteSaysSo() {
    var d = AppDriver(lists: PlaceLists(favourites: [F.nowhere]))
    d.press()
    d.press()
    d.press()
    d.press()
    #expect(d.screens == ["map", "destinations", "favourites", "no-route"])
    #expect(d.app.phase == .browsing)
    d.press()
    #expect(d.screens == ["map", "destinations", "favourites"])
    #expect(d.focused == "place.nowhere")
  }

  @Test func recentsArePersistedAndRestored() {
    var d = AppDriver()
    d.press()
    d.press()
    d.turn(to: "recents")
    d.press()
    #expect(d.screens == ["map", "destinations", "recents"])
    #expect(d.focused == nil)  // only the disabled "No recent places" row

    d.send(.restore(PlaceLists(recents: [F.market, F.airport])))
    #expect(d.focused == "place.market")
    d.turn(1)
    d.press()
    d.turn(to: TripPreview.startElementID)
    d.press()
    #expect(d.appEffects.first == .persist(PlaceLists(recents: [F.airport, F.market])))
    #expect(d.app.lists.recents == [F.airport, F.market])

    var again = AppDriver(lists: d.app.lists)
    again.press()
    again.press()
    again.turn(to: "recents")
    again.press()
    #expect(again.focused == "place.airport")
  }

  @Test func recentsKeepTheNewestTen() {
    var lists = PlaceLists()
    for i in 0..<12 {
      lists.recordRecent(
        Place(id: "p\(i)", name: "P\(i)", coordinate: F.home.coordinate))
    }
    lists.recordRecent(Place(id: "p5", name: "P5", coordinate: F.home.coordinate))
    #expect(
      lists.recents.map(\.id) == ["p5", "p11", "p10", "p9", "p8", "p7", "p6", "p4", "p3", "p2"])
  }

  @Test func backAndHome() {
    var d = AppDriver(lists: PlaceLists(favourites: [F.home, F.work]))
    d.press()
    d.press()
    d.press()
    #expect(d.screens == ["map", "destinations", "favourites"])
    d.back()
    #expect(d.screens == ["map", "destinations"])
    #expect(d.focused == "favourites")
    d.turn(to: "search")
    d.press()
    d.home()
    #expect(d.screens == ["map"])
    #expect(d.focused == nil)

    // Back out of a preview: the map is browsing again.
    d.press()
    d.press()
    d.press()
    d.press()
    #expect(d.app.phase == .previewing(F.home))
    d.back()
    #expect(d.app.phase == .browsing)
    #expect(d.map?.tripPreview == nil)
    #expect(d.screens == ["map"])
  }

  @Test func arrivalAlertBringsBackTheMap() {
    var d = AppDriver(lists: PlaceLists(favourites: [F.work]))
    d.startTripToFirstFavourite()
    d.send(.session(.arrived))
    #expect(d.map?.navigationAlert?.id == "arrival")
    #expect(d.focused == "arrival.done")
    d.press()
    #expect(d.map?.navigationAlert == nil)
    #expect(d.app.phase == .browsing)
    #expect(d.appEffects == [.session(.finish)])
    #expect(d.mapButtonIDs == ["destinations", "recenter"])
  }

  @Test func guidanceButtons() {
    var d = AppDriver(lists: PlaceLists(favourites: [F.work]))
    d.startTripToFirstFavourite()
    d.press()
    d.turn(to: "mute")
    d.press()
    #expect(d.last.contains(.interface(.muteToggled(true))))
    #expect(d.map?.mapButtons.first?.symbol == .speakerMuted)
    d.turn(to: "overview")
    d.press()
    #expect(d.appEffects == [.showOverview])
  }

  /// On a screen with room for three map buttons the trip's buttons leave out the
  /// overview; the knob reaches end, and end still ends the trip.
  @Test func guidanceButtonsOnASmallScreen() {
    var d = AppDriver(
      lists: PlaceLists(favourites: [F.work]), room: MapControlRoom(mapButtons: 3, barButtons: 2))
    d.startTripToFirstFavourite()
    #expect(d.mapButtonIDs == ["mute", "recenter", "end"])
    d.press()
    d.turn(to: "end")
    d.press()
    #expect(d.screens == ["map", "end-trip"])
  }
}
