import Foundation
import Rendering
import TestSupport
import Testing

/// `headunit snapshot --framebuffer`, run as a subprocess of the built executable with the
/// fake framebuffer (`Sources/Rigs/StandIns/fakefb`) preloaded.
@Suite("Snapshot on a framebuffer")
struct FramebufferSnapshotTests {
  /// The fake framebuffer's preload library, built once per test process.
  static let library = PreloadLibrary.compile("fakefb")

  /// What a run of the executable did.
  struct Run {
    var status: Int32
    var out: String
    var err: String
  }

  /// Runs the built `headunit` with `arguments` and `environment` added to this process's,
  /// its output going to files in `directory`.
  func headunit(_ arguments: [String], environment extra: [String: String] = [:], in directory: URL)
    throws -> Run
  {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("headunit")
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path), "no executable at \(binary.path)")
    let outPath = directory.appendingPathComponent("stdout.txt")
    let errPath = directory.appendingPathComponent("stderr.txt")
    try #require(FileManager.default.createFile(atPath: outPath.path, contents: nil))
    try #require(FileManager.default.createFile(atPath: errPath.path, contents: nil))
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    process.standardOutput = try FileHandle(forWritingTo: outPath)
    process.standardError = try FileHandle(forWritingTo: errPath)
    try process.run()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus,
      out: (try? String(contentsOf: outPath, encoding: .utf8)) ?? "",
      err: (try? String(contentsOf: errPath, encoding: .utf8)) ?? "")
  }

  /// A fresh temporary directory, removed by the caller.
  func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("headunit-fbsnap-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// The environment that points `/dev/fb0` at `directory/fb0.raw`, `bpp` bits a pixel.
  func fake(bpp: Int, in directory: URL) throws -> [String: String] {
    [
      "LD_PRELOAD": try Self.library.get(),
      "FAKEFB_GEOMETRY": "800x480x\(bpp)",
      "FAKEFB_FILE": directory.appendingPathComponent("fb0.raw").path,
      "FAKEFB_LOG": directory.appendingPathComponent("fb.log").path,
    ]
  }

  static let moment = [
    "snapshot", "--route", Paths.route(1), "--track", Paths.drive("helsinki-1-clean"),
    "--at", "40",
  ]

  @Test("the framebuffer shows the picture of the PNG", arguments: [32, 16])
  func framebufferMatchesThePNG(bpp: Int) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("snapshot.png").path
    let run = try headunit(
      Self.moment + ["--out", png, "--framebuffer", "/dev/fb0"],
      environment: try fake(bpp: bpp, in: directory), in: directory)
    try #require(run.status == 0, "stderr: \(run.err)")
    #expect(run.out.contains("/dev/fb0"), "stdout: \(run.out)")
    let log = try String(
      contentsOf: directory.appendingPathComponent("fb.log"), encoding: .utf8)
    #expect(log.contains("fb0 mmap"), "fake log: \(log)")

    let picture = try PixelBuffer(contentsOfPNG: png)
    try #require(picture.width == 800 && picture.height == 480)
    let memory = [UInt8](try Data(contentsOf: directory.appendingPathComponent("fb0.raw")))
    let bytesPerPixel = bpp / 8
    let lineLength = 800 * bytesPerPixel
    try #require(memory.count >= lineLength * 480)

    // The largest difference allowed per channel (red, green, blue): none at 32 bpp; less
    // than one quantisation step of RGB565 (8 levels of 5-bit red and blue, 4 of green).
    let tolerance = bpp == 32 ? (0, 0, 0) : (7, 3, 7)
    var mismatches = 0
    var firstMismatch: String?
    for y in 0..<480 {
      for x in 0..<800 {
        let expected = picture.pixel(x: x, y: y)
        let at = y * lineLength + x * bytesPerPixel
        var word: UInt32 = 0
        for byte in 0..<bytesPerPixel { word |= UInt32(memory[at + byte]) << (8 * byte) }
        let shown: (Int, Int, Int) =
          bpp == 32
          ? (Int(word >> 16 & 0xFF), Int(word >> 8 & 0xFF), Int(word & 0xFF))  // X ignored
          : (
            widen(word >> 11 & 0x1F, bits: 5), widen(word >> 5 & 0x3F, bits: 6),
            widen(word & 0x1F, bits: 5)
          )
        let wanted = (Int(expected >> 16 & 0xFF), Int(expected >> 8 & 0xFF), Int(expected & 0xFF))
        if abs(shown.0 - wanted.0) > tolerance.0 || abs(shown.1 - wanted.1) > tolerance.1
          || abs(shown.2 - wanted.2) > tolerance.2
        {
          mismatches += 1
          if firstMismatch == nil {
            firstMismatch = "(\(x), \(y)): shown \(shown), PNG \(wanted)"
          }
        }
      }
    }
    #expect(mismatches == 0, "\(mismatches) pixels differ, first at \(firstMismatch ?? "")")
  }

  @Test("a missing framebuffer fails with the reason, exit 1")
  func missingFramebuffer() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("snapshot.png").path
    let run = try headunit(
      Self.moment + ["--out", png, "--framebuffer", "/dev/fb3"],
      environment: try fake(bpp: 32, in: directory), in: directory)
    #expect(run.status == 1)
    #expect(run.err.contains("no framebuffer at /dev/fb3"), "stderr: \(run.err)")
  }

  @Test("neither --out nor --framebuffer: exit 2")
  func needsATarget() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try headunit(Self.moment, in: directory)
    #expect(run.status == 2)
    #expect(run.err.contains("missing --out or --framebuffer"), "stderr: \(run.err)")
  }

  /// A channel of `bits` bits widened to 8 by replicating its top bits, as a display does.
  func widen(_ value: UInt32, bits: Int) -> Int {
    let value = Int(value)
    return (value << (8 - bits)) | (value >> (2 * bits - 8))
  }
}
