import Core
import Foundation

/// Writes the daemon's files (the trip, favourites and recents) on its own serial queue, so
/// the event loop never waits for `fsync` on an SD card.
///
/// Writes happen in the order asked for; `flush()` blocks until every one asked for before
/// it is on disk. Failures are logged and never stop the daemon: a full or read-only state
/// partition costs the resume, not the drive.
final class StateWriter: StateStore, Sendable {
  let trips: TripStore
  let places: PlaceStore
  private let logger: Logger
  private let queue = DispatchQueue(label: "headunit.state", qos: .utility)

  init(directory: URL, logger: Logger) {
    trips = TripStore(directory: directory)
    places = PlaceStore(url: directory.appendingPathComponent("places.json"))
    self.logger = logger
  }

  func save(_ snapshot: TripSnapshot) {
    queue.async { [trips, logger] in
      do throws(AtomicFile.Error) {
        try trips.save(snapshot)
        logger.debug("trip saved (#\(snapshot.sequence))")
      } catch {
        logger.error("cannot save the trip: \(error)")
      }
    }
  }

  func clearTrip() {
    queue.async { [trips, logger] in
      do throws(AtomicFile.Error) {
        try trips.clear()
      } catch {
        logger.error("cannot remove the saved trip: \(error)")
      }
    }
  }

  func save(_ lists: PlaceLists) {
    queue.async { [places, logger] in
      do {
        try places.save(lists)
      } catch {
        logger.error("cannot save favourites and recents: \(error)")
      }
    }
  }

  /// Blocks until every write asked for so far is done.
  func flush() {
    queue.sync {}
  }
}
