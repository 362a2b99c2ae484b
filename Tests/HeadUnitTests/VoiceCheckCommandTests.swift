import Foundation
import Navigation
import TestSupport
import Testing

@testable import Commands
@testable import HeadUnit

@Suite("say and voice-check commands")
struct VoiceCheckCommandTests {
  func run(_ args: [String]) -> (HeadUnitCommand.Status, Captured) {
    let captured = Captured()
    return (HeadUnitCommand.run(args, console: captured.console), captured)
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("headunit-voice-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The fields of a canonical 16-bit PCM WAV header, and the samples after it.
  static func header(_ url: URL) throws -> (
    channels: Int, rate: Int, bits: Int, dataBytes: Int, fileBytes: Int
  ) {
    let bytes = [UInt8](try Data(contentsOf: url))
    try #require(bytes.count >= 44)
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
    #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
    #expect(String(decoding: bytes[8..<16], as: UTF8.self) == "WAVEfmt ")
    #expect(u16(20) == 1)
    #expect(String(decoding: bytes[36..<40], as: UTF8.self) == "data")
    #expect(u32(4) == bytes.count - 8)
    return (u16(22), u32(24), u16(34), u32(40), bytes.count)
  }

  @Test("voice-check --lang all renders and passes every prompt in every language")
  func allLanguages() throws {
    let out = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let (status, captured) = run(["voice-check", "--lang", "all", "--out", out.path])
    #expect(status == .success, "\(captured.err)")
    #expect(captured.out.last == "voice-check: all prompts pass")
    for language in ["de", "en", "es", "it", "ru", "zh"] {
      #expect(
        captured.out.contains {
          $0.hasPrefix("\(language): 134 prompts, 0 failing; longest final ")
        })
      for name in [
        "turn-left-road", "roundabout-exit-2-road", "early-400m-turn-left-road",
        "depart-northwest-road", "arrive-right", "then-turn-right-uturn", "continue-2km",
      ] {
        let file = out.appendingPathComponent("\(language)/\(name).wav")
        let header = try Self.header(file)
        #expect(header.channels == 1)
        #expect(header.rate == 22_050)
        #expect(header.bits == 16)
        #expect(header.dataBytes == header.fileBytes - 44)
        #expect(header.dataBytes > 22_050 / 2, "\(language)/\(name) is under 0.25 s")
      }
    }
    let files = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent("zh").path)
    #expect(files.count == 134)
    // The table: a header, then name, stage, duration, … per prompt.
    let header = try #require(captured.out.first { $0.hasPrefix("name ") })
    for column in ["stage", "dur s", "synth ms", "first ms", "peak dB", "RMS dB", "clipped"] {
      #expect(header.contains(column))
    }
    let row = try #require(captured.out.first { $0.hasPrefix("turn-left-road ") })
    #expect(row.hasSuffix("  ok"))
  }

  @Test("the example configuration passes voice-check at its own rates and gain, every language")
  func exampleConfiguration() throws {
    let out = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let example = Paths.root.appendingPathComponent("Deploy/config.example.json").path
    let config = try DaemonConfiguration(contentsOf: example)
    #expect(config.audio.volume > 1)
    let (status, captured) = run([
      "voice-check", "--config", example, "--lang", "all", "--out", out.path,
    ])
    #expect(status == .success, "\(captured.err)")
    #expect(captured.err.isEmpty)
    #expect(captured.out.last == "voice-check: all prompts pass")
    for language in Phrasebook.supportedLanguages {
      let rate = try #require(config.audio.speechRates.byLanguage[language])
      #expect(
        captured.out.contains {
          $0.hasPrefix("voice-check \(language): ") && $0.contains(", \(rate) wpm, ")
            && $0.contains(", gain 1.5, ")
        }, "\(language)")
      // The gain is loud enough for the limiter to work, which keeps every sample off the rails.
      let summary = try #require(captured.out.first { $0.hasPrefix("\(language): 134 prompts") })
      #expect(summary.contains(", 0 failing;"), "\(summary)")
      #expect(summary.contains("; limiter on "), "\(summary)")
    }
    let rows = captured.out.filter { $0.hasSuffix("  ok") || $0.contains("clipped (") }
    #expect(rows.count == 6 * 134)
    #expect(rows.allSatisfy { $0.hasSuffix("  ok") })
  }

  @Test("say --gain 2 --wav: louder, through the limiter, no sample at the rails")
  func sayWithGain() throws {
    let out = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    var peaks: [Int] = []
    for gain in ["1", "2"] {
      let file = out.appendingPathComponent("say-\(gain).wav")
      let (status, captured) = run([
        "say", "Make", "a", "U-turn", "--gain", gain, "--wav", file.path,
      ])
      #expect(status == .success, "\(captured.err)")
      let bytes = [UInt8](try Data(contentsOf: file)).dropFirst(44)
      let samples = stride(from: bytes.startIndex, to: bytes.endIndex - 1, by: 2).map {
        Int(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8))
      }
      #expect(!samples.contains(32_767) && !samples.contains(-32_768))
      peaks.append(samples.map(abs).max() ?? 0)
    }
    #expect(peaks[1] > peaks[0])
    #expect(peaks[1] <= 29_205)
  }

  @Test("say --wav writes the phrase as 16-bit mono at 22050 Hz")
  func sayToWAV() throws {
    let out = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let file = out.appendingPathComponent("say.wav")
    let (status, captured) = run([
      "say", "Turn", "left", "onto", "Töölönlahdenkatu", "--lang", "en", "--wav", file.path,
    ])
    #expect(status == .success, "\(captured.err)")
    let header = try Self.header(file)
    #expect(header.channels == 1 && header.rate == 22_050 && header.bits == 16)
    let seconds = Double(header.dataBytes) / 2 / 22_050
    #expect((1...4).contains(seconds))
    #expect(captured.out.first?.contains("voice en at 205 wpm") == true)
  }

  @Test(
    "misuse exits 2 with the reason",
    arguments: [
      (["say"], "what should it say?"),
      (
        ["say", "hello", "--lang", "xx"],
        "unknown language 'xx' (expected one of: de, en, es, it, ru, zh)"
      ),
      (["say", "hello", "--rate", "20"], "--rate must be a whole number from 80 to 450"),
      (
        ["say", "hello", "--volume", "150"],
        "--volume is ambiguous and no longer taken: --gain G is the configuration's gain"
      ),
      (["say", "hello", "--amplitude", "300"], "--amplitude must be a whole number from 0 to 200"),
      (["voice-check", "--gain", "3"], "--gain must be a number from 0 to 2, not '3'"),
      (["voice-check", "--gain", "loud"], "--gain must be a number from 0 to 2, not 'loud'"),
      (
        ["voice-check", "--config", "/nonexistent/config.json", "--gain", "1"],
        "voice-check: --config sets the rate and the gain; give it or --rate and --gain"
      ),
      (
        ["voice-check", "--config", "/nonexistent/config.json"],
        "/nonexistent/config.json: cannot read the file"
      ),
      (["say", "hello", "--wav", "a.wav", "--device", "hw:0"], "give one of them"),
      (["say", "hello", "--speed", "2"], "unknown option --speed"),
      (["voice-check", "--lang", "klingon"], "unknown language 'klingon'"),
      (["voice-check", "extra"], "unexpected argument 'extra'"),
      (["voice-check", "--pitch", "101"], "--pitch must be a whole number from 0 to 100"),
    ])
  func misuse(args: [String], message: String) {
    let (status, captured) = run(args)
    #expect(status == .usage)
    #expect(captured.err.contains(message), "stderr was: \(captured.err)")
  }

  @Test("say on a device that is not there exits 1 and says which")
  func missingDevice() {
    let (status, captured) = run(["say", "hello", "--device", "hw:97"])
    #expect(status == .failure)
    #expect(captured.err.contains("ALSA device 'hw:97' not available"), "\(captured.err)")
  }

  @Test("voice-check into a directory that cannot be made exits 1")
  func unwritable() {
    let (status, captured) = run(["voice-check", "--lang", "it", "--out", "/proc/headunit"])
    #expect(status == .failure)
    #expect(captured.err.contains("/proc/headunit"))
  }

  @Test("--help explains both commands")
  func help() {
    let (sayStatus, say) = run(["say", "--help"])
    #expect(sayStatus == .success)
    #expect(say.out.joined().contains("--wav FILE"))
    let (checkStatus, check) = run(["voice-check", "--help"])
    #expect(checkStatus == .success)
    #expect(check.out.joined().contains("final prompt longer than 3.5 s"))
  }
}
