import Foundation
import Navigation
import Rendering
import Templates
import TestSupport
import Testing

@testable import Core
@testable import HeadUnit

/// The dispatch screens drawn whole: the preview titled as from dispatch, and the question
/// over guidance, in a left-to-right, a long-worded and a CJK language, at the standard
/// and the small display, by day (and the standard by night); checked by eye once
/// (`UPDATE_GOLDENS=1` writes them anew), by pixel difference after.
@Suite("Fleet dispatch screens (goldens)")
struct FleetDispatchGoldenTests {
  struct Case: Sendable, CustomStringConvertible {
    var language: String
    var size: ScreenSize
    var theme: String
    var description: String { "\(language)-\(size.width)x\(size.height)-\(theme)" }
  }

  static let cases: [Case] =
    ["en", "de", "zh"].flatMap { language in
      [ScreenSize.standard, ScreenSize(width: 480, height: 320)].map {
        Case(language: language, size: $0, theme: "day")
      }
    } + [Case(language: "en", size: .standard, theme: "night")]

  /// A core in `language` with a fix at the start of helsinki-1, guiding along it when
  /// `guiding`, then given the dispatch of the drive's end.
  static func core(_ language: String, guiding: Bool) throws -> CoreClock {
    let phrases = try Phrasebook(language: language)
    var clock = CoreClock(
      core: HeadUnitCore(provider: DriveFixtures.provider, phrases: phrases),
      origin: Date(timeIntervalSince1970: 1_800_000_000))
    let fixes = try DriveFixtures.fixes("helsinki-1-clean")
    clock.send(.position(.fix(try #require(fixes.first))), at: 1)
    if guiding {
      let own = try #require(DriveFixtures.provider.places.first { $0.name != "Depot" })
      clock.send(.navigate(own, start: true), at: 2)
      HeadUnitCoreTests.drive(&clock, fixes, from: 0, to: 8, start: 3)
    }
    clock.send(.dispatch(try FleetDispatchCoreTests.depot()), at: 20)
    return clock
  }

  static func compare(_ clock: CoreClock, _ name: String, _ c: Case) throws {
    let theme = try #require(Theme.named(c.theme))
    let frame = clock.core.frame(
      at: clock.origin.addingTimeInterval(20), size: c.size, theme: theme)
    guard case .scene(let scene) = frame else {
      Issue.record("\(name): no scene on screen")
      return
    }
    let renderer = try TemplateRenderer(size: c.size)
    _ = renderer.render(scene)
    try MapGoldenTests.check(renderer.pixelBuffer(), "\(name)-\(c).png")
  }

  @Test(arguments: cases)
  func preview(_ c: Case) throws {
    let clock = try Self.core(c.language, guiding: false)
    #expect(clock.core.app.offered != nil)
    try Self.compare(clock, "dispatch-preview", c)
  }

  @Test(arguments: cases)
  func questionWhileGuiding(_ c: Case) throws {
    let clock = try Self.core(c.language, guiding: true)
    #expect(clock.core.app.asking)
    try Self.compare(clock, "dispatch-question", c)
  }
}
