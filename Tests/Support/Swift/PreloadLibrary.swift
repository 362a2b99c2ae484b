import Foundation
import Rigs

/// A userspace device stand-in (`Rigs`' `StandIns/<name>/<name>.c`), built by
/// `StandIn.compile` as an `LD_PRELOAD` library next to the test binary, once per test
/// process.
///
/// Shared by the test targets (`TestSupport`, at `Tests/Support/Swift`).
public enum PreloadLibrary {
  /// The package's root directory.
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  public struct CompileError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
      self.description = description
    }
  }

  /// A C compiler: clang next to the Swift toolchain (on PATH), else `cc`.
  public static func compiler() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in ["clang", "cc", "gcc"] {
      for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }

  /// Compiles `Tests/Support/<name>/<name>.c` into `lib<name>.so` next to the test binary
  /// (`-Wall -Wextra`; warnings are printed by the compiler, not failures) and returns its
  /// path.
  public static func compile(_ name: String) -> Result<String, CompileError> {
    guard let cc = compiler() else { return .failure(CompileError(description: "no C compiler")) }
    // Built next to the test binary, so it goes with the build directory.
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    do {
      return .success(try StandIn.compile(name, into: directory, compiler: cc, warnings: true))
    } catch {
      return .failure(CompileError(description: "\(error)"))
    }
  }

  /// Runs the Swift Testing tests matching `filter` again in a copy of the running test
  /// binary with `library` preloaded and `environment` added, and returns its exit status
  /// and everything it printed.
  ///
  /// Device stand-ins must be preloaded before the process starts, so tests that need one
  /// in-process re-run themselves this way; the copy sees the environment and does the
  /// checks. Blocks until the copy exits.
  public static func rerun(
    filter: String, library: String, environment extra: [String: String]
  ) throws -> (status: Int32, output: String) {
    var environment = ProcessInfo.processInfo.environment
    environment["LD_PRELOAD"] = library
    environment.merge(extra) { $1 }
    return try ChildProcess.output(
      of: CommandLine.arguments[0], ["--testing-library", "swift-testing", "--filter", filter],
      environment: environment)
  }
}
