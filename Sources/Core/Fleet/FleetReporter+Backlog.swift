import Foundation

/// When the reporter asks for its queue to be saved, and what it takes back at a start.
///
/// Saving costs an SD card a write of the whole queue, so it is asked for only when a
/// restart would otherwise lose something:
/// - while the endpoint cannot be reached (an outage began and has not ended), after every
///   report made, so a power cut loses none of them;
/// - after a failure, when the queue changed since the last save (the report that was
///   under way when the link went, say);
/// - when a catch-up has emptied the queue, and not per report delivered on the way: a
///   power cut in the middle sends some again, which the endpoint recognises by their
///   sequence numbers;
/// - when the sequence numbers reserved by the last save run out: each save reserves
///   ``sequenceReserve`` numbers ahead, so a restart after a power cut never reuses the
///   number of a report that may have been delivered (it skips some instead);
/// - at the start (the reservation) and at `.stop` (the exact next number, no gap).
///
/// While the link is up the queue is empty or holds the one report under way, and nothing
/// is written per report: a report made then is on disk only if its request fails.
extension FleetReporter {
  /// Sequence numbers a save lets the reporter use before it must save again: a save every
  /// 100 reports (17 minutes at 10 s) while the link is up, and a gap of at most 100
  /// numbers after a power cut.
  public static let sequenceReserve = 100

  /// Takes back `saved`: its reports queued first (the newest ``Configuration/queueLimit``
  /// of them, the rest counted as `queue full`), numbering from its `nextSequence`; then
  /// saves, to reserve the numbers it will use.
  mutating func restore(_ saved: FleetBacklog) -> [Effect] {
    var reports = saved.reports
    var effects: [Effect] = []
    let excess = reports.count - configuration.queueLimit
    if excess > 0 {
      reports.removeFirst(excess)
      failures["queue full", default: 0] += excess
      effects.append(
        .log(
          .warning,
          "fleet: \(saved.reports.count) saved reports, more than the queue's "
            + "\(configuration.queueLimit); the oldest \(excess) dropped"))
    }
    queue = reports
    let last = reports.last?.sequence ?? 0
    nextSequence = max(nextSequence, saved.nextSequence, last + 1)
    if let first = reports.first {
      effects.append(
        .log(
          .notice,
          "fleet: \(reports.count) reports saved before the restart to send "
            + "(\(first.sequence)–\(last)); numbering goes on from \(nextSequence)"))
    }
    return effects + persist()
  }

  /// After a report was queued: saves while offline, or when the reserved numbers ran out.
  mutating func persistRecorded() -> [Effect] {
    outage != nil || nextSequence >= reservedSequence ? persist() : []
  }

  /// After a delivery: saves when the queue became empty and the last save held reports.
  mutating func persistDelivered() -> [Effect] {
    queue.isEmpty && savedReports ? persist() : []
  }

  /// The queue as it is now, to save. `final`: the reporter stops, and saves the exact next
  /// number; otherwise ``sequenceReserve`` numbers are reserved ahead.
  mutating func persist(final: Bool = false) -> [Effect] {
    reservedSequence = final ? nextSequence : nextSequence + Self.sequenceReserve
    unsaved = false
    savedReports = !queue.isEmpty
    return [.persist(FleetBacklog(reports: queue, nextSequence: reservedSequence))]
  }
}
