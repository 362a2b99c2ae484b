import Foundation
import Testing

@testable import Core
@testable import HeadUnit

/// `headunit run` started on what broke it before: a display too small for any layout,
/// saved trips that do not load or are saved ahead of the clock.
@Suite("headunit run on hostile starts (process)", .serialized)
struct DaemonHostileStartTests {
  typealias Rig = DaemonProcessTests.Rig

  @Test("a framebuffer 50 px high: the first frame is drawn (cropped), the unit runs")
  func tinyFramebuffer() async throws {
    let rig = try Rig(environment: ["FAKEFB_GEOMETRY": "800x50x32"])
    let first = await rig.daemon.waitForLine { $0.contains("first frame") }
    try #require(first != nil, "no first frame; stderr:\n\(rig.daemon.err.joined(separator: "\n"))")
    #expect(rig.daemon.isRunning)
    #expect(rig.log("does not match the 800×50 screen"))
  }

  @Test("a saved trip with sequence 2⁶³−1 is moved aside with the reason; the unit comes up")
  func hugeSequence() async throws {
    let seeded = try DriveFixtures.snapshot(
      "helsinki-1-clean", savedAt: Date().addingTimeInterval(-60), sequence: 3)
    let text = String(decoding: TripStore.encode(seeded), as: UTF8.self)
      .replacingOccurrences(of: #""sequence":3"#, with: #""sequence":9223372036854775807"#)
    let rig = try Rig(savedTrip: Data(text.utf8))
    let first = await rig.daemon.waitForLine { $0.contains("first frame") }
    try #require(first != nil, "no first frame; stderr:\n\(rig.daemon.err.joined(separator: "\n"))")
    #expect(rig.log("$.sequence: expected a whole number smaller than 9007199254740992"))
    #expect(rig.log("moved aside to"))
    let aside = try FileManager.default.contentsOfDirectory(atPath: rig.state.path)
      .filter { $0.hasPrefix("trip.json.corrupt-") }
    #expect(aside.count == 1)
  }

  @Test("a trip saved an hour ahead of the clock resumes, and is not deleted")
  func savedAhead() async throws {
    let seeded = try DriveFixtures.snapshot(
      "helsinki-1-clean", savedAt: Date().addingTimeInterval(3600), sequence: 3)
    let rig = try Rig(savedTrip: TripStore.encode(seeded))
    let line = await rig.daemon.waitForLine { $0.contains("did the clock go back?") }
    try #require(line != nil, "stderr:\n\(rig.daemon.err.joined(separator: "\n"))")
    #expect(line?.contains("resuming it") == true)
    #expect(rig.log("resuming the trip") || line != nil)
    let (saved, _) = TripStore(directory: rig.state).load()
    #expect(saved?.place == seeded.place, "the trip is still saved")
  }
}
