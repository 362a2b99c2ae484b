import Foundation
import Navigation

extension HeadUnitCore {
  /// The trip under way, for saving.
  struct ActiveTrip: Sendable, Equatable {
    var place: Place
    var trip: Navigation.Trip
    var choice: Int
    var progress: TripSnapshot.Progress?
    var sequence: Int
    var savedAt: Date?
  }
}
