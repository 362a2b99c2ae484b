import Core
import Foundation

/// Where the fleet reporter's queue is kept between runs: a file in the state directory
/// (``FleetQueueFile``) in the daemon, memory (``FleetQueueMemory``) in tests and when no
/// directory is given.
///
/// Both block the caller for as long as the store takes; `FleetService` calls them on its
/// own queue, never on the daemon's event loop.
public protocol FleetQueueStore: Sendable {
  /// What was saved last, ``FleetBacklog/empty`` when nothing was; `warning` says what was
  /// repaired (a damaged file set aside). Never fails: a store that cannot be read is a
  /// start with nothing saved.
  ///
  /// - Parameter limit: the queue's ``FleetReporter/Configuration/queueLimit``; a store
  ///   holding more reports than that is not taken.
  func load(limit: Int) -> (backlog: FleetBacklog, warning: String?)

  /// Replaces what was saved with `backlog`; when it returns, it survives a power cut.
  func save(_ backlog: FleetBacklog) throws(AtomicFile.Error)
}
