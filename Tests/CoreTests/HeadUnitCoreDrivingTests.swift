import Foundation
import Geo
import Navigation
import Templates
import Testing

@testable import Core

/// The core's driving effects as a table: fixes over a road whose limit a stub map gives,
/// with the chime on or off and prompts muted or not.
@Suite struct HeadUnitCoreDrivingTests {
  /// A map of one road everywhere.
  struct OneRoad: PlaceListProvider {
    var road: DrivenRoad?
    var places: [Place] { [] }
    func trip(
      to place: Place, from origin: Coordinate?, avoiding avoid: AvoidableRoads
    ) -> Navigation.Trip? { nil }
    func road(near coordinate: Coordinate, heading: Double?) -> DrivenRoad? { road }
  }

  struct Row: Sendable, CustomStringConvertible {
    var name: String
    var road: DrivenRoad?
    var chime: Bool
    var muted = false
    /// Km/h, one fix a second.
    var speeds: [Double]
    var chimes: Int
    var warning: Bool
    var description: String { name }
  }

  static let street = DrivenRoad(
    name: "Aleksanterinkatu",
    speedLimit: SpeedLimit(value: 30, unit: .kilometresPerHour, source: .tagged))

  static let rows: [Row] = [
    Row(
      name: "chime off (the default): red, silent", road: street, chime: false,
      speeds: [20, 40, 45], chimes: 0, warning: true),
    Row(
      name: "chime on: once per excursion", road: street, chime: true,
      speeds: [20, 40, 45, 40], chimes: 1, warning: true),
    Row(
      name: "two excursions, two chimes", road: street, chime: true,
      speeds: [40, 20, 40], chimes: 2, warning: true),
    Row(
      name: "muted prompts: no chime", road: street, chime: true, muted: true,
      speeds: [40, 45], chimes: 0, warning: true),
    Row(
      name: "no road known: no warning", road: nil, chime: true, speeds: [90], chimes: 0,
      warning: false),
    Row(
      name: "a road without a limit: named, no warning",
      road: DrivenRoad(name: "Esplanadi", speedLimit: nil), chime: true, speeds: [90],
      chimes: 0, warning: false),
  ]

  @Test(arguments: rows)
  func drive(_ row: Row) throws {
    var configuration = HeadUnitCore.Configuration()
    configuration.speedWarning.chime = row.chime
    configuration.muted = row.muted
    var core = HeadUnitCore(
      provider: OneRoad(road: row.road), phrases: try Phrasebook(language: "en"),
      configuration: configuration)
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    _ = core.handle(.start(places: PlaceLists(), trip: nil), at: start)
    _ = core.handle(.devicesReady, at: start)
    var effects: [HeadUnitCore.Effect] = []
    for (i, kmh) in row.speeds.enumerated() {
      let t = start.addingTimeInterval(Double(i + 1))
      let fix = Fix(
        time: t, mode: .threeD, coordinate: Coordinate(latitude: 60.168, longitude: 24.945),
        speed: kmh / 3.6, course: 90)
      effects += core.handle(.position(.fix(fix)), at: t)
    }
    #expect(effects.filter { $0 == .chime }.count == row.chimes)
    #expect(core.speedWarning.isWarning == row.warning)
    #expect(core.road == row.road)
  }

  /// The display's room for map controls reaches the app: with three map buttons (a 3.5"
  /// screen) guidance leaves out the overview, never mute or end; with two, recentre too.
  @Test func theDisplaysRoomLimitsTheGuidanceButtons() throws {
    var configuration = HeadUnitCore.Configuration()
    configuration.mapControls = MapControlRoom(mapButtons: 3, barButtons: 1)
    let core = HeadUnitCore(
      provider: OneRoad(road: nil), phrases: try Phrasebook(language: "en"),
      configuration: configuration)
    #expect(core.app.controller.configuration.mapControls.mapButtons == 3)
    let ids = { (room: Int) in NavigationApp.guidanceButtons(muted: false, room: room).map(\.id) }
    #expect(ids(4) == ["mute", "overview", "recenter", "end"])
    #expect(ids(3) == ["mute", "recenter", "end"])
    #expect(ids(2) == ["mute", "end"])
  }
}
