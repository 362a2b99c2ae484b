import Foundation
import Geo
import Navigation
import Testing

@testable import Rendering

/// The guidance card of a signposted motorway exit.
@Suite struct SignpostCardTests {
  static func exitStep() -> RouteStep {
    RouteStep(
      maneuver: Maneuver(
        kind: .offRamp, modifier: .slightRight,
        location: Coordinate(latitude: 47.173, longitude: 9.518)),
      ref: "A 13; E 43", distance: 450, duration: 33,
      geometry: [Coordinate(latitude: 47.173, longitude: 9.518)],
      signpost: Signpost(
        exits: ["4"], refs: ["A 1", "A 10"], destinations: ["Vaduz", "Feldkirch"]))
  }

  @Test func theCardCarriesTheExitNumberAndWhereItLeads() throws {
    let (model, _) = try RenderingFixtures.model(drive: "helsinki-1-clean", at: 12)
    let step = Self.exitStep()
    let content = model.content(step, distance: 300)
    #expect(content.exitNumber == "4")
    #expect(content.towardsVariants.first == "A1, A10 · Vaduz, Feldkirch")
    #expect(content.showsSignpost)
    #expect(
      content.instructionVariants.first == "Take exit 4 on the right towards Vaduz and Feldkirch")
    #expect(content.instructionVariants.contains("Take the exit on the right"))
    // The shortest still says the number.
    #expect(content.instructionVariants.last == "Take exit 4 on the right")
    // A road known only by its refs is named by the main one.
    #expect(content.road == "E43")
  }

  @Test func theCardNamesTheMainReferenceOfARoad() throws {
    let (model, _) = try RenderingFixtures.model(drive: "helsinki-1-clean", at: 12)
    var step = Self.exitStep()
    step.maneuver = Maneuver(kind: .turn, modifier: .right, location: step.maneuver.location)
    step.ref = "7; 15; E 18"
    step.signpost = nil
    let content = model.content(step, distance: 300)
    #expect(content.road == "E18")
    #expect(content.instructionVariants.first == "Turn right onto E18")
    #expect(!content.showsSignpost)
  }

  /// White pixels (the badge) in the card's bottom-left corner.
  static func badgePixels(_ maneuver: ManeuverContent) throws -> Int {
    var scene = try RenderingFixtures.scene(at: 40)
    scene.maneuver = maneuver
    let renderer = try NavigationRenderer(size: .standard)
    renderer.render(scene)
    let pixels = renderer.pixelBuffer()
    let card = renderer.layout.card
    var white = 0
    for y in Int(card.maxY) - 60..<Int(card.maxY) - 10 {
      for x in Int(card.x) + 16..<Int(card.x) + 56 where pixels.pixel(x: x, y: y) == 0xFFFF_FFFF {
        white += 1
      }
    }
    return white
  }

  @Test func theBadgeIsDrawnOnlyForAnExit() throws {
    let plain = ManeuverContent(
      type: .offRamp, distance: "300 m", instructionVariants: ["Take the exit"], road: "E43")
    var signed = plain
    signed.exitNumber = "4"
    signed.towardsVariants = ["Vaduz, Feldkirch"]
    let withBadge = try Self.badgePixels(signed)
    let without = try Self.badgePixels(plain)
    #expect(withBadge > 800, "badge pixels: \(withBadge)")
    #expect(without < withBadge / 2, "road text pixels: \(without)")
  }
}
