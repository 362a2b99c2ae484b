import Bridge
import Foundation
import Geo
import Navigation
import Testing

@testable import Core
@testable import HeadUnit

/// `navigateTo` with a query: the built-in app previews what the map's search finds first.
@Suite("navigateTo by query")
struct BridgeQueryTests {
  static let client = BridgeClientID(1)

  static func clock() throws -> CoreClock {
    let map = try #require(KnobAddressTests.map, "the embedded map does not open")
    var clock = CoreClock(
      core: HeadUnitCore(provider: MapRouteProvider(map: map), phrases: DriveFixtures.phrases))
    clock.send(.bridge(.connected(client)), at: 0)
    clock.send(line(#"{"type":"hello","id":1,"version":1,"app":"t"}"#), at: 0)
    let fix = Fix(
      time: clock.origin, mode: .threeD, coordinate: KnobAddressTests.centre, speed: 0,
      hdop: 0.9, satellites: 9)
    clock.send(.position(.fix(fix)), at: 0)
    return clock
  }

  static func line(_ text: String) -> HeadUnitCore.Event {
    .bridge(.line(client, BridgeDecoder.decode(Array(text.utf8))))
  }

  @Test("\"Fabianinkatu 17\" previews the address; a query that finds nothing is noRoute")
  func query() throws {
    var clock = try Self.clock()
    clock.send(
      Self.line(#"{"type":"navigateTo","id":2,"destination":{"query":"Fabianinkatu 17"}}"#),
      at: 1)
    let replies = BridgeCoreTests.sent(clock, from: 1).compactMap {
      if case .reply(_, let reply) = $0 { reply } else { nil }
    }
    let choices = clock.core.app.previewTrip?.routeChoices.count ?? 0
    #expect(choices > 0)
    #expect(replies == [.builtInNavigation(navigating: false, routeChoices: choices)])
    guard case .previewing(let place) = clock.core.app.phase else {
      Issue.record("not previewing: \(clock.core.app.phase)")
      return
    }
    #expect(place.name.hasPrefix("Fabianinkatu 17"))
    #expect(place.houseNumber == "17")

    clock.send(
      Self.line(#"{"type":"navigateTo","id":3,"destination":{"query":"Qqqzzx 999"}}"#), at: 2)
    let error = BridgeCoreTests.sent(clock, from: 2).compactMap {
      if case .error(_, let e) = $0 { e } else { nil }
    }.first
    #expect(error?.code == BridgeError.Code.noRoute)
    #expect(error?.path == "$.destination.query")
  }

  @Test("a query over 200 characters is an invalid request")
  func longQuery() throws {
    var clock = try Self.clock()
    let long = String(repeating: "a", count: 201)
    clock.send(
      Self.line(#"{"type":"navigateTo","id":2,"destination":{"query":""# + long + #""}}"#), at: 1)
    let error = BridgeCoreTests.sent(clock, from: 1).compactMap {
      if case .error(_, let e) = $0 { e } else { nil }
    }.first
    #expect(error?.code == BridgeError.Code.invalidRequest)
  }
}
