import Foundation
import Rendering
import Templates
import Testing

/// Which control a finger lands on.
@Suite struct FocusTargetHitTests {
  static let targets = [
    FocusTarget(id: "a", rect: ScreenRect(x: 10, y: 10, width: 50, height: 50)),
    FocusTarget(id: "b", rect: ScreenRect(x: 100, y: 10, width: 50, height: 50)),
  ]

  @Test func insideARectangleHitsIt() {
    #expect(FocusTarget.hit(ScreenPoint(x: 10, y: 10), in: Self.targets)?.id == "a")
    #expect(FocusTarget.hit(ScreenPoint(x: 149.9, y: 59.9), in: Self.targets)?.id == "b")
  }

  @Test func justBesideAControlHitsTheNearestWithinTheSlack() {
    #expect(FocusTarget.hit(ScreenPoint(x: 66, y: 30), in: Self.targets)?.id == "a")
    #expect(FocusTarget.hit(ScreenPoint(x: 94, y: 30), in: Self.targets)?.id == "b")
    #expect(FocusTarget.hit(ScreenPoint(x: 80, y: 30), in: Self.targets) == nil, "20 px from both")
    #expect(FocusTarget.hit(ScreenPoint(x: 66, y: 30), in: Self.targets, slack: 0) == nil)
  }

  @Test func emptySpaceHitsNothing() {
    #expect(FocusTarget.hit(ScreenPoint(x: 400, y: 300), in: Self.targets) == nil)
    #expect(FocusTarget.hit(ScreenPoint(x: 30, y: 30), in: []) == nil)
  }

  /// Every control drawn on every template screen is hit at its centre and at its corners
  /// (a pixel in), at every size: no neighbour steals a touch meant for it.
  @Test(arguments: TemplateLayoutTests.cases)
  func everyControlIsHitWhereItIsDrawn(_ name: String, _ size: ScreenSize) throws {
    let scene = try TemplateFixtures.scene(name, size, .day)
    let targets = try TemplateRenderer(size: size).render(scene)
    for target in targets {
      let r = target.rect
      for point in [
        ScreenPoint(x: r.midX, y: r.midY), ScreenPoint(x: r.minX + 1, y: r.minY + 1),
        ScreenPoint(x: r.maxX - 1, y: r.maxY - 1),
      ] {
        #expect(FocusTarget.hit(point, in: targets) == target, "\(point) at \(size)")
      }
    }
  }
}
