import Foundation

/// The device stand-ins of the source tree (`Tests/Support/NAME/NAME.c`: `fakefb`,
/// `fakegpio`), compiled for the benchmarks that run `headunit run` on a machine without a
/// display or GPIO chip.
enum StandIn {
  /// Compiles `Tests/Support/NAME/NAME.c` of the source tree this program was built from
  /// into `folder` with `cc`; returns the shared library's path.
  ///
  /// - Throws: `SystemError` when the source is not there (an installed program away from
  ///   its source tree) or `cc` fails.
  static func compile(_ name: String, into folder: URL) throws -> String {
    let source = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tests/Support/\(name)/\(name).c")
    guard FileManager.default.fileExists(atPath: source.path) else {
      throw SystemError("no stand-in source at \(source.path)", ENOENT)
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
