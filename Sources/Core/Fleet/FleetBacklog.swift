import Foundation

/// What of the fleet reporter outlives the process: the reports not yet delivered, and
/// the sequence number the next report may take.
///
/// The reporter hands one out as `.persist` whenever it should be saved, and takes the
/// saved one back on `.start(saved:)`. `nextSequence` is above every sequence number the
/// reporter has used or will use before it asks to save again, so a restart after a power
/// cut never reuses the number of a report that was delivered (it may skip some: a gap).
public struct FleetBacklog: Sendable, Equatable {
  /// Reports not yet delivered, oldest first, their sequence numbers increasing.
  public var reports: [FleetReport]
  /// The sequence number the next report made takes; above every one in `reports`.
  public var nextSequence: Int

  public init(reports: [FleetReport], nextSequence: Int) {
    self.reports = reports
    self.nextSequence = nextSequence
  }

  /// Nothing saved: no reports, numbering from 1.
  public static let empty = FleetBacklog(reports: [], nextSequence: 1)
}
