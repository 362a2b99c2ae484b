import Board
import Foundation
import Geo
import Navigation
import Rendering
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// The daemon's core on a virtual clock: a whole power cycle, trips saved and resumed, the
/// knob and buttons, and the lifecycle's timing seen through the core's effects.
@Suite("Head unit core")
struct HeadUnitCoreTests {
  static func core(
    _ configure: (inout HeadUnitCore.Configuration) -> Void = { _ in }
  ) -> HeadUnitCore {
    var configuration = HeadUnitCore.Configuration()
    configure(&configuration)
    return HeadUnitCore(
      provider: DriveFixtures.provider, phrases: DriveFixtures.phrases,
      configuration: configuration)
  }

  /// Feeds the fixes of `drive` from `from` to `to` seconds after its first fix, each at
  /// `start` + its offset on the clock.
  static func drive(
    _ clock: inout CoreClock, _ fixes: [Fix], from: TimeInterval = 0, to: TimeInterval,
    start: TimeInterval
  ) {
    guard let first = fixes.first?.time else { return }
    for fix in fixes {
      let offset = fix.time.timeIntervalSince(first)
      guard offset >= from, offset <= to else { continue }
      clock.send(.position(.fix(fix)), at: start + offset - from)
    }
  }

  @Test("start without a trip: devices, then the bare map saying Locating until a fix")
  func startsBrowsing() throws {
    var clock = CoreClock(core: Self.core())
    #expect(clock.visible() == [.acquireDevices, .screen(.live)])
    #expect(clock.core.lifecycle.state == .active)
    let size = ScreenSize(width: 800, height: 480)
    guard case .scene(let scene) = clock.core.frame(at: clock.origin, size: size, theme: .day),
      case .map(let map) = scene.content
    else {
      Issue.record("no map on screen")
      return
    }
    #expect(map.scene.banner == .paused(.locating))
    #expect(map.scene.vehicle == nil)

    let fix = try #require(try DriveFixtures.fixes("helsinki-1-clean").first)
    clock.send(.position(.fix(fix)), at: 1)
    guard case .scene(let after) = clock.core.frame(at: clock.origin, size: size, theme: .day),
      case .map(let moved) = after.content
    else {
      Issue.record("no map on screen")
      return
    }
    #expect(moved.scene.banner == nil)
    #expect(moved.scene.vehicle?.coordinate == fix.coordinate)
  }

  @Test("a trip saved 29 minutes ago resumes and guides from the current position")
  func resumes() throws {
    let origin = Date(timeIntervalSince1970: 1_800_000_000)
    let snapshot = try DriveFixtures.snapshot(
      "helsinki-1-clean", savedAt: origin.addingTimeInterval(-29 * 60), sequence: 7)
    var clock = CoreClock(core: Self.core(), origin: origin, trip: snapshot)
    #expect(clock.core.app.phase == .navigating(snapshot.place))
    #expect(clock.core.session.state == .paused(.locating))
    // Mid-route: 120 s into the drive.
    let fixes = try DriveFixtures.fixes("helsinki-1-clean")
    Self.drive(&clock, fixes, from: 120, to: 140, start: 1)
    #expect(clock.core.session.state == .navigating)
    let progress = try #require(clock.saves.last?.snapshot.progress)
    #expect(progress.offset > 300, "guidance picked up mid-route, at \(progress.offset) m")
    // Saves continue the sequence of the file it resumed from.
    #expect(clock.saves.first?.snapshot.sequence == 8)
    // No prompt for a maneuver already behind the vehicle.
    let announced = clock.log.compactMap { entry -> Int? in
      if case .speak(let a) = entry.effect { a.maneuvers.first } else { nil }
    }
    #expect(announced.allSatisfy { $0 >= progress.nextStep - 1 }, "\(announced)")
  }

  @Test("a trip saved 31 minutes ago is forgotten, not resumed")
  func staleTripIsCleared() throws {
    let origin = Date(timeIntervalSince1970: 1_800_000_000)
    let snapshot = try DriveFixtures.snapshot(
      "helsinki-1-clean", savedAt: origin.addingTimeInterval(-31 * 60))
    let clock = CoreClock(core: Self.core(), origin: origin, trip: snapshot)
    #expect(clock.core.app.phase == .browsing)
    #expect(clock.visible().contains(.clearTrip))
    let logs = clock.log.compactMap { entry -> String? in
      if case .log(_, let message) = entry.effect { message } else { nil }
    }
    #expect(logs.contains { $0.hasSuffix("is too old to resume (saved 31 min ago)") }, "\(logs)")
  }

  @Test("a trip saved ahead of the clock (the clock went back) resumes, with a notice")
  func tripSavedAheadResumes() throws {
    let origin = Date(timeIntervalSince1970: 1_800_000_000)
    let snapshot = try DriveFixtures.snapshot(
      "helsinki-1-clean", savedAt: origin.addingTimeInterval(3600))
    let clock = CoreClock(core: Self.core(), origin: origin, trip: snapshot)
    #expect(clock.core.app.phase != .browsing)
    #expect(!clock.visible().contains(.clearTrip))
    let logs = clock.log.compactMap { entry -> String? in
      if case .log(_, let message) = entry.effect { message } else { nil }
    }
    #expect(
      logs.contains { $0.contains("saved 3600 s after what the clock says now") },
      "\(logs)")
  }

  @Test("while driving the trip is saved at most every 10 s, and forgotten when it ends")
  func savesWhileDriving() throws {
    let origin = Date(timeIntervalSince1970: 1_800_000_000)
    let snapshot = try DriveFixtures.snapshot("helsinki-2-clean", savedAt: origin)
    var clock = CoreClock(core: Self.core(), origin: origin, trip: snapshot)
    let fixes = try DriveFixtures.fixes("helsinki-2-clean")
    Self.drive(&clock, fixes, to: .infinity, start: 1)
    let saves = clock.saves
    #expect(saves.count >= 10)
    for (a, b) in zip(saves, saves.dropFirst()) {
      #expect(b.t - a.t >= 10 || b.t == a.t, "saves at \(a.t) and \(b.t)")
      #expect(b.snapshot.sequence == a.snapshot.sequence + 1)
      #expect((b.snapshot.progress?.offset ?? 0) >= (a.snapshot.progress?.offset ?? 0) - 1)
    }
    #expect(clock.core.session.state == .arrived)
    // The driver confirms arrival: the trip is over and the file goes.
    guard case .map(let map)? = clock.core.app.controller.stack.first else {
      Issue.record("no map at the root")
      return
    }
    #expect(map.navigationAlert?.id == NavigationApp.ID.arrivalAlert)
    clock.send(.input(.button(role: .select, action: .press, at: .zero)), at: 2000)
    clock.send(.input(.button(role: .select, action: .release, at: .zero)), at: 2000.1)
    #expect(clock.core.session.state == .finished)
    #expect(clock.visible(from: 2000).contains(.clearTrip))
    #expect(clock.core.app.phase == .browsing)
  }

  @Test("ignition off: power back at 9.9 s changes nothing; at 10.0 s one teardown")
  func graceTiming() throws {
    let origin = Date(timeIntervalSince1970: 1_800_000_000)
    let snapshot = try DriveFixtures.snapshot("helsinki-1-clean", savedAt: origin)
    var clock = CoreClock(core: Self.core(), origin: origin, trip: snapshot)
    let fixes = try DriveFixtures.fixes("helsinki-1-clean")
    Self.drive(&clock, fixes, to: 30, start: 1)
    let before = clock.log.count

    clock.send(.input(.ignition(on: false, at: .zero)), at: 40)
    clock.send(.input(.ignition(on: true, at: .zero)), at: 49.9)
    #expect(clock.visible(from: 40).isEmpty, "\(clock.visible(from: 40))")
    #expect(clock.core.screen == .live)
    #expect(!clock.core.lifecycle.pendingTimers.keys.contains(.grace))
    #expect(clock.log.count > before)

    clock.send(.input(.ignition(on: false, at: .zero)), at: 60)
    clock.advance(to: 70)
    let teardown = clock.log.filter { $0.t == 70 }.map(\.effect)
    #expect(teardown.filter { if case .saveTrip = $0 { true } else { false } }.count == 1)
    #expect(teardown.contains(.stopPrompts))
    #expect(teardown.contains(.screen(.parked)))
    #expect(!teardown.contains(.releaseDevices), "the Parked screen shows first")
    #expect(clock.core.screen == .parked)
    clock.advance(to: 75)
    #expect(clock.visible(from: 70.001) == [.screen(.blank), .releaseDevices])
    clock.advance(to: 200)
    #expect(clock.count { $0 == .stopPrompts } == 1)
    #expect(clock.count { $0 == .releaseDevices } == 1)

    // Ignition back: devices again, the map, and the trip goes on.
    clock.send(.input(.ignition(on: true, at: .zero)), at: 300)
    #expect(clock.visible(from: 300) == [.acquireDevices, .screen(.live)])
    #expect(clock.core.app.phase.isNavigating)
  }

  @Test("power flapping every 0.5 s for a minute: no teardown, no timer left behind")
  func flapping() throws {
    var clock = CoreClock(core: Self.core())
    var t = 1.0
    var present = false
    while t < 61 {
      clock.send(.externalPower(present), at: t)
      present.toggle()
      t += 0.5
    }
    clock.send(.externalPower(true), at: 61)
    clock.advance(to: 120)
    #expect(clock.count { $0 == .screen(.parked) } == 0)
    #expect(clock.count { $0 == .releaseDevices } == 0)
    #expect(clock.core.lifecycle.pendingTimers.isEmpty)
    #expect(Set(clock.timers.keys) == [.clock], "\(clock.timers)")
  }

  @Test("a 1 s cranking dip on the ignition line never reaches the lifecycle")
  func crankingDip() throws {
    let line = ResolvedInputConfig.Line(offset: 5, kind: .ignition, activeLow: false, pullUp: false)
    var decoder = InputDecoder(ResolvedInputConfig(lines: [line]))
    var clock = CoreClock(core: Self.core())
    var events = decoder.seed(levels: [5: true], at: .seconds(0))
    events += decoder.handle(Edge(line: 5, rising: false, timestamp: .seconds(10)))
    events += decoder.tick(at: .seconds(10.5))
    events += decoder.handle(Edge(line: 5, rising: true, timestamp: .seconds(11)))
    events += decoder.tick(at: .seconds(30))
    for event in events { clock.send(.input(event), at: 31) }
    #expect(events == [.ignition(on: true, at: .seconds(0))])
    #expect(clock.core.lifecycle.state == .active)
    #expect(clock.core.lifecycle.causes.isEmpty)
  }

  @Test("bridge silence drains with no disconnect message, and recovers on a heartbeat")
  func bridgeSilence() throws {
    var clock = CoreClock(core: Self.core())
    clock.send(.bridgeHeartbeat, at: 1)
    clock.advance(to: 6.5)
    #expect(clock.core.lifecycle.state == .draining)
    clock.send(.bridgeHeartbeat, at: 7)
    #expect(clock.core.lifecycle.state == .active)
    clock.advance(to: 30)
    #expect(clock.core.screen == .parked || clock.core.screen == .blank)
  }

  @Test("SIGTERM saves the trip, silences, blanks, releases, and nothing happens after")
  func stop() throws {
    let origin = Date(timeIntervalSince1970: 1_800_000_000)
    let snapshot = try DriveFixtures.snapshot("helsinki-1-clean", savedAt: origin)
    var clock = CoreClock(core: Self.core(), origin: origin, trip: snapshot)
    Self.drive(&clock, try DriveFixtures.fixes("helsinki-1-clean"), to: 15, start: 1)
    clock.send(.stop, at: 17)
    let effects = clock.log.filter { $0.t == 17 }.map(\.effect)
    let saved = effects.compactMap { if case .saveTrip(let s) = $0 { s } else { nil } }
    #expect(saved.count == 1)
    #expect((saved.first?.progress?.offset ?? 0) > 50)
    #expect(clock.visible(from: 17) == [.stopPrompts, .screen(.blank), .releaseDevices, .stopped])
    #expect(
      clock.timers.isEmpty
        || clock.timers.keys.allSatisfy { if case .session = $0 { true } else { false } })
    clock.send(.input(.rotated(detents: 1, at: .zero)), at: 18)
    #expect(clock.log.filter { $0.t >= 18 }.isEmpty)
  }

  @Test("a short press selects on release; a long press is reported once, release ignored")
  func buttons() throws {
    var clock = CoreClock(core: Self.core())
    let focusBefore = clock.core.app.controller.focusedElementID
    clock.send(.input(.button(role: .select, action: .press, at: .zero)), at: 1)
    #expect(clock.core.app.controller.focusedElementID == focusBefore)
    clock.send(.input(.button(role: .select, action: .release, at: .zero)), at: 1.1)
    let afterShort = clock.core.app.controller.focusedElementID
    #expect(afterShort != focusBefore, "a short press moves the knob onto the map buttons")
    clock.send(.input(.button(role: .back, action: .press, at: .zero)), at: 2)
    clock.send(.input(.button(role: .back, action: .longPress, at: .zero)), at: 2.7)
    let afterLong = clock.core.app.controller.focusedElementID
    clock.send(.input(.button(role: .back, action: .release, at: .zero)), at: 3)
    #expect(clock.core.app.controller.focusedElementID == afterLong)
  }
}

extension HeadUnitCoreTests {
  @Test("a trip parked longer than the resume window ends when the unit wakes")
  func staleAfterParking() throws {
    let origin = Date(timeIntervalSince1970: 1_800_000_000)
    let snapshot = try DriveFixtures.snapshot("helsinki-1-clean", savedAt: origin)
    var clock = CoreClock(core: Self.core(), origin: origin, trip: snapshot)
    Self.drive(&clock, try DriveFixtures.fixes("helsinki-1-clean"), to: 20, start: 1)
    clock.send(.input(.ignition(on: false, at: .zero)), at: 30)
    clock.advance(to: 100)
    #expect(clock.core.screen == .blank)
    clock.send(.input(.ignition(on: true, at: .zero)), at: 30 + 31 * 60)
    #expect(clock.core.app.phase == .browsing)
    #expect(clock.core.session.state == .cancelled)
    #expect(clock.visible(from: 30 + 31 * 60).contains(.clearTrip))
    #expect(clock.core.screen == .live)
  }
}

extension HeadUnitCoreTests {
  @Test(
    "with a router, leaving the route asks for a new one; the screen and the saved trip take it")
  func reroute() throws {
    let origin = Date(timeIntervalSince1970: 1_800_000_000)
    let snapshot = try DriveFixtures.snapshot("helsinki-1-wrongturn", savedAt: origin)
    var clock = CoreClock(
      core: Self.core { $0.session.hasRouter = true }, origin: origin, trip: snapshot)
    let fixes = try DriveFixtures.fixes("helsinki-1-wrongturn")
    let first = try #require(fixes.first?.time)
    var requested: RouteRequest?
    for fix in fixes where requested == nil {
      clock.send(.position(.fix(fix)), at: 1 + fix.time.timeIntervalSince(first))
      requested =
        clock.log.lazy.compactMap { entry -> RouteRequest? in
          if case .requestRoute(let request) = entry.effect { request } else { nil }
        }.first
    }
    let request = try #require(requested, "no route request after leaving the route")
    #expect(request.reason == .reroute)
    #expect(request.destination == snapshot.route?.destination)
    #expect(clock.core.session.state == .paused(.rerouting))

    // The router answers with a straight way from where the car is to the destination.
    let from = try #require(request.origin)
    let to = request.destination
    let length = Earth.distance(from, to)
    let straight = Route(
      legs: [
        RouteLeg(
          steps: [
            RouteStep(
              maneuver: Maneuver(kind: .depart, location: from), name: "Straight",
              distance: length, duration: length / 8, geometry: [from, to]),
            RouteStep(
              maneuver: Maneuver(kind: .arrive, location: to), distance: 0, duration: 0,
              geometry: [to, to]),
          ], distance: length, duration: length / 8)
      ], distance: length, duration: length / 8)
    let t = clock.log.last?.t ?? 0
    clock.send(.routeComputed(straight), at: t + 0.5)
    let onScreen = clock.core.guidance?.route == straight
    var composer = FrameComposer(layers: [])
    guard
      case .scene(let scene) = composer.frame(
        of: clock.core, at: Date(), size: .standard, theme: .day),
      case .map(let map) = scene.content
    else {
      Issue.record("no map on screen")
      return
    }
    let drawn = map.scene.route?.guidance.route == straight
    #expect(onScreen && drawn, "the screen follows the new route")
    #expect(clock.core.session.state != .paused(.rerouting))
    clock.send(.stop, at: t + 1)
    let saved = clock.saves.last?.snapshot.route == straight
    #expect(saved, "the saved trip holds the new route")
  }
}

extension HeadUnitCoreTests {
  @Test("a route from the offline router because the server failed says so over the map")
  func offlineRouteNotice() throws {
    let origin = Date(timeIntervalSince1970: 1_800_000_000)
    let snapshot = try DriveFixtures.snapshot("helsinki-1-clean", savedAt: origin)
    var clock = CoreClock(core: Self.core(), origin: origin, trip: snapshot)
    clock.send(
      .routedOffline(server: "Valhalla at http://127.0.0.1:8002"), at: 5)
    guard case .map(let map)? = clock.core.app.controller.stack.first else {
      Issue.record("no map at the root")
      return
    }
    let alert = try #require(map.navigationAlert)
    #expect(alert.id == NavigationApp.ID.noticeAlert)
    #expect(alert.titleVariants == ["Offline route"])
    #expect(alert.subtitleVariants.first?.contains("Valhalla") == true)
    // It goes by itself.
    clock.advance(to: 12)
    guard case .map(let after)? = clock.core.app.controller.stack.first else { return }
    #expect(after.navigationAlert == nil)
  }
}

extension HeadUnitCoreTests {
  @Test("the headlights line is kept and redrawn on change, repeats change nothing")
  func headlightsRedraw() {
    var clock = CoreClock(core: Self.core(), origin: Date(timeIntervalSince1970: 1_800_000_000))
    #expect(clock.core.headlightsOn == nil)
    clock.send(.input(.headlights(on: true, at: .zero)), at: 1)
    #expect(clock.core.headlightsOn == true)
    #expect(clock.log.filter { $0.t == 1 }.map(\.effect).contains(.redraw))
    clock.send(.input(.headlights(on: true, at: .zero)), at: 2)
    #expect(!clock.log.filter { $0.t == 2 }.map(\.effect).contains(.redraw))
    clock.send(.input(.headlights(on: false, at: .zero)), at: 3)
    #expect(clock.core.headlightsOn == false)
  }
}
