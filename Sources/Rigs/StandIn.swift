import Foundation

/// The device stand-ins (`StandIns/NAME/NAME.c`: `fakefb`, `fakegpio`, `fakeevdev`),
/// userspace framebuffers, GPIO chips and input devices loaded with `LD_PRELOAD`, compiled
/// for the benchmarks and tests that run `headunit run` on a machine without a display, GPIO
/// chip or touch screen.
public enum StandIn {
  /// Compiles the stand-in `NAME` (its C source ships with this module, under
  /// `StandIns/NAME/NAME.c`) into `folder` as `libNAME.so` and returns its path. Built
  /// under a private name and renamed, so processes compiling at once never load half a
  /// file. Blocks while the compiler runs.
  ///
  /// - Parameters:
  ///   - compiler: the C compiler's path, or a name looked up on `PATH`.
  ///   - warnings: with `-Wall -Wextra` (the tests'; printed, not failures).
  /// - Throws: `SystemError` when the source is missing from the module's resources, the
  ///   compiler cannot run or fails (its message included), or the rename fails.
  public static func compile(
    _ name: String, into folder: URL, compiler: String = "cc", warnings: Bool = false
  ) throws -> String {
    guard
      let source = Bundle.module.url(
        forResource: name, withExtension: "c", subdirectory: "StandIns/\(name)")
    else {
      throw SystemError("no stand-in source StandIns/\(name)/\(name).c among the resources", ENOENT)
    }
    let library = folder.appendingPathComponent("lib\(name).so").path
    // One scratch file per call: tests in one process compile the same stand-in at once.
    let scratch = folder.appendingPathComponent("lib\(name)-\(UUID().uuidString).so").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [compiler, "-shared", "-fPIC", "-O1"] + (warnings ? ["-Wall", "-Wextra"] : [])
      + ["-o", scratch, source.path, "-ldl", "-lpthread"]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = errors.fileHandleForReading.bytesToEnd()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw SystemError(
        "\(compiler) could not build the \(name) stand-in: "
          + String(decoding: message, as: UTF8.self), EINVAL)
    }
    guard rename(scratch, library) == 0 else {
      throw SystemError("rename \(scratch) to \(library)", errno)
    }
    return library
  }
}
