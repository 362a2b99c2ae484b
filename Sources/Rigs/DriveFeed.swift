import Board
import Foundation
import Geo
import Navigation
import Synchronization

/// Feeds a recorded drive to gpsd's UDP port as a receiver would, on a thread of its own:
/// each fix at its place in the recording divided by `speed`, as NMEA stamped with the time
/// it is sent (so gpsd, the unit and any clock daemon reading gpsd see a fix of now, never
/// the recording's date). Stops at the drive's end or on `stop`; the feeding thread keeps
/// the feed alive until then.
public final class DriveFeed: Sendable {
  private let stopped = Atomic<Bool>(false)
  private let sentFixes = Atomic<Int>(0)

  /// Starts feeding `fixes` (in time order) to 127.0.0.1:`port`, `speed` times faster than
  /// they were recorded; `finished` is called on the feeding thread after the last fix.
  ///
  /// - Throws: `BoardError` when the UDP socket cannot be opened.
  public init(
    port: Int, fixes: [Fix], speed: Double,
    finished: @escaping @Sendable () -> Void = {}
  ) throws(BoardError) {
    let sender = Handoff(sender: try NMEASender(port: port))
    let pace = speed.isFinite && speed > 0 ? speed : 1
    let schedule = Self.schedule(fixes, speed: pace)
    let thread = Thread { [self] in
      let start = Date()
      for (offset, fix) in schedule {
        let due = start.addingTimeInterval(offset)
        while !stopped.load(ordering: .relaxed), Date() < due {
          Thread.sleep(forTimeInterval: min(0.05, due.timeIntervalSinceNow))
        }
        if stopped.load(ordering: .relaxed) { return }
        for sentence in NMEAWriter.sentences(for: fix, at: Date()) {
          try? sender.sender.send(sentence)
        }
        sentFixes.add(1, ordering: .relaxed)
      }
      finished()
    }
    thread.name = "drive-feed"
    thread.start()
  }

  /// How many fixes have been sent.
  public var sent: Int { sentFixes.load(ordering: .relaxed) }

  /// Stops feeding (within 50 ms).
  public func stop() { stopped.store(true, ordering: .relaxed) }

  /// When to send what, in seconds from the start: each fix at its place in the recording
  /// divided by `speed`; where that leaves more than a second between two fixes with a
  /// position (a slowed-down drive), fixes in between once a second, along the straight
  /// line between them, so the unit never sees its receiver fall silent.
  public static func schedule(_ fixes: [Fix], speed: Double) -> [(offset: Double, fix: Fix)] {
    guard let origin = fixes.first?.time else { return [] }
    var schedule: [(offset: Double, fix: Fix)] = []
    for (index, fix) in fixes.enumerated() {
      let offset = fix.time.timeIntervalSince(origin) / speed
      schedule.append((offset, fix))
      guard index + 1 < fixes.count, let from = fix.coordinate,
        let to = fixes[index + 1].coordinate
      else { continue }
      let gap = fixes[index + 1].time.timeIntervalSince(fix.time) / speed
      // At most an hour of filling between two fixes, however far apart they were taken.
      let steps = min(Int(gap.rounded(.up)) - 1, 3600)
      guard steps > 0 else { continue }
      for step in 1...steps {
        let share = Double(step) / Double(steps + 1)
        var between = fix
        between.coordinate = Coordinate(
          latitude: from.latitude + (to.latitude - from.latitude) * share,
          longitude: from.longitude + (to.longitude - from.longitude) * share)
        schedule.append((offset + gap * share, between))
      }
    }
    return schedule
  }

  /// The sender, used by the feeding thread alone once handed over.
  private struct Handoff: @unchecked Sendable {
    let sender: NMEASender
  }
}
