/// Where the trip and the places are kept: files in the state directory, written off the
/// event loop so that a power cut leaves the old file or the new one; or a replay's memory.
///
/// The calls never block on the disk.
public protocol StateStore: AnyObject {
  func save(_ trip: TripSnapshot)
  /// The trip ended: forget the saved one.
  func clearTrip()
  func save(_ places: PlaceLists)
}
