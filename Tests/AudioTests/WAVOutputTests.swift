import Audio
import Foundation
import Testing

/// `WAVFileOutput`: the timing-free output for tests, the demo and voice checks.
@Suite("WAV file output")
struct WAVOutputTests {
  static let format = AudioFormat(sampleRate: 16_000)

  static func temporaryFile() throws -> (directory: URL, file: URL) {
    let directory = try ALSATestEnvironment.temporaryDirectory()
    return (directory, directory.appendingPathComponent("out.wav"))
  }

  @Test("writes samples as a valid WAV, header patched on drain")
  func writesAndPatchesOnDrain() throws {
    let (directory, file) = try Self.temporaryFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = WAVFileOutput(url: file)
    #expect(output.format == nil)
    #expect(!FileManager.default.fileExists(atPath: file.path))
    let tone = ALSATestEnvironment.tone(440, .milliseconds(250), format: Self.format)
    try output.write(Array(tone.prefix(1_000)), format: Self.format)
    try output.write(Array(tone.dropFirst(1_000)), format: Self.format)
    try output.drain()
    // Still open, yet valid: sizes patched.
    let bytes = try [UInt8](Data(contentsOf: file))
    #expect(bytes.count == WAVFile.headerSize + tone.count * 2)
    #expect(try WAVFile(bytes: bytes) == WAVFile(format: Self.format, samples: tone))
    #expect(output.frames == tone.count)
    #expect(output.position == .milliseconds(250))
    output.close()
  }

  @Test("silence and padding place prompts at their times")
  func placesPromptsAtTimes() throws {
    let (directory, file) = try Self.temporaryFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = WAVFileOutput(url: file)
    let a = ALSATestEnvironment.tone(440, .milliseconds(500), format: Self.format)
    let b = ALSATestEnvironment.tone(880, .milliseconds(300), format: Self.format)
    try output.pad(to: .seconds(1), format: Self.format)
    try output.write(a, format: Self.format)
    try output.pad(to: .seconds(3), format: Self.format)
    try output.write(b, format: Self.format)
    // Already past: nothing added.
    try output.pad(to: .seconds(2), format: Self.format)
    try output.writeSilence(.milliseconds(100), format: Self.format)
    output.close()

    let samples = try WAVFile(contentsOf: file).samples
    #expect(samples.count == 16_000 * 33 / 10 + 1_600)
    #expect(samples[0..<16_000].allSatisfy { $0 == 0 })
    #expect(Array(samples[16_000..<24_000]) == a)
    #expect(samples[24_000..<48_000].allSatisfy { $0 == 0 })
    #expect(Array(samples[48_000..<52_800]) == b)
    #expect(samples[52_800...].allSatisfy { $0 == 0 })
  }

  @Test("a write after close appends; deinit patches the header")
  func appendsAfterCloseAndPatchesInDeinit() throws {
    let (directory, file) = try Self.temporaryFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let stereo = AudioFormat(sampleRate: 22_050, channels: 2)
    let a = ALSATestEnvironment.tone(440, .milliseconds(100), format: stereo)
    let b = ALSATestEnvironment.tone(660, .milliseconds(100), format: stereo)
    do {
      let output = WAVFileOutput(url: file)
      try output.write(a, format: stereo)
      output.close()
      #expect(try WAVFile(contentsOf: file).samples == a)
      try output.write(b, format: stereo)
      output.discard()  // nothing queued: both stay
    }
    #expect(try WAVFile(contentsOf: file) == WAVFile(format: stereo, samples: a + b))
  }

  @Test("another format, a ragged frame or an unwritable path: a typed error")
  func errors() throws {
    let (directory, file) = try Self.temporaryFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = WAVFileOutput(url: file)
    try output.write([1, 2], format: Self.format)
    #expect { try output.write([1, 2], format: AudioFormat(sampleRate: 8_000)) } throws: {
      ($0 as? AudioError)?.code == .invalid
    }
    #expect {
      try output.write([1, 2, 3], format: AudioFormat(sampleRate: 16_000, channels: 2))
    } throws: { ($0 as? AudioError)?.code == .invalid }
    output.close()
    #expect(try WAVFile(contentsOf: file).samples == [1, 2])

    let nowhere = WAVFileOutput(url: directory.appendingPathComponent("no/such/dir.wav"))
    #expect { try nowhere.write([1], format: Self.format) } throws: {
      ($0 as? AudioError)?.code == .failed
    }
    try nowhere.drain()
    nowhere.close()
  }
}
