import Audio
import Foundation
import Rigs
import Testing

/// `ALSAOutput` on real alsa-lib, no mocks: the `headunit_wav` PCM of the test
/// configuration (plug → file → null) writes what the device would play into WAV files.
///
/// The null PCM takes samples at once, so these tests see what reaches the device, in what
/// order and in how many openings of the PCM, but not real-time pacing.
@Suite("ALSA output (file PCM on null, real alsa-lib)")
struct ALSAOutputTests {
  typealias Env = ALSATestEnvironment
  static let mono = AudioFormat(sampleRate: 22_050)

  init() {
    #expect(Env.configured)
  }

  /// The decoded WAV at `url`.
  func decode(_ url: URL) throws -> WAVFile {
    try WAVFile(contentsOf: url)
  }

  @Test("the test asoundrc plays a WAV through aplay into another, intact")
  func fixtureWorksWithAplay() throws {
    let directory = try Env.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.wav")
    let output = directory.appendingPathComponent("out.wav")
    let tone = Env.tone(440, .milliseconds(500), format: Self.mono)
    try WAVFile(format: Self.mono, samples: tone).write(to: input)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/aplay")
    process.arguments = ["-q", "-D", Env.wavDevice(output), input.path]
    var environment = ProcessInfo.processInfo.environment
    environment["ALSA_CONFIG_PATH"] = Env.configPath
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.bytesToEnd(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")

    let played = try decode(output)
    #expect(played.format == Self.mono)
    // aplay pads its last period with silence.
    #expect(Array(played.samples.prefix(tone.count)) == tone)
    #expect(played.samples.dropFirst(tone.count).allSatisfy { $0 == 0 })
  }

  @Test("a prompt arrives whole: length, format and samples as written, not silent")
  func promptArrivesWhole() throws {
    let directory = try Env.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("prompt.wav")
    let stereo = AudioFormat(sampleRate: 16_000, channels: 2)
    let tone = Env.tone(523, .milliseconds(750), format: stereo)
    let output = try ALSAOutput(device: Env.wavDevice(file))
    // In chunks of 10 ms, as a synthesizer delivers them.
    var start = 0
    while start < tone.count {
      let end = min(tone.count, start + 320)
      try output.write(Array(tone[start..<end]), format: stereo)
      start = end
    }
    try output.drain()
    let setup = try #require(output.setup)
    #expect(setup.format == stereo)
    output.close()
    #expect(output.setup == nil)

    let played = try decode(file)
    #expect(played.format == stereo)
    #expect(played.frames == tone.count / 2)
    #expect(played.samples == tone)
    #expect(AudioStatistics(played.samples, format: stereo).rmsDBFS > -20)
    #expect(output.counters.framesWritten == tone.count / 2)
    #expect(output.counters.opens == 1)
    #expect(output.counters.failures == 0)
  }

  @Test("short periods: about 20 ms, 4 in the buffer; the first write returns quickly")
  func lowLatencySetup() throws {
    let directory = try Env.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = try ALSAOutput(device: Env.wavDevice(directory.appendingPathComponent("a.wav")))
    let tone = Env.tone(440, .milliseconds(10), format: Self.mono)
    let clock = ContinuousClock()
    let start = clock.now
    try output.write(tone, format: Self.mono)
    let firstWrite = clock.now - start
    let setup = try #require(output.setup)
    #expect(setup.periodTime >= .milliseconds(15) && setup.periodTime <= .milliseconds(25))
    #expect(setup.bufferFrames >= 3 * setup.periodFrames)
    #expect(setup.bufferTime <= .milliseconds(100))
    // Opening and setting up the PCM, then queueing: a few milliseconds.
    #expect(firstWrite < .milliseconds(100), "first write took \(firstWrite)")
    #expect(setup.openDuration <= firstWrite)
    Env.note(
      "ALSAOutput first write \(firstWrite), open \(setup.openDuration), period "
        + "\(setup.periodFrames) frames (\(setup.periodTime)), buffer \(setup.bufferFrames) "
        + "frames (\(setup.bufferTime))")
    try output.drain()
  }

  @Test("two prompts close together go into one opening of the PCM, in order")
  func twoPromptsInOrder() throws {
    let directory = try Env.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("two.wav")
    let output = try ALSAOutput(device: Env.wavDevice(file))
    let first = Env.tone(440, .milliseconds(300), format: Self.mono)
    let second = Env.tone(880, .milliseconds(200), format: Self.mono)
    try output.write(first, format: Self.mono)
    try output.drain()
    Thread.sleep(forTimeInterval: 0.2)
    try output.write(second, format: Self.mono)
    try output.drain()
    output.close()
    #expect(output.counters.opens == 1)
    #expect(try decode(file).samples == first + second)
    #expect(!FileManager.default.fileExists(atPath: file.path + ".0001"))
  }

  @Test("closes the PCM after 2 s without writes; the next write reopens it")
  func idleCloseAndReopen() throws {
    let directory = try Env.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("idle.wav")
    let output = try ALSAOutput(device: Env.wavDevice(file))
    #expect(output.configuration.idleClose == .seconds(2))
    let first = Env.tone(440, .milliseconds(300), format: Self.mono)
    let second = Env.tone(660, .milliseconds(300), format: Self.mono)
    try output.write(first, format: Self.mono)
    try output.drain()
    #expect(output.setup != nil)

    let closedAfter = Env.waitFor(.seconds(4)) { output.setup == nil }
    let idle = try #require(closedAfter, "the PCM was not closed")
    // The upper bound leaves room for a loaded machine waking the thread late.
    #expect(idle >= .milliseconds(1_900) && idle <= .seconds(3), "closed after \(idle)")
    #expect(output.counters.idleCloses == 1)
    // Closing wrote the file out: the first prompt is complete before the second starts.
    #expect(try decode(file).samples == first)

    try output.write(second, format: Self.mono)
    #expect(output.setup != nil)
    try output.drain()
    output.close()
    #expect(output.counters.opens == 2)
    // The file PCM (truncate false) gave the second opening the next file.
    #expect(try decode(file).samples == first)
    let next = URL(fileURLWithPath: file.path + ".0001")
    #expect(try decode(next).samples == second)
  }

  @Test("why truncate false: with alsa-lib's default each opening overwrites the file")
  func truncatingFilePCMLosesTheFirstPrompt() throws {
    let directory = try Env.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("truncated.wav")
    let output = try ALSAOutput(
      device: Env.wavDevice(file, truncating: true),
      configuration: .init(idleClose: .milliseconds(100)))
    let first = Env.tone(440, .milliseconds(200), format: Self.mono)
    let second = Env.tone(660, .milliseconds(100), format: Self.mono)
    try output.write(first, format: Self.mono)
    try output.drain()
    #expect(Env.waitFor(.seconds(2)) { output.setup == nil } != nil)
    try output.write(second, format: Self.mono)
    try output.drain()
    output.close()
    #expect(output.counters.opens == 2)
    #expect(try decode(file).samples == second)
  }

  @Test("a missing device is reported once, clearly, as unavailable; nothing crashes")
  func missingDeviceReportedOnce() throws {
    let output = try ALSAOutput(
      device: "hw:9", configuration: .init(retryInitial: .milliseconds(50)))
    let tone = Env.tone(440, .milliseconds(100), format: Self.mono)
    #expect(
      throws: AudioError(
        .unavailable,
        "ALSA device 'hw:9' not available: No such file or directory — prompts on "
          + "screen only", underlying: 2)
    ) {
      try output.write(tone, format: Self.mono)
    }
    // The rest of this prompt, its drain and the next prompts: no more errors.
    try output.write(tone, format: Self.mono)
    try output.drain()
    #expect(output.counters.failures == 1)
    #expect(output.counters.framesDropped == 2 * tone.count)
    // After the back-off it tries again, still quietly.
    Thread.sleep(forTimeInterval: 0.1)
    try output.write(tone, format: Self.mono)
    try output.drain()
    #expect(output.counters.failures == 2)
    #expect(output.setup == nil)
    output.discard()
    output.close()
  }

  @Test("an unknown PCM name gets the same clear error")
  func unknownPCMName() throws {
    let output = try ALSAOutput(device: "no_such_pcm")
    do {
      try output.write([0, 0], format: Self.mono)
      Issue.record("write to an unknown PCM did not throw")
    } catch {
      #expect(error.code == .unavailable)
      #expect(
        error.message
          == "ALSA device 'no_such_pcm' not available: No such file or directory — prompts "
          + "on screen only")
    }
  }

  @Test("discard stops within milliseconds; the next prompt follows what was played")
  func discardStopsQuickly() throws {
    let directory = try Env.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("cut.wav")
    let output = try ALSAOutput(device: Env.wavDevice(file))
    let long = Env.tone(440, .seconds(3), format: Self.mono)
    let next = Env.tone(880, .milliseconds(200), format: Self.mono)
    for start in stride(from: 0, to: long.count, by: 2_205) {
      try output.write(Array(long[start..<min(long.count, start + 2_205)]), format: Self.mono)
    }
    let clock = ContinuousClock()
    let start = clock.now
    output.discard()
    let took = clock.now - start
    #expect(took < .milliseconds(50), "discard took \(took)")
    Env.note("ALSAOutput discard took \(took)")
    #expect(output.setup != nil, "discard keeps the PCM open")

    try output.write(next, format: Self.mono)
    try output.drain()
    output.close()
    let counters = output.counters
    #expect(counters.framesWritten + counters.framesDropped == long.count + next.count)
    let played = try decode(file).samples
    #expect(played.count == counters.framesWritten)
    // Whatever of the long prompt reached the device, then the next prompt whole.
    #expect(played.suffix(next.count).elementsEqual(next))
    #expect(played.dropLast(next.count).elementsEqual(long.prefix(played.count - next.count)))
  }

  @Test("writing again after a pause longer than the buffer plays on (underrun recovery)")
  func writeAfterPause() throws {
    let directory = try Env.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("pause.wav")
    let output = try ALSAOutput(device: Env.wavDevice(file))
    let first = Env.tone(440, .milliseconds(100), format: Self.mono)
    let second = Env.tone(660, .milliseconds(100), format: Self.mono)
    // No drain between: on a clocked device the buffer runs empty (an underrun) and the
    // second write recovers with snd_pcm_recover.
    try output.write(first, format: Self.mono)
    Thread.sleep(forTimeInterval: 0.3)
    try output.write(second, format: Self.mono)
    try output.drain()
    output.close()
    #expect(output.counters.opens == 1)
    #expect(output.counters.failures == 0)
    #expect(try decode(file).samples == first + second)
  }

  @Test("a new format plays the previous prompt out, then reopens the PCM for the new one")
  func formatChangeReopens() throws {
    let directory = try Env.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("formats.wav")
    let output = try ALSAOutput(device: Env.wavDevice(file))
    let wide = AudioFormat(sampleRate: 16_000)
    let first = Env.tone(440, .milliseconds(200), format: Self.mono)
    let second = Env.tone(440, .milliseconds(200), format: wide)
    try output.write(first, format: Self.mono)
    try output.write(second, format: wide)
    try output.drain()
    output.close()
    #expect(output.counters.opens == 2)
    #expect(try decode(file) == WAVFile(format: Self.mono, samples: first))
    let next = URL(fileURLWithPath: file.path + ".0001")
    #expect(try decode(next) == WAVFile(format: wide, samples: second))
  }

  @Test("invalid writes throw .invalid and touch nothing")
  func invalidWrites() throws {
    let output = try ALSAOutput(device: "no_such_pcm")
    #expect(throws: AudioError.self) {
      try output.write([1, 2, 3], format: AudioFormat(sampleRate: 16_000, channels: 2))
    }
    #expect(throws: AudioError.self) {
      try output.write([1], format: AudioFormat(sampleRate: 0))
    }
    try output.write([], format: Self.mono)
    #expect(output.counters == ALSAOutput.Counters())
  }
}
