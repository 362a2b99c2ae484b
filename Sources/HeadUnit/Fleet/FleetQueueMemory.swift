import Core
import Foundation
import Synchronization

/// Keeps the fleet queue in memory: it survives a new `FleetService` in the same process
/// (a reporter restarted by SIGHUP, a test's "restart"), not the process.
public final class FleetQueueMemory: FleetQueueStore {
  private let saved: Mutex<FleetBacklog>
  private let saves = Atomic<Int>(0)

  /// A store holding `backlog`.
  public init(_ backlog: FleetBacklog = .empty) {
    saved = Mutex(backlog)
  }

  /// What was saved last.
  public var backlog: FleetBacklog { saved.withLock { $0 } }

  /// How many times ``save(_:)`` was called.
  public var saveCount: Int { saves.load(ordering: .relaxed) }

  public func load(limit: Int) -> (backlog: FleetBacklog, warning: String?) {
    (saved.withLock { $0 }, nil)
  }

  public func save(_ backlog: FleetBacklog) throws(AtomicFile.Error) {
    saved.withLock { $0 = backlog }
    saves.add(1, ordering: .relaxed)
  }
}
