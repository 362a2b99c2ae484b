import Foundation
import Geo
import Navigation
import Testing

@testable import Rendering

@Suite struct NavigationScreenModelTests {
  @Test func theCardWordsTheNextManeuver() throws {
    let scene = try RenderingFixtures.scene(at: 12)
    let maneuver = try #require(scene.maneuver)
    #expect(maneuver.type == .leftTurn)
    #expect(maneuver.road == "Pohjoisesplanadi")
    #expect(maneuver.distance.hasSuffix(" m"))
    // Longest first, the bare command last.
    #expect(maneuver.instructionVariants.first == "Turn left onto Pohjoisesplanadi")
    #expect(maneuver.instructionVariants.last == "Turn left")
    #expect(scene.trip?.arrival.count == 5)
    #expect(scene.status.gps == .good)
    #expect(scene.banner == nil)
  }

  @Test func closeManeuversGetAThenCardAndLanesShowBeforeJunctions() throws {
    let then = try RenderingFixtures.scene(at: 100)
    guard case .then(let next)? = then.secondary else {
      Issue.record("expected a Then card, got \(String(describing: then.secondary))")
      return
    }
    #expect(next.road == "Asema-aukio")
    let lanes = try RenderingFixtures.scene(at: 40)
    guard case .lanes(let strip)? = lanes.secondary else {
      Issue.record("expected lanes, got \(String(describing: lanes.secondary))")
      return
    }
    #expect(strip.contains { $0.isRecommended })
  }

  @Test func pausesAndArrivalReplaceTheCard() throws {
    #expect(
      try RenderingFixtures.scene(drive: "helsinki-1-wrongturn", at: 100).banner
        == .paused(.proceedToRoute))
    #expect(try RenderingFixtures.scene(at: 290).banner == .arrived("Töölönlahdenkatu"))
    let outage = try RenderingFixtures.scene(drive: "helsinki-1-outage", at: 145)
    #expect(outage.status.gps == .estimated)
    #expect(outage.vehicle?.isEstimated == true)
  }

  @Test func theCameraZoomsInTowardsTheManeuverAndTurnsWithTheRoad() throws {
    let far = try RenderingFixtures.scene(at: 60)
    let near = try RenderingFixtures.scene(at: 80)
    #expect(near.camera.metresPerPixel < far.camera.metresPerPixel)
    #expect(abs(Angle.difference(from: far.camera.heading, to: far.vehicle!.heading)) < 30)
  }

  @Test func timesAreWordedForTheScreen() {
    let utc = TimeZone(identifier: "UTC")!
    let text = ScreenText()
    #expect(text.clock(Date(timeIntervalSince1970: 8 * 3600 + 5 * 60), utc) == "08:05")
    #expect(text.duration(20) == "< 1 min")
    #expect(text.duration(4 * 60 + 10) == "4 min")
    #expect(text.duration(65 * 60) == "1 h 05 min")
  }
}

extension NavigationScreenModelTests {
  /// A server's English step onto a road whose name ends in an abbreviation's dot, its
  /// texts with the dot doubled.
  static let dottedStep: RouteStep = {
    var step = RouteStep(
      maneuver: Maneuver(
        kind: .turn, modifier: .left, location: Coordinate(latitude: 47.14, longitude: 9.52)),
      name: "Franz-Josef-Oehri-Str.", distance: 120, duration: 12,
      geometry: [Coordinate(latitude: 47.14, longitude: 9.52)])
    step.instructionVariants = ["Turn left onto Franz-Josef-Oehri-Str.."]
    return step
  }()

  @Test(arguments: [
    ("en", ["Turn left onto Franz-Josef-Oehri-Str.", "Turn left"]),
    ("de", ["Links abbiegen auf Franz-Josef-Oehri-Str.", "Links abbiegen"]),
  ])
  func theCardKeepsTheDotOfAnAbbreviatedName(language: String, expected: [String]) throws {
    let (english, _) = try RenderingFixtures.model(drive: "helsinki-1-clean", at: 12)
    let model = NavigationScreenModel(
      guidance: english.guidance, route: english.route,
      phrases: try Phrasebook(language: language))
    #expect(model.content(Self.dottedStep, distance: 300).instructionVariants == expected)
  }
}
