/// Where the trip and the places are kept: files in the state directory, written off the
/// event loop so that a power cut leaves the old file or the new one; or a replay's memory.
///
/// The calls never block on the disk.
public protocol StateStore: AnyObject {
  func save(_ trip: TripSnapshot)
  /// The trip ended: forget the saved one.
  func clearTrip()
  func save(_ places: PlaceLists)
  /// Returns once every save asked for so far is kept (on disk for the car's store).
  func flush()
}

extension StateStore {
  /// A store in memory keeps each save at once.
  public func flush() {}
}
