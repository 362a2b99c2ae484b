import Foundation
import Navigation

/// Decides when the head unit runs, drains, suspends and shuts down, from car signals.
///
/// A pure state machine: it never reads a clock and performs no I/O. Every event carries
/// its instant; the caller carries out the returned effects in order. Timers are effects
/// (`.timer(.schedule)`, `.timer(.cancel)`) that come back as `.timer` events; a timer
/// event that is no longer pending (cancelled or superseded) is ignored. `pendingTimers`
/// always equals the timers scheduled and neither fired nor cancelled, so tests can check
/// none leak.
///
/// Lifecycle: `starting` → `active` ⇄ `draining` → `suspended` → `shuttingDown`, and
/// `suspended` → `starting` when every cause has cleared. A cause is ignition off, external
/// power lost, or the bridge client gone (an explicit disconnect, or no heartbeat within
/// `heartbeatTimeout` after one was seen). The bridge counts only once it has connected.
public struct LifecycleMachine: Sendable {
  /// Timing and the optional shutdown command.
  public struct Configuration: Sendable, Equatable {
    /// How long guidance keeps running after the last cause appeared (default 10 s).
    public var gracePeriod: Duration
    /// Delay after teardown before the shutdown command runs; zero means never (default 60 s).
    public var shutdownDelay: Duration
    /// The command run to power the unit off, as argv; nil means none (the default).
    public var shutdownCommand: [String]?
    /// Longest silence after a bridge heartbeat before the bridge counts as gone.
    public var heartbeatTimeout: Duration

    public init(
      gracePeriod: Duration = .seconds(10), shutdownDelay: Duration = .seconds(60),
      shutdownCommand: [String]? = nil, heartbeatTimeout: Duration = .seconds(5)
    ) {
      self.gracePeriod = gracePeriod
      self.shutdownDelay = shutdownDelay
      self.shutdownCommand = shutdownCommand
      self.heartbeatTimeout = heartbeatTimeout
    }
  }

  /// Where the unit is in its life.
  public enum State: Sendable, Equatable {
    /// Devices are being acquired; waits for `.devicesReady`.
    case starting
    /// Guidance runs with nothing wrong.
    case active
    /// A cause appeared; guidance continues while the grace timer runs.
    case draining
    /// Torn down: session saved, screen blank, devices released.
    case suspended
    /// The shutdown command has been issued; every later event is ignored.
    case shuttingDown
  }

  /// Why the unit should stop.
  public enum Cause: Sendable, Hashable, CaseIterable {
    case ignitionOff
    case powerLost
    case bridgeGone
  }

  /// The machine's timers; each is pending at most once.
  public enum Timer: Sendable, Hashable {
    case grace
    case heartbeat
    case shutdown
  }

  /// Something that happened, already debounced upstream.
  public enum Event: Sendable, Equatable, TimerEvent {
    /// The devices asked for by `.acquireDevices` are ready.
    case devicesReady
    case ignitionOff
    case ignitionOn
    /// External power (battery or UPS input) is gone.
    case powerLost
    case powerRestored
    /// The bridge client is alive; (re)arms the heartbeat timeout.
    case heartbeat
    /// The bridge client said goodbye.
    case bridgeDisconnected
    /// A timer scheduled earlier came due.
    case timer(Timer)
  }

  /// Work for the caller, in order.
  public enum Effect: Sendable, Equatable, TimerEffect {
    case timer(TimerChange<Timer>)
    case acquireDevices
    case showMap
    case persistSession
    case stopPrompts
    case showParked
    case blankScreen
    case releaseDevices
    case runShutdownCommand([String])

    public var timerChange: TimerChange<Timer>? {
      if case .timer(let change) = self { change } else { nil }
    }
  }

  public let configuration: Configuration
  public private(set) var state: State = .starting
  /// Causes present now; the unit runs only while this is empty.
  public private(set) var causes: Set<Cause> = []
  /// Timers scheduled and neither fired nor cancelled, with their due instants.
  public private(set) var pendingTimers: [Timer: Date] = [:]

  /// Creates a machine in `starting`; the caller begins by acquiring devices.
  public init(configuration: Configuration = .init()) {
    self.configuration = configuration
  }

  /// The effects that begin the first start.
  public static let startEffects: [Effect] = [.acquireDevices]

  /// Applies one event that happened at `now` and returns what to do.
  public mutating func handle(_ event: Event, at now: Date) -> [Effect] {
    if state == .shuttingDown { return [] }
    var effects: [Effect] = []
    switch event {
    case .devicesReady:
      guard state == .starting else { return [] }
      state = .active
      effects.append(.showMap)
    case .ignitionOff: causes.insert(.ignitionOff)
    case .ignitionOn: causes.remove(.ignitionOff)
    case .powerLost: causes.insert(.powerLost)
    case .powerRestored: causes.remove(.powerLost)
    case .heartbeat:
      causes.remove(.bridgeGone)
      effects.append(
        schedule(.heartbeat, at: now.adding(configuration.heartbeatTimeout)))
    case .bridgeDisconnected:
      causes.insert(.bridgeGone)
      effects += cancel(.heartbeat)
    case .timer(let timer):
      guard pendingTimers.removeValue(forKey: timer) != nil else { return [] }
      switch timer {
      case .heartbeat: causes.insert(.bridgeGone)
      case .grace: return suspend(at: now)
      case .shutdown: return shutDown()
      }
    }
    return effects + reconcile(at: now)
  }

  /// Moves between active, draining and starting to match the present causes.
  private mutating func reconcile(at now: Date) -> [Effect] {
    switch (state, causes.isEmpty) {
    case (.active, false):
      state = .draining
      return [schedule(.grace, at: now.adding(configuration.gracePeriod))]
    case (.draining, true):
      state = .active
      return cancel(.grace)
    case (.suspended, true):
      state = .starting
      return cancel(.shutdown) + [.acquireDevices]
    default:
      return []
    }
  }

  private mutating func suspend(at now: Date) -> [Effect] {
    guard state == .draining else { return [] }
    state = .suspended
    var effects: [Effect] = [
      .persistSession, .stopPrompts, .showParked, .blankScreen, .releaseDevices,
    ]
    if configuration.shutdownDelay > .zero, configuration.shutdownCommand != nil {
      effects.append(
        schedule(.shutdown, at: now.adding(configuration.shutdownDelay)))
    }
    return effects
  }

  private mutating func shutDown() -> [Effect] {
    guard state == .suspended, let command = configuration.shutdownCommand else { return [] }
    state = .shuttingDown
    let remaining = pendingTimers.keys.sorted { "\($0)" < "\($1)" }
    return remaining.flatMap { cancel($0) } + [.runShutdownCommand(command)]
  }

  private mutating func schedule(_ timer: Timer, at instant: Date) -> Effect {
    pendingTimers[timer] = instant
    return .timer(.schedule(timer, at: instant))
  }

  private mutating func cancel(_ timer: Timer) -> [Effect] {
    guard pendingTimers.removeValue(forKey: timer) != nil else { return [] }
    return [.timer(.cancel(timer))]
  }
}
