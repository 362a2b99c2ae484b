import Audio
import Synchronization

/// A volume control in memory that records every call and can be made to fail.
final class RecordingVolumeControl: VolumeControl {
  enum Call: Equatable {
    case get
    case set(Int)
  }

  private struct State {
    var level: Int
    var calls: [Call] = []
    /// Calls that fail: get, set, or both.
    var failingGet = false
    var failingSet = false
  }

  private let state: Mutex<State>
  static let failure = AudioError(.failed, "mixer gone")

  init(level: Int) {
    state = Mutex(State(level: level))
  }

  var level: Int { state.withLock { $0.level } }
  var calls: [Call] { state.withLock { $0.calls } }

  /// Someone else (a knob, alsamixer) sets the level: not recorded as a call.
  func turn(to level: Int) { state.withLock { $0.level = level } }

  func fail(get: Bool = false, set: Bool = false) {
    state.withLock {
      $0.failingGet = get
      $0.failingSet = set
    }
  }

  func volume() throws(AudioError) -> Int {
    try state.withLock { state throws(AudioError) in
      state.calls.append(.get)
      if state.failingGet { throw Self.failure }
      return state.level
    }
  }

  func setVolume(_ percent: Int) throws(AudioError) {
    try state.withLock { state throws(AudioError) in
      state.calls.append(.set(percent))
      if state.failingSet { throw Self.failure }
      state.level = min(100, max(0, percent))
    }
  }
}
