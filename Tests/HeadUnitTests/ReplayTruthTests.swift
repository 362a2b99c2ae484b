import Foundation
import Navigation
import Readers
import Testing

@testable import Commands
@testable import HeadUnit

/// Ground truth of a recorded drive: when the car passes each maneuver.
struct DriveTruth: Decodable {
  struct Passage: Decodable {
    var step: Int
    var type: String
    var t: Double
  }
  var variant: String
  var duration: Double
  var maneuvers: [Passage]
  var outage: [Double]?
  var wrongTurn: Double?

  enum CodingKeys: String, CodingKey {
    case variant, maneuvers
    case duration = "duration_s"
    case outage = "outage_s"
    case wrongTurn = "wrong_turn_t"
  }

  /// When the car reaches the destination: the truth's arrival passage, or (for drives
  /// that leave the route) the end of the drive less its 5 s standing still.
  var arrivalTime: Double {
    maneuvers.first { $0.type == "arrive" }?.t ?? (duration - 5)
  }
}

/// A drive replayed once, shared by the checks below.
struct ReplayedDrive {
  let name: String
  let truth: DriveTruth
  let timeline: [TimelineEntry]

  init(_ name: String, language: String = "en") throws {
    self.name = name
    let route = try ReplayCommand.loadRoute(#require(EmbeddedData.routeURL(forDrive: name)))
    let track = try TrackReader.read(contentsOf: #require(EmbeddedData.trackURL(forDrive: name)))
    truth = try JSONDecoder().decode(
      DriveTruth.self, from: Data(contentsOf: #require(EmbeddedData.truthURL(forDrive: name))))
    timeline = Replay(route: route, fixes: track.fixes, phrases: try Phrasebook(language: language))
      .run()
  }

  var announcements: [(t: Double, a: Announcement)] {
    timeline.compactMap { if case .announce(let a) = $0.kind { (t: $0.t, a: a) } else { nil } }
  }

  func times(_ type: String) -> [Double] { timeline.filter { $0.type == type }.map(\.t) }
}

@Suite("Replaying every recorded drive against its ground truth")
struct ReplayTruthTests {
  static let drives = EmbeddedData.drives

  @Test("the embedded data holds all 20 drives")
  func drivesPresent() {
    #expect(Self.drives.count == 20)
  }

  @Test(
    "each passed maneuver gets a final prompt 2–15 s before it, finished in time",
    arguments: drives, Phrasebook.supportedLanguages)
  func finalPrompts(drive: String, language: String) throws {
    let run = try ReplayedDrive(drive, language: language)
    for passage in run.truth.maneuvers where passage.type != "depart" {
      let finals = run.announcements.filter { entry in
        (entry.a.stage == .final && entry.a.maneuvers.contains(passage.step))
          || entry.a.maneuvers.dropFirst().contains(passage.step)
      }
      #expect(
        finals.count == 1, "\(drive): maneuver \(passage.step) has \(finals.count) final prompts")
      for entry in finals {
        let lead = passage.t - entry.t
        #expect(
          (2...15).contains(lead),
          "\(drive): final prompt for maneuver \(passage.step) starts \(lead) s before it: \(entry.a.text)"
        )
        #expect(
          entry.t + entry.a.estimatedDuration <= passage.t,
          "\(drive): prompt for maneuver \(passage.step) still speaking when it is passed")
      }
    }
  }

  @Test(
    "no prompt covers a maneuver already passed, none repeats",
    arguments: drives, Phrasebook.supportedLanguages)
  func noLateOrDuplicatePrompts(drive: String, language: String) throws {
    let run = try ReplayedDrive(drive, language: language)
    var seen: Set<String> = []
    for (t, a) in run.announcements {
      for (i, m) in a.maneuvers.enumerated() {
        if let passage = run.truth.maneuvers.first(where: { $0.step == m }),
          passage.type != "depart"
        {
          #expect(
            t < passage.t,
            "\(drive): prompt at \(t) s covers maneuver \(m) passed at \(passage.t) s")
        }
        let key = "\(m)/\(i == 0 ? a.stage.rawValue : "final")"
        #expect(!seen.contains(key), "\(drive): second prompt for maneuver \(m) at stage \(key)")
        seen.insert(key)
      }
    }
  }

  @Test("depart prompt at the start, arrival within 10 s", arguments: drives)
  func departAndArrival(drive: String) throws {
    let run = try ReplayedDrive(drive)
    let departs = run.announcements.filter { $0.a.stage == .depart }
    #expect(departs.count == 1)
    #expect((departs.first?.t ?? 99) <= 5, "\(drive): depart prompt at \(departs.first?.t ?? -1) s")
    let arrived = run.times("arrived")
    #expect(arrived.count == 1, "\(drive): arrived \(arrived.count) times")
    if let t = arrived.first {
      #expect(
        abs(t - run.truth.arrivalTime) <= 10,
        "\(drive): arrived at \(t) s, truth \(run.truth.arrivalTime) s")
    }
  }

  @Test("off-route only after the wrong turn, within 12 s", arguments: drives)
  func offRoute(drive: String) throws {
    let run = try ReplayedDrive(drive)
    let offRoute = run.times("offRoute")
    if let wrongTurn = run.truth.wrongTurn {
      let first = try #require(offRoute.first, "\(drive): the wrong turn was not detected")
      #expect(
        first >= wrongTurn && first <= wrongTurn + 12,
        "\(drive): off route at \(first) s, wrong turn at \(wrongTurn) s")
      #expect(
        run.timeline.contains { $0.kind == .state(.paused(.proceedToRoute)) },
        "\(drive): with no router the session guides back to the route")
    } else {
      #expect(offRoute.isEmpty, "\(drive): off route at \(offRoute) s")
    }
  }

  @Test(
    "the GPS outage is noticed and recovered", arguments: drives.filter { $0.hasSuffix("outage") })
  func outage(drive: String) throws {
    let run = try ReplayedDrive(drive)
    let window = try #require(run.truth.outage)
    let lost = run.times("gpsLost")
    let restored = run.times("gpsRestored")
    #expect(lost.count == 1 && restored.count == 1)
    if let l = lost.first, let r = restored.first {
      #expect(
        l >= window[0] && l <= window[0] + 3, "\(drive): lost at \(l) s, outage from \(window[0]) s"
      )
      #expect(
        r >= window[1] && r <= window[1] + 2,
        "\(drive): restored at \(r) s, outage until \(window[1]) s")
    }
    #expect(!run.timeline.contains { $0.kind == .state(.paused(.locating)) && $0.t > 1 })
  }

  @Test("replay is deterministic")
  func deterministic() throws {
    let a = try ReplayedDrive("helsinki-1-noisy").timeline
    let b = try ReplayedDrive("helsinki-1-noisy").timeline
    #expect(a == b)
  }
}
