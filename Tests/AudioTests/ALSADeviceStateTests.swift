import Testing

@testable import Audio

/// The writer thread's open/close/retry policy, without I/O: tables of events and what
/// the state decides.
@Suite("ALSA device state (open, idle close, retry, report once)")
struct ALSADeviceStateTests {
  typealias State = ALSADeviceState
  static let t0 = ContinuousClock.now
  static func at(_ milliseconds: Int) -> ContinuousClock.Instant {
    t0.advanced(by: .milliseconds(milliseconds))
  }
  static func make() -> State {
    State(idleClose: .seconds(2), retry: .init(initial: .milliseconds(500), maximum: .seconds(2)))
  }
  static let missing = AudioError(.unavailable, "ALSA device 'hw:9' not available")
  static let vanished = AudioError(.failed, "ALSA device 'hw:1' failed while playing")

  /// An event at a time, in milliseconds from t0.
  enum Event {
    case samples(Int)
    case opened(Int)
    case played(Int)
    case failed(AudioError, Int)
    case closed
  }

  /// What an event gave: a decision, an error to report (or nil), or nothing.
  enum Outcome: Equatable {
    case decision(State.Decision)
    case report(AudioError?)
    case none
  }

  static func run(_ events: [Event], on state: inout State) -> [Outcome] {
    events.map { event in
      switch event {
      case .samples(let ms): return .decision(state.samplesWaiting(at: at(ms)))
      case .opened(let ms):
        state.opened(at: at(ms))
        return .none
      case .played(let ms):
        state.played(at: at(ms))
        return .none
      case .failed(let error, let ms): return .report(state.failed(error, at: at(ms)))
      case .closed:
        state.closed()
        return .none
      }
    }
  }

  @Test("opens on the first samples, then writes")
  func opensThenWrites() {
    var state = Self.make()
    #expect(
      Self.run([.samples(0), .opened(1), .samples(2), .played(3)], on: &state)
        == [.decision(.open), .none, .decision(.write), .none])
    #expect(state.phase == .open(lastActivity: Self.at(3)))
  }

  @Test("idle for 2 s after the last samples: close; the next samples reopen")
  func idleClose() {
    var state = Self.make()
    _ = Self.run([.samples(0), .opened(1), .played(100)], on: &state)
    #expect(state.idleDeadline == Self.at(2_100))
    #expect(!state.isIdle(at: Self.at(2_099)))
    #expect(state.isIdle(at: Self.at(2_100)))
    state.closed()
    #expect(state.phase == .closed)
    #expect(state.idleDeadline == nil)
    #expect(!state.isIdle(at: Self.at(9_999)))
    #expect(state.samplesWaiting(at: Self.at(5_000)) == .open)
  }

  @Test("a missing device: reported once, dropped until the backed-off retry, retried")
  func missingDevice() {
    var state = Self.make()
    let outcomes = Self.run(
      [
        .samples(0), .failed(Self.missing, 1),  // retry at 501
        .samples(100), .samples(500), .samples(501), .failed(Self.missing, 502),  // at 1502
        .samples(1_501), .samples(1_502), .failed(Self.missing, 1_503),  // 2 s: at 3503
        .samples(3_503), .failed(Self.missing, 3_503),  // still 2 s (maximum): at 5503
        .samples(5_502), .samples(5_503),
      ], on: &state)
    #expect(
      outcomes == [
        .decision(.open), .report(Self.missing),
        .decision(.drop), .decision(.drop), .decision(.open), .report(nil),
        .decision(.drop), .decision(.open), .report(nil),
        .decision(.open), .report(nil),
        .decision(.drop), .decision(.open),
      ])
  }

  @Test("a device back after an outage resets reporting and back-off")
  func recoveryResets() {
    var state = Self.make()
    let outcomes = Self.run(
      [
        .samples(0), .failed(Self.missing, 0), .samples(500), .opened(500),
        .samples(600), .failed(Self.vanished, 600),  // reported again, retry at 1100
        .samples(1_099), .samples(1_100),
      ], on: &state)
    #expect(
      outcomes == [
        .decision(.open), .report(Self.missing), .decision(.open), .none,
        .decision(.write), .report(Self.vanished),
        .decision(.drop), .decision(.open),
      ])
  }

  @Test("closing an unavailable device keeps its retry time")
  func closeKeepsOutage() {
    var state = Self.make()
    _ = Self.run([.samples(0), .failed(Self.missing, 0), .closed], on: &state)
    #expect(state.phase == .unavailable(retryAt: Self.at(500)))
    #expect(state.samplesWaiting(at: Self.at(10)) == .drop)
    // Playing does not touch a device that is not open.
    state.played(at: Self.at(20))
    #expect(state.phase == .unavailable(retryAt: Self.at(500)))
  }
}
