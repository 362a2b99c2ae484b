import Synchronization

/// A value worked out the first time it is asked for, then kept: shared by every copy of
/// the value that holds it. Safe from any thread; concurrent first askers wait for one
/// computation.
final class OnFirstUse<Value: Sendable>: Sendable {
  private let stored = Mutex<Value?>(nil)

  init() {}

  /// The value, made by `make` on the first call only.
  func value(_ make: () -> Value) -> Value {
    stored.withLock { stored in
      if let stored { return stored }
      let made = make()
      stored = made
      return made
    }
  }
}
