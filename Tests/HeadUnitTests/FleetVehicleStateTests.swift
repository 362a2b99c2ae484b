import Foundation
import Geo
import Navigation
import Testing

@testable import HeadUnit

/// What the daemon hands the fleet reporter, read from the core on a virtual clock.
@Suite("Fleet vehicle state")
struct FleetVehicleStateTests {
  @Test func fromTheCoreWhileGuiding() throws {
    let origin = Date(timeIntervalSince1970: 1_800_000_000)
    let snapshot = try DriveFixtures.snapshot(
      "helsinki-1-clean", savedAt: origin.addingTimeInterval(-60), sequence: 1)
    var clock = CoreClock(core: HeadUnitCoreTests.core(), origin: origin, trip: snapshot)
    // Before any fix: nothing known.
    #expect(clock.core.fleetState.snapshot == .empty)

    let fixes = try DriveFixtures.fixes("helsinki-1-clean")
    HeadUnitCoreTests.drive(&clock, fixes, from: 120, to: 140, start: 1)
    #expect(clock.core.session.state == .navigating)
    let state = clock.core.fleetState
    let last = try #require(fixes.last { $0.time.timeIntervalSince(fixes[0].time) <= 140 })
    #expect(state.location == last.coordinate)
    #expect(state.speed == last.speed)
    #expect(state.altitude != nil && state.altitude == last.altitude)
    #expect(state.accuracy == last.horizontalError)
    let update = try #require(clock.core.guidance?.latest)
    #expect(state.remainingDistance == update.trip.distanceRemaining)
    #expect(state.eta == update.arrival)
    let fleet = state.snapshot
    let route = try #require(fleet.route)
    // The remaining route ends at the destination and starts ahead of the vehicle.
    #expect(route.last == clock.core.guidance?.route.destination)
    let line = Polyline(try #require(clock.core.guidance?.route).geometry)
    let ahead = try #require(line.project(route[0]))
    #expect(ahead.offset > update.offset)
    #expect(ahead.offset - update.offset < 500)
    #expect(route.count < line.coordinates.count)
  }
}
