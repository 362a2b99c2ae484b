/// A voice prompt the guidance wants spoken.
///
/// `maneuvers[0]` is announced at `stage`; any further maneuvers were appended with
/// "then …" because they follow too closely for a prompt of their own, and that mention
/// is their final prompt.
public struct Announcement: Hashable, Sendable {
  /// When in a maneuver's approach a prompt is given.
  public enum Stage: String, Hashable, Sendable, CaseIterable {
    /// At the start of the trip: which way to head.
    case depart
    /// Right after a maneuver when the next one is far: how long to follow the road.
    case `continue`
    /// Well ahead of the maneuver, with the distance ("In 300 metres, …").
    case early
    /// A few seconds before the maneuver (for the arrival: the destination ahead).
    case final
  }

  /// How urgent a prompt is; a player lets a higher priority cut off a lower one.
  public enum Priority: Int, Comparable, Hashable, Sendable {
    case low = 0
    case normal = 1
    case high = 2
    public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
  }

  /// Step indices of the maneuvers this prompt covers, first one at `stage`.
  public var maneuvers: [Int]
  public var stage: Stage
  public var text: String
  /// Distance from the vehicle to the first covered maneuver when it was issued, metres.
  public var distance: Double
  public var priority: Priority
  /// The distance the prompt says, metres ("In a quarter mile": 402.3); nil when it says
  /// none. Rounded from `distance`, never more than 25 % or 30 m from it.
  public var spokenDistance: Double?

  public init(
    maneuvers: [Int], stage: Stage, text: String, distance: Double, priority: Priority,
    spokenDistance: Double? = nil
  ) {
    self.maneuvers = maneuvers
    self.stage = stage
    self.text = text
    self.distance = distance
    self.priority = priority
    self.spokenDistance = spokenDistance
  }

  /// Estimated speaking time in seconds, at about 15 characters a second.
  public var estimatedDuration: Double { Self.speakingTime(text) }

  /// Estimated speaking time of `text` in seconds.
  public static func speakingTime(_ text: String) -> Double { Double(text.count) / 15 }
}
