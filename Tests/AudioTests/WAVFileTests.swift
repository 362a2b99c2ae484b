import Audio
import Foundation
import Testing

@Suite("WAV files")
struct WAVFileTests {
  @Test("encode then decode gives the same format and samples")
  func roundTrip() throws {
    let samples: [Int16] = [0, 1, -1, .max, .min, 12_345, -12_345]
    for format in [AudioFormat(sampleRate: 22_050), AudioFormat(sampleRate: 48_000, channels: 2)] {
      let even = format.channels == 2 ? samples + [7] : samples
      let file = WAVFile(format: format, samples: even)
      let decoded = try WAVFile(bytes: file.bytes)
      #expect(decoded == file)
    }
  }

  @Test("the header is the canonical 44 bytes, little-endian")
  func header() {
    let bytes = WAVFile(format: AudioFormat(sampleRate: 22_050), samples: [1, -2]).bytes
    #expect(bytes.count == 48)
    #expect(Array(bytes[0..<4]) == Array("RIFF".utf8))
    #expect(Array(bytes[4..<8]) == [40, 0, 0, 0])
    #expect(Array(bytes[8..<16]) == Array("WAVEfmt ".utf8))
    #expect(Array(bytes[16..<24]) == [16, 0, 0, 0, 1, 0, 1, 0])
    #expect(Array(bytes[24..<28]) == [0x22, 0x56, 0, 0])  // 22050
    #expect(Array(bytes[28..<32]) == [0x44, 0xAC, 0, 0])  // 44100 bytes/s
    #expect(Array(bytes[32..<36]) == [2, 0, 16, 0])
    #expect(Array(bytes[36..<44]) == Array("data".utf8) + [4, 0, 0, 0])
    #expect(Array(bytes[44...]) == [1, 0, 0xFE, 0xFF])
    #expect(
      WAVFile.header(format: AudioFormat(sampleRate: 22_050), sampleBytes: 4)
        == Array(bytes[0..<44]))
  }

  @Test("other chunks are skipped (odd sizes padded); an unpatched data size reads to the end")
  func tolerant() throws {
    var bytes = WAVFile.header(format: AudioFormat(sampleRate: 8000), sampleBytes: 0)
    // Move the data chunk header after a 3-byte LIST chunk plus its pad byte.
    let data = Array(bytes[36..<44])
    bytes.removeSubrange(36..<44)
    bytes += Array("LIST".utf8) + [3, 0, 0, 0] + [9, 9, 9, 0]
    bytes += data
    bytes += [5, 0, 6, 0, 7, 0]
    let file = try WAVFile(bytes: bytes)
    #expect(file.samples == [5, 6, 7])
    #expect(file.format == AudioFormat(sampleRate: 8000))
  }

  @Test(
    "what is not 16-bit PCM WAV is refused as invalid",
    arguments: [
      ([UInt8](), "not a RIFF/WAVE file"),
      (Array("RIFF\u{0}\u{0}\u{0}\u{0}AVI ".utf8), "not a RIFF/WAVE file"),
      (Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), "no fmt chunk"),
    ])
  func invalid(bytes: [UInt8], message: String) {
    #expect {
      try WAVFile(bytes: bytes)
    } throws: { error in
      let error = error as? AudioError
      return error?.code == .invalid && error?.message.contains(message) == true
    }
  }

  @Test("8-bit PCM is refused, naming the format")
  func eightBit() {
    var bytes = WAVFile.header(format: AudioFormat(sampleRate: 8000), sampleBytes: 2) + [0, 0]
    bytes[34] = 8
    #expect {
      try WAVFile(bytes: bytes)
    } throws: { error in
      (error as? AudioError)?.message.contains("8 bits") == true
    }
  }

  @Test("write then read a file; a missing file is unavailable")
  func files() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("headunit-wav-\(UUID().uuidString).wav")
    defer { try? FileManager.default.removeItem(at: url) }
    let file = WAVFile(format: AudioFormat(sampleRate: 22_050), samples: [1, 2, 3])
    try file.write(to: url)
    #expect(try WAVFile(contentsOf: url) == file)
    #expect {
      try WAVFile(contentsOf: url.appendingPathExtension("missing"))
    } throws: { error in
      (error as? AudioError)?.code == .unavailable
    }
  }
}
