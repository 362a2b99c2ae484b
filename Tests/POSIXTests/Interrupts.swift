import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signal the tests interrupt blocking calls with: `SIGUSR1`, caught by a handler that
/// only counts, installed without `SA_RESTART` so a blocked call returns `EINTR`.
///
/// Installed once and left installed: a `SIGUSR1` still on its way when a test ends must
/// not meet the default action, which ends the process.
enum Interrupts {
  /// Signals handled so far, by any thread.
  static let deliveries = Atomic<Int>(0)

  private static let installed: Bool = {
    _ = deliveries.load(ordering: .relaxed)
    var action = sigaction()
    let handler: @convention(c) (Int32) -> Void = { _ in
      Interrupts.deliveries.add(1, ordering: .relaxed)
    }
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    return sigaction(SIGUSR1, &action, nil) == 0
  }()

  /// Installs the handler (once); false if `sigaction` failed.
  @discardableResult
  static func install() -> Bool { installed }

  /// How many signals were handled so far.
  static var count: Int { deliveries.load(ordering: .relaxed) }
}
