import Foundation

/// The device stand-ins (`StandIns/NAME/NAME.c`: `fakefb`, `fakegpio`), userspace
/// framebuffer and GPIO chips loaded with `LD_PRELOAD`, compiled for the benchmarks and
/// tests that run `headunit run` on a machine without a display or GPIO chip.
public enum StandIn {
  /// Compiles the stand-in `NAME` (its C source ships with this module, under
  /// `StandIns/NAME/NAME.c`) into `folder` with `cc`; returns the shared library's path.
  ///
  /// - Throws: `SystemError` when the source is missing from the module's resources or
  ///   `cc` fails.
  public static func compile(_ name: String, into folder: URL) throws -> String {
    guard
      let source = Bundle.module.url(
        forResource: name, withExtension: "c", subdirectory: "StandIns/\(name)")
    else {
      throw SystemError("no stand-in source StandIns/\(name)/\(name).c among the resources", ENOENT)
    }
    let library = folder.appendingPathComponent("lib\(name).so").path
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compiler.arguments = [
      "cc", "-shared", "-fPIC", "-O1", "-o", library, source.path, "-ldl", "-lpthread",
    ]
    try compiler.run()
    compiler.waitUntilExit()
    guard compiler.terminationStatus == 0 else {
      throw SystemError("cc could not build the \(name) stand-in", EINVAL)
    }
    return library
  }
}
