import Foundation
import HeadUnit

/// Where a command writes: standard output for results, standard error for problems.
///
/// Commands take one so that tests run them in-process and read what they wrote.
public struct Console: Sendable {
  public let out: @Sendable (String) -> Void
  public let err: @Sendable (String) -> Void

  public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void)
  {
    self.out = out
    self.err = err
  }

  /// The process's standard output and error, a line per call.
  public static let standard = Console(
    out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
    err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
}
