import Foundation
import Geo
import Navigation

/// The trip under way, as saved to survive a power cut: the destination, every route
/// choice with the one being driven, and how far along it the vehicle was.
///
/// Self-contained (the routes themselves are stored, not looked up again), so a trip from
/// any router resumes the same. Stored as JSON by `TripStore`.
public struct TripSnapshot: Codable, Sendable, Equatable {
  /// How far along the route the vehicle was when saved.
  public struct Progress: Codable, Sendable, Equatable {
    /// Metres along the route.
    public var offset: Double
    public var distanceRemaining: Double
    /// The next maneuver's step index.
    public var nextStep: Int
    /// The last position matched to the route.
    public var position: Coordinate

    public init(offset: Double, distanceRemaining: Double, nextStep: Int, position: Coordinate) {
      self.offset = offset
      self.distanceRemaining = distanceRemaining
      self.nextStep = nextStep
      self.position = position
    }
  }

  /// The format; a file with another version is not resumed.
  public static let currentVersion = 1

  public var version = Self.currentVersion
  /// Counts saves of this trip, from 1; later snapshots have higher numbers.
  public var sequence: Int
  public var savedAt: Date
  public var place: Place
  public var trip: Trip
  /// The route choice being driven.
  public var choice: Int
  public var progress: Progress?

  public init(
    sequence: Int, savedAt: Date, place: Place, trip: Trip, choice: Int,
    progress: Progress? = nil
  ) {
    self.sequence = sequence
    self.savedAt = savedAt
    self.place = place
    self.trip = trip
    self.choice = choice
    self.progress = progress
  }

  /// The route being driven, if the snapshot holds one.
  public var route: Route? {
    trip.routeChoices.indices.contains(choice) ? trip.routeChoices[choice].route : nil
  }
}
