import Foundation
import Geo
import MapFile
import Navigation
import Readers
import Rendering
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// The road under the vehicle and its limit, from the embedded Helsinki map, along the
/// recorded drives: the names their truth files give each step, and the limits signed.
@Suite("The road driven, from the map")
struct DrivenRoadTests {
  static let provider = MapRouteProviderTests.provider

  /// The fixes of `drive` between maneuvers (from 6 s after one to 4 s before the next,
  /// moving), with the name of the step they are on.
  static func samples(_ drive: String) throws -> [(fix: Fix, name: String)] {
    let fixes = try DriveFixtures.fixes(drive)
    let url = try #require(EmbeddedData.truthURL(forDrive: drive))
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    let truth = try #require(json as? [String: Any])
    let maneuvers = try #require(truth["maneuvers"] as? [[String: Any]])
    let first = try #require(fixes.first?.time)
    var samples: [(Fix, String)] = []
    for (i, maneuver) in maneuvers.enumerated().dropLast() {
      guard let name = maneuver["name"] as? String, !name.isEmpty,
        let t = maneuver["t"] as? Double, let next = maneuvers[i + 1]["t"] as? Double
      else { continue }
      for fix in fixes {
        let at = fix.time.timeIntervalSince(first)
        if at > t + 6, at < next - 4, (fix.speed ?? 0) > 2 { samples.append((fix, name)) }
      }
    }
    return samples
  }

  @Test(
    "free driving: the map's road is the step's road, with a limit",
    arguments: [
      "helsinki-1-clean", "helsinki-2-clean", "helsinki-3-clean",
    ])
  func roadAlongDrive(_ drive: String) throws {
    let provider = try #require(Self.provider, "the embedded map does not open")
    let samples = try Self.samples(drive)
    #expect(samples.count > 20)
    var named = 0
    var limited = 0
    var seen: [String: Set<String>] = [:]
    for (fix, name) in samples {
      let road = provider.road(near: try #require(fix.coordinate), heading: fix.course)
      if road?.name == name { named += 1 }
      seen[name, default: []].insert(road?.name ?? "")
      if let limit = road?.speedLimit {
        limited += 1
        #expect(limit.unit == .kilometresPerHour)
        #expect((20...80).contains(limit.value), "\(limit)")
      }
    }
    // Each step's road is found along it, but one: the server names a step for the road it
    // leads to, and its last step into Siltasaarenkatu drives Unioninkatu and Pitkäsilta
    // only before the extract ends; those the map names as they are.
    let found = seen.filter { $0.value.contains($0.key) }
    #expect(found.count >= seen.count - 1, "\(seen)")
    #expect(Double(named) >= 0.75 * Double(samples.count), "\(named) of \(samples.count)")
    #expect(Double(limited) >= 0.9 * Double(samples.count), "\(limited) of \(samples.count)")
  }

  @Test("off the roads: none")
  func offTheRoads() throws {
    let provider = try #require(Self.provider, "the embedded map does not open")
    // Out in the harbour basin.
    #expect(
      provider.road(near: Coordinate(latitude: 60.1655, longitude: 24.9560), heading: nil) == nil)
  }

  @Test("the core names the road driven and warns over its limit, chiming once when asked")
  func coreWarns() throws {
    let provider = try #require(Self.provider, "the embedded map does not open")
    let samples = try Self.samples("helsinki-1-clean")
    let (fix, name) = try #require(samples.dropFirst(5).first)
    let coordinate = try #require(fix.coordinate)
    let limit = try #require(provider.road(near: coordinate, heading: fix.course)?.speedLimit)
    for chime in [false, true] {
      var configuration = HeadUnitCore.Configuration()
      configuration.speedWarning.chime = chime
      var clock = CoreClock(
        core: HeadUnitCore(
          provider: provider, phrases: DriveFixtures.phrases, configuration: configuration))
      var fast = fix
      fast.speed = (limit.kilometresPerHour + 20) / 3.6
      clock.send(.position(.fix(fix)), at: 1)
      #expect(clock.core.road?.name == name)
      #expect(clock.core.road?.speedLimit == limit)
      #expect(!clock.core.speedWarning.isWarning)
      for t in 2...4 {
        fast.time = fix.time.addingTimeInterval(Double(t))
        clock.send(.position(.fix(fast)), at: Double(t))
      }
      #expect(clock.core.speedWarning.isWarning)
      #expect(clock.count { $0 == .chime } == (chime ? 1 : 0))
      let frame = clock.core.frame(
        at: clock.origin.addingTimeInterval(4), size: .standard, theme: .day)
      guard case .scene(let scene) = frame, case .map(let map) = scene.content else {
        Issue.record("no map on screen")
        continue
      }
      #expect(map.scene.driver?.road == name)
      #expect(map.scene.driver?.speed?.isWarning == true)
      #expect(map.scene.driver?.limit?.value == String(limit.value))
    }
  }
}
