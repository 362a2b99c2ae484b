import Audio
import CALSA
import Foundation
import Testing

/// The test ALSA configuration (`Tests/Fixtures/alsa/test.asoundrc`: WAV files through the
/// null PCM, no sound card needed) and helpers for the tests that use it.
enum ALSATestEnvironment {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let asoundrc = root.appendingPathComponent("Tests/Fixtures/alsa/test.asoundrc").path
  /// The system configuration first (for `hw:`, `null`, …), then the fixture.
  static let configPath = "/usr/share/alsa/alsa.conf:" + asoundrc

  /// Points alsa-lib at the fixture. Every ALSA test evaluates this before its first
  /// `snd_*` call: alsa-lib reads `ALSA_CONFIG_PATH` when it first loads its
  /// configuration, and `snd_config_update_free_global` drops a configuration some
  /// earlier call may have loaded without it.
  static let configured: Bool = {
    setenv("ALSA_CONFIG_PATH", configPath, 1)
    snd_config_update_free_global()
    return true
  }()

  /// The `headunit_wav` PCM writing to `file`.
  static func wavDevice(_ file: URL, truncating: Bool = false) -> String {
    "\(truncating ? "headunit_wav_truncating" : "headunit_wav"):FILE=\(file.path)"
  }

  /// A new empty directory, removed by the caller.
  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("headunit-alsa-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// A sine of `frequency` Hz lasting `duration`, at −12 dBFS, in `format` (every channel
  /// the same).
  static func tone(_ frequency: Double, _ duration: Duration, format: AudioFormat) -> [Int16] {
    let frames = Int(((duration / .seconds(1)) * Double(format.sampleRate)).rounded())
    var samples: [Int16] = []
    samples.reserveCapacity(frames * format.channels)
    for frame in 0..<frames {
      let phase = 2 * Double.pi * frequency * Double(frame) / Double(format.sampleRate)
      let value = Int16(8192 * sin(phase))
      for _ in 0..<format.channels { samples.append(value) }
    }
    return samples
  }

  /// Writes a measurement to stderr when `HEADUNIT_TEST_VERBOSE=1`.
  static func note(_ line: String) {
    guard ProcessInfo.processInfo.environment["HEADUNIT_TEST_VERBOSE"] == "1" else { return }
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Polls `condition` every millisecond until it holds or `timeout` passes.
  ///
  /// - Returns: how long it took, or `nil` on timeout.
  static func waitFor(
    _ timeout: Duration, _ condition: () -> Bool
  ) -> Duration? {
    let clock = ContinuousClock()
    let start = clock.now
    while clock.now - start < timeout {
      if condition() { return clock.now - start }
      Thread.sleep(forTimeInterval: 0.001)
    }
    return condition() ? clock.now - start : nil
  }
}
