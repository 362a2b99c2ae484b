import Foundation
import Geo
import Navigation
import Readers
import Rigs
import Testing

@testable import Board

/// The libgps source against a real gpsd (one per test, on free ports), fed the
/// embedded drives over UDP.
@Suite(
  "gpsd position source",
  .enabled(
    if: FileManager.default.isExecutableFile(
      atPath: GPSDDaemon.defaultExecutable)))
struct GPSDPositionSourceTests {
  /// The source's fixes with gpsd's refinements folded: while gpsd learns which
  /// sentence ends the receiver's cycle, it reports the first epoch after each sentence
  /// (RMC: 2D without altitude; GGA: 3D; GSA: 3D again). The source passes each
  /// improvement on and drops exact repeats; the last report of a time is the full fix.
  static func lastPerTime(_ fixes: [Fix]) -> [Fix] {
    var folded: [Fix] = []
    for fix in fixes {
      if folded.last?.time == fix.time {
        folded[folded.count - 1] = fix
      } else {
        folded.append(fix)
      }
    }
    return folded
  }

  /// Expects the same epochs as `NMEAReader` makes of the drive: time, mode, position
  /// to 1e-6°, altitude, speed and course (gpsd prints speed to 1 mm/s).
  static func expectSameFixes(_ got: [Fix], as expected: [Fix]) {
    #expect(got.count == expected.count)
    for (a, b) in zip(got, expected) {
      #expect(a.time == b.time)
      #expect(a.mode == b.mode, "mode at \(b.time)")
      #expect(a.hasPosition == b.hasPosition)
      if let p = a.coordinate, let q = b.coordinate {
        #expect(abs(p.latitude - q.latitude) < 1e-6, "latitude at \(b.time)")
        #expect(abs(p.longitude - q.longitude) < 1e-6, "longitude at \(b.time)")
      }
      #expect(a.altitude == b.altitude)
      #expect(abs((a.speed ?? -1) - (b.speed ?? -1)) < 1e-3, "speed at \(b.time)")
      #expect(a.course == b.course)
    }
  }

  @Test("a drive through gpsd gives the fixes NMEAReader reads from the file")
  func sameFixesAsTheFile() async throws {
    let daemon = try GPSDDaemon.start()
    let recorder = GPSDEventRecorder(GPSDPositionSource(port: daemon.port).events())
    #expect(await recorder.wait(timeout: .seconds(2)) { $0.contains(.status(.connected)) })

    let name = "helsinki-1-clean"
    let expected = try NMEAReader.read(GPSDTestDrive.text(name)).fixes
    try await feed(GPSDTestDrive.epochs(name), to: daemon.udpPort)
    let last = try #require(expected.last)
    #expect(
      await recorder.wait(timeout: .seconds(5)) { _ in recorder.fixes.last?.time == last.time })

    let fixes = recorder.fixes
    Self.expectSameFixes(Self.lastPerTime(fixes), as: expected)
    // Only the first epoch comes more than once (2D after RMC, then 3D after GGA; the
    // third report, after GSA, adds nothing a Fix holds and is dropped).
    #expect(fixes.count == expected.count + 1)
    #expect(fixes.first?.mode == .twoD && fixes.first?.altitude == nil)
    #expect(fixes.dropFirst(2).allSatisfy { $0.time != fixes[0].time })
    // eph from gpsd (it derives one from the HDOP); no SKY without GSV sentences.
    #expect(fixes.last?.horizontalError != nil)
    #expect(fixes.last?.hdop == nil && fixes.last?.satellites == nil)
    #expect(!recorder.statuses.contains(.noFix))
  }

  @Test("an outage gives no-fix epochs and a no-fix status, then fixes again")
  func outage() async throws {
    let daemon = try GPSDDaemon.start()
    let recorder = GPSDEventRecorder(GPSDPositionSource(port: daemon.port).events())
    #expect(await recorder.wait(timeout: .seconds(2)) { $0.contains(.status(.connected)) })

    let name = "helsinki-2-outage"
    let expected = try NMEAReader.read(GPSDTestDrive.text(name)).fixes
    #expect(expected.contains { $0.mode == .noFix })
    try await feed(GPSDTestDrive.epochs(name), to: daemon.udpPort)
    let last = try #require(expected.last)
    #expect(
      await recorder.wait(timeout: .seconds(5)) { _ in recorder.fixes.last?.time == last.time })

    Self.expectSameFixes(Self.lastPerTime(recorder.fixes), as: expected)
    let statuses = recorder.statuses
    let noFix = try #require(statuses.firstIndex(of: .noFix))
    #expect(statuses[(noFix + 1)...].contains(.connected), "fixes again after the outage")
    // The status says "no fix" when the outage begins, not once per epoch (again only
    // after a stale spell, should a loaded machine pause the feed for 2 s).
    #expect(statuses.filter { $0 == .noFix }.count <= 1 + statuses.filter { $0 == .stale }.count)
  }

  @Test("SKY reports add HDOP and satellites to later fixes and never duplicate a fix")
  func skyReports() async throws {
    let daemon = try GPSDDaemon.start()
    let recorder = GPSDEventRecorder(GPSDPositionSource(port: daemon.port).events())
    #expect(await recorder.wait(timeout: .seconds(2)) { $0.contains(.status(.connected)) })

    // Three GSV sentences after each epoch make gpsd send a SKY (9 used, HDOP 0.9
    // from GSA) after each TPV.
    let gsv = [
      "GPGSV,3,1,09,02,45,120,40,05,30,200,38,07,60,300,42,09,20,050,35",
      "GPGSV,3,2,09,13,45,120,40,15,30,200,38,18,60,300,42,21,20,050,35",
      "GPGSV,3,3,09,30,45,120,40",
    ].map(GPSDTestDrive.sentence)
    let epochs = try GPSDTestDrive.epochs("helsinki-1-clean").prefix(20).map { $0 + gsv }
    try await feed(epochs, to: daemon.udpPort)
    #expect(await recorder.wait(timeout: .seconds(3)) { _ in recorder.fixes.count >= 21 })
    try await Task.sleep(for: .milliseconds(100))

    let fixes = recorder.fixes
    #expect(fixes.count == 21, "one fix per epoch, plus the first epoch's 2D report")
    #expect(Set(fixes.map(\.time)).count == 20)
    // A TPV comes before its epoch's SKY: fixes carry the sky of the epoch before.
    #expect(fixes.prefix(2).allSatisfy { $0.hdop == nil && $0.satellites == nil })
    #expect(fixes.dropFirst(3).allSatisfy { $0.hdop == 0.9 && $0.satellites == 9 })
  }

  @Test("gpsd killed and restarted: disconnected, then reconnected, and fixes resume")
  func restart() async throws {
    var daemon = try GPSDDaemon.start()
    let (port, udpPort) = (daemon.port, daemon.udpPort)
    let recorder = GPSDEventRecorder(GPSDPositionSource(port: port).events())
    #expect(await recorder.wait(timeout: .seconds(2)) { $0.contains(.status(.connected)) })

    let epochs = try GPSDTestDrive.epochs("helsinki-3-clean")
    try await feed(epochs[0..<20], to: udpPort)
    #expect(await recorder.wait(timeout: .seconds(2)) { _ in recorder.fixes.count >= 20 })

    daemon.kill()
    let killed = ContinuousClock.now
    #expect(
      await recorder.wait(timeout: .seconds(1)) { events in
        events.contains {
          if case .status(.disconnected) = $0 { return true } else { return false }
        }
      })
    let lost = recorder.entries.first {
      if case .status(.disconnected) = $0.event { true } else { false }
    }
    #expect(lost.map { killed.duration(to: $0.at) < .seconds(1) } == true)

    daemon = try GPSDDaemon.start(port: port, udpPort: udpPort)
    // Connected again after the loss (an earlier `.connected` may also mark the end of a
    // stale spell, when a loaded machine paused the feed).
    #expect(
      await recorder.wait(timeout: .seconds(3)) { events in
        guard
          let lost = events.lastIndex(where: {
            if case .status(.disconnected) = $0 { true } else { false }
          })
        else { return false }
        return events[lost...].contains(.status(.connected))
      })
    let before = recorder.fixes.count
    try await feed(epochs[20..<40], to: udpPort)
    let last = try NMEAReader.read(epochs[0..<40].flatMap { $0 }.joined(separator: "\n")).fixes.last
    #expect(
      await recorder.wait(timeout: .seconds(3)) { _ in recorder.fixes.last?.time == last?.time })
    #expect(recorder.fixes.count >= before + 20)
  }

  @Test("gpsd absent: disconnected within 1 s with the reason, then retries with backoff")
  func absent() async throws {
    let port = try GPSDDaemon.freePort(udp: false)
    let started = ContinuousClock.now
    let source = GPSDPositionSource(
      port: port, backoff: RetryBackoff(initial: .milliseconds(100), maximum: .milliseconds(400)))
    let recorder = GPSDEventRecorder(source.events())
    #expect(await recorder.wait(timeout: .seconds(1)) { !$0.isEmpty })
    let first = try #require(recorder.entries.first)
    #expect(
      first.event
        == .status(
          .disconnected(
            reason:
              "gpsd not reachable at 127.0.0.1:\(port) (connection refused) — is gpsd running?"
          )))
    #expect(started.duration(to: first.at) < .seconds(1))

    // Attempts after 0.1, 0.2, 0.4, 0.4 s.
    #expect(await recorder.wait(timeout: .seconds(3)) { $0.count >= 5 })
    let times = recorder.entries.prefix(5).map(\.at)
    let gaps = zip(times, times.dropFirst()).map { $0.duration(to: $1) }
    for (gap, delay) in zip(gaps, [100, 200, 400, 400].map { Duration.milliseconds($0) }) {
      #expect(
        gap > delay - .milliseconds(10) && gap < delay + .milliseconds(200),
        "gap \(gap) for \(delay)")
    }
    #expect(recorder.statuses.allSatisfy { if case .disconnected = $0 { true } else { false } })
  }

  @Test("no report for the stale time makes the stream stale; stopping closes the connection")
  func staleAndStop() async throws {
    let daemon = try GPSDDaemon.start()
    let recorder = GPSDEventRecorder(
      GPSDPositionSource(port: daemon.port, staleAfter: .milliseconds(300)).events())
    #expect(await recorder.wait(timeout: .seconds(2)) { $0.contains(.status(.connected)) })
    // The reader's connection, by its local port: another client connecting to this
    // gpsd later (say a reader of an earlier test, retrying the port it was given) must
    // not count as this one.
    let ours = establishedConnections(toPort: daemon.port)
    #expect(ours.count == 1, "connections to gpsd: \(ours)")

    #expect(await recorder.wait(timeout: .seconds(2)) { $0.contains(.status(.stale)) })
    let entries = recorder.entries
    if let connected = entries.first(where: { $0.event == .status(.connected) }),
      let stale = entries.first(where: { $0.event == .status(.stale) })
    {
      #expect(connected.at.duration(to: stale.at) > .milliseconds(290))
    }
    // A fix ends the staleness.
    try await feed(GPSDTestDrive.epochs("helsinki-1-clean").prefix(2), to: daemon.udpPort)
    #expect(await recorder.wait(timeout: .seconds(2)) { _ in !recorder.fixes.isEmpty })
    // Judged from the order of events, not from when this task looks: on a loaded machine
    // it may wake after the stream went stale again.
    let events = recorder.entries.map(\.event)
    let staleAt = events.firstIndex(of: .status(.stale))
    let fixAt = events.firstIndex { if case .fix = $0 { true } else { false } }
    if let staleAt, let fixAt {
      #expect(staleAt < fixAt)
      #expect(events[staleAt...].contains(.status(.connected)), "\(events)")
    } else {
      Issue.record("no stale status or no fix: \(events)")
    }

    let stopped = ContinuousClock.now
    recorder.stop()
    // Closing takes milliseconds. The wait sleeps rather than blocks, so the consumer's
    // cancellation gets a thread even while other tests hold the rest of the pool (the
    // routing engines being built); the margin is for such a busy machine.
    var open = ours
    while !open.isEmpty, stopped.duration(to: .now) < .seconds(30) {
      open = ours.intersection(establishedConnections(toPort: daemon.port))
      if !open.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
    }
    #expect(
      open.isEmpty,
      """
      connection closed after stopping (took \(stopped.duration(to: .now)); ours \(ours), \
      now \(establishedConnections(toPort: daemon.port)))
      """)
  }

  @Test("a program started while connected does not keep the connection open after a stop")
  func childDoesNotInheritTheConnection() async throws {
    let daemon = try GPSDDaemon.start()
    let recorder = GPSDEventRecorder(GPSDPositionSource(port: daemon.port).events())
    #expect(await recorder.wait(timeout: .seconds(2)) { $0.contains(.status(.connected)) })
    let ours = establishedConnections(toPort: daemon.port)
    try #require(ours.count == 1, "connections to gpsd: \(ours)")
    // Any program this process starts meanwhile with plain `posix_spawn` (here a long
    // sleep) gets every descriptor that is not close-on-exec.
    var pid: pid_t = 0
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("30"), nil]
    defer { for argument in arguments { free(argument) } }
    try #require(posix_spawn(&pid, "/bin/sleep", nil, nil, arguments, environ) == 0)
    defer {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    // The child holds none of our connection's socket: the descriptor is close-on-exec.
    // (Looking at the child itself, not at whether the connection closes: another test
    // running at the same moment may start programs of its own.)
    let socket = socketInodes(toPort: daemon.port, from: ours)
    try #require(socket.count == 1, "our connection's socket: \(socket)")
    #expect(socketInodes(heldBy: pid).isDisjoint(with: socket), "the child holds the connection")
    recorder.stop()
  }
}
