import Foundation
import Navigation

/// Whether the vehicle is over the speed limit by more than the driver tolerates: the
/// speed turns red on screen while it is, and with `chime` on, one short tone sounds at
/// the start of each excursion.
///
/// An excursion starts when the speed goes above the limit plus the threshold, and ends
/// only once it is back `hysteresis` below that (or the limit is no longer known), so a
/// speed hovering at the threshold neither flickers nor chimes again. A pure state machine,
/// fed one update per fix by `HeadUnitCore`.
public struct SpeedWarning: Sendable, Equatable {
  /// How far over the limit the warning starts.
  public enum Threshold: Sendable, Equatable {
    /// This many km/h over the limit.
    case kilometresPerHour(Double)
    /// This many percent of the limit over it.
    case percent(Double)

    /// Km/h over `limit` (km/h) before the warning.
    func excess(over limit: Double) -> Double {
      switch self {
      case .kilometresPerHour(let value): value
      case .percent(let value): limit * value / 100
      }
    }

    /// The default for `units`: 5 km/h, or 3 mph.
    public static func standard(for units: UnitSystem) -> Threshold {
      units == .imperial ? .kilometresPerHour(3 * 1.609_344) : .kilometresPerHour(5)
    }
  }

  public struct Configuration: Sendable, Equatable {
    public var threshold = Threshold.kilometresPerHour(5)
    /// A tone at the start of each excursion; off unless the driver asks for it.
    public var chime = false
    /// Km/h below the warning's start the speed must fall back to for the excursion to end.
    public var hysteresis = 3.0

    public init() {}
  }

  public enum Event: Sendable, Equatable {
    /// A fix: the speed over ground, m/s (nil when the fix has none), and the limit of
    /// the road driven (nil when not known).
    case update(speed: Double?, limit: SpeedLimit?)
  }

  public enum Effect: Sendable, Equatable {
    /// The warning starts (true) or ends.
    case warning(Bool)
    /// Play the chime once.
    case chime
  }

  public let configuration: Configuration
  /// Whether an excursion is under way.
  public private(set) var isWarning = false
  /// When the excursion under way started.
  public private(set) var since: Date?

  public init(configuration: Configuration = .init()) {
    self.configuration = configuration
  }

  /// Takes in one update at `now`; returns what changed.
  public mutating func handle(_ event: Event, at now: Date) -> [Effect] {
    switch event {
    case .update(let speed, let limit):
      guard let speed, speed.isFinite, let limit else { return end() }
      let kmh = speed * 3.6
      let limitKmh = limit.kilometresPerHour
      let start = limitKmh + configuration.threshold.excess(over: limitKmh)
      if isWarning {
        return kmh <= start - configuration.hysteresis ? end() : []
      }
      guard kmh > start else { return [] }
      isWarning = true
      since = now
      return configuration.chime ? [.warning(true), .chime] : [.warning(true)]
    }
  }

  private mutating func end() -> [Effect] {
    guard isWarning else { return [] }
    isWarning = false
    since = nil
    return [.warning(false)]
  }
}
