import Board
import Commands
import Core
import Foundation
import Rigs

extension DriveBenchmark {
  /// The CPU a daemon used while a drive was fed to it.
  struct Window {
    /// Wall seconds from the first epoch sent to the last sample.
    var seconds: Double
    /// The daemon's CPU time when the first epoch went out, and at the last sample.
    var first: CPUTime
    var last: CPUTime
    /// Each second's CPU time as a share of one core.
    var perSecond: [Double]
  }

  /// Seconds from the first epoch to each epoch of a recording, from the UTC time of day
  /// of the sentence that opens each (RMC's field 1, `hhmmss.ss`): the recording's own
  /// pace, gaps included. A time before the previous one has passed midnight; an epoch
  /// without a readable time comes a second after the one before. Pure.
  static func offsets(of epochs: [[String]]) -> [Double] {
    var offsets: [Double] = []
    var origin: Double?
    var days = 0.0
    var previous = -1.0
    for epoch in epochs {
      guard let time = epoch.first.flatMap(timeOfDay) else {
        previous += 1
        offsets.append(previous)
        continue
      }
      let start = origin ?? time
      origin = start
      var offset = time - start + days
      if offset < previous {
        days += 86_400
        offset += 86_400
      }
      previous = offset
      offsets.append(offset)
    }
    return offsets
  }

  /// Seconds since midnight of an NMEA sentence's `hhmmss.ss` field 1; nil when absent.
  static func timeOfDay(_ sentence: String) -> Double? {
    let fields = sentence.split(separator: ",", omittingEmptySubsequences: false)
    guard fields.count > 1, fields[1].count >= 6 else { return nil }
    let text = fields[1]
    guard let hours = Double(text.prefix(2)), let minutes = Double(text.dropFirst(2).prefix(2)),
      let seconds = Double(text.dropFirst(4)), hours < 24, minutes < 60, seconds < 61
    else { return nil }
    return hours * 3600 + minutes * 60 + seconds
  }

  /// Sends each epoch's sentences at its offset divided by `speed` after the first, and
  /// reads `daemon`'s CPU time every second, from the first epoch to the first whole
  /// second at least one epoch interval after the last. Blocks the calling thread for the
  /// whole drive.
  ///
  /// - Throws: `BoardError` when a datagram cannot be sent or the daemon exits during the
  ///   drive.
  static func feed(
    _ epochs: [[String]], offsets: [Double], speed: Int, to sender: NMEASender,
    daemon: Process
  ) throws -> Window {
    let pid = daemon.processIdentifier
    let scale = 1 / Double(speed)
    let lastOffset = (offsets.last ?? 0) * scale
    let end = (lastOffset + scale).rounded(.up)
    let clock = ContinuousClock()
    let started = clock.now
    guard var reading = CPUTime.of(process: pid) else {
      throw BoardError(.failed, "the daemon exited before the drive")
    }
    let first = reading
    var readAt = started
    var perSecond: [Double] = []
    var nextSample = 1.0
    func wait(until offset: Double) {
      let remaining = (started + .seconds(offset)) - clock.now
      if remaining > .zero { Thread.sleep(forTimeInterval: remaining.seconds) }
    }
    func sample() throws {
      wait(until: nextSample)
      guard daemon.isRunning, let now = CPUTime.of(process: pid) else {
        throw BoardError(.failed, "the daemon exited during the drive")
      }
      let at = clock.now
      perSecond.append(now.since(reading).total / max(readAt.duration(to: at).seconds, 1e-3))
      reading = now
      readAt = at
      nextSample += 1
    }
    for (epoch, offset) in zip(epochs, offsets) {
      while nextSample <= offset * scale { try sample() }
      wait(until: offset * scale)
      for sentence in epoch { try sender.send(sentence) }
    }
    while nextSample <= end { try sample() }
    return Window(
      seconds: started.duration(to: readAt).seconds, first: first, last: reading,
      perSecond: perSecond)
  }
}
