import Synchronization

/// Lowers a ``VolumeControl`` (the music) while a prompt plays and puts it back after, in
/// every path: the prompt ends, is cut off, or fails to play, and also when the ducker is
/// deinitialized while ducked.
///
/// `duck()` reads the level and lowers it by ``reduction`` percentage points (not below
/// 0); `restore()` sets the level read by `duck()` again, unless someone turned the
/// control while the prompt played (it no longer reads the lowered level, give or take
/// one point of rounding), in which case their setting stays. Both are idempotent, so
/// the prompt player can call `restore()` on every way out.
///
/// Threading: any thread; calls are serialized, each blocking for the control's I/O
/// (a few ioctls for ALSA).
public final class Ducker: Sendable {
  public let control: any VolumeControl
  /// Percentage points taken off while ducked.
  public let reduction: Int
  private let state = Mutex(State.idle)

  enum State: Equatable {
    case idle
    /// Lowered from `original` to `lowered`.
    case ducked(original: Int, lowered: Int)
  }

  /// - Parameters:
  ///   - reduction: percentage points to take off while a prompt plays (clamped to
  ///     0...100); 100 mutes the music.
  public init(control: any VolumeControl, reduction: Int = 30) {
    self.control = control
    self.reduction = min(100, max(0, reduction))
  }

  deinit {
    try? restore()
  }

  /// Whether the control is lowered now.
  public var isDucked: Bool { state.withLock { $0 != .idle } }

  /// Lowers the control; nothing when it is already lowered.
  ///
  /// - Throws: `AudioError` from the control; the level is then unchanged, and the
  ///   prompt should play anyway (louder music beats no prompt).
  public func duck() throws(AudioError) {
    try state.withLock { state throws(AudioError) in
      guard state == .idle else { return }
      let original = try control.volume()
      let lowered = max(0, original - reduction)
      try control.setVolume(lowered)
      state = .ducked(original: original, lowered: lowered)
    }
  }

  /// Puts the level back (see the type's description); nothing when not lowered.
  ///
  /// - Throws: `AudioError` from the control; the ducker then stays lowered, so a later
  ///   `restore()` (or `deinit`) tries again.
  public func restore() throws(AudioError) {
    try state.withLock { state throws(AudioError) in
      guard case .ducked(let original, let lowered) = state else { return }
      let current = try control.volume()
      if abs(current - lowered) <= 1 {
        try control.setVolume(original)
      }
      state = .idle
    }
  }

  /// Runs `body` (playing a prompt) with the control lowered and restores it however
  /// `body` ends: returns, throws, or returns early because the prompt was cut off.
  ///
  /// Control failures do not stop the prompt: they go to `controlFailed` and `body`
  /// runs regardless.
  public func whileDucked<Result, Failure: Error>(
    controlFailed: (AudioError) -> Void = { _ in },
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    do {
      try duck()
    } catch {
      controlFailed(error)
    }
    defer {
      do {
        try restore()
      } catch {
        controlFailed(error)
      }
    }
    return try body()
  }
}
