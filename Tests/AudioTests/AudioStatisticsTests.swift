import Audio
import Foundation
import Testing

@Suite("Audio statistics")
struct AudioStatisticsTests {
  static let format = AudioFormat(sampleRate: 22_050)

  /// A sine at `dBFS` peak level, 1 s of 1 kHz.
  func sine(dBFS: Double, frequency: Double = 1000) -> [Int16] {
    let amplitude = 32768 * pow(10, dBFS / 20)
    return (0..<22_050).map { i in
      Int16((amplitude * sin(2 * .pi * frequency * Double(i) / 22_050)).rounded())
    }
  }

  @Test("a sine at −6 dBFS peaks at −6 and has an RMS of −9 dBFS")
  func sineLevels() {
    let stats = AudioStatistics(sine(dBFS: -6), format: Self.format)
    #expect(abs(stats.peakDBFS - -6) < 0.05)
    #expect(abs(stats.rmsDBFS - -9.01) < 0.05)
    #expect(stats.clippedSamples == 0)
    #expect(stats.frames == 22_050)
    #expect(abs(stats.duration - 1) < 1e-9)
  }

  @Test("silence is −∞ dBFS, no clipping")
  func silence() {
    let stats = AudioStatistics([Int16](repeating: 0, count: 1000), format: Self.format)
    #expect(stats.peak == 0)
    #expect(stats.peakDBFS == -.infinity)
    #expect(stats.rmsDBFS == -.infinity)
    #expect(stats.clippedSamples == 0)
    #expect(!(stats.rmsDBFS >= VoiceCheck.silenceThreshold))
  }

  @Test("a full-scale square clips on every sample and sits at 0 dBFS")
  func clippedSquare() {
    let square = (0..<4410).map { i -> Int16 in (i / 50) % 2 == 0 ? .max : .min }
    let stats = AudioStatistics(square, format: Self.format)
    #expect(stats.clippedSamples == 4410)
    #expect(stats.peak == 32768)
    #expect(abs(stats.peakDBFS) < 0.001)
    #expect(abs(stats.rmsDBFS) < 0.001)
    #expect(abs(stats.duration - 0.2) < 1e-9)
  }

  @Test("one sample on a rail counts, one short of it does not")
  func rails() {
    let stats = AudioStatistics([32766, -32767, 32767, 0, -32768], format: Self.format)
    #expect(stats.clippedSamples == 2)
  }

  @Test("stereo: frames and duration count pairs; no samples is empty, not a crash")
  func framesAndEmpty() {
    let stereo = AudioStatistics(
      [Int16](repeating: 100, count: 8000), format: AudioFormat(sampleRate: 8000, channels: 2))
    #expect(stereo.frames == 4000)
    #expect(stereo.duration == 0.5)
    let empty = AudioStatistics([Int16](), format: Self.format)
    #expect(empty.frames == 0)
    #expect(empty.rms == 0)
    #expect(empty.duration == 0)
  }

  @Test("a slice (no contiguous storage of its own) measures the same as an array")
  func collections() {
    let signal = sine(dBFS: -20)
    let slice = AudioStatistics(signal[100..<2000], format: Self.format)
    let copy = AudioStatistics(Array(signal[100..<2000]), format: Self.format)
    #expect(slice == copy)
    let lazy = AudioStatistics(signal.lazy.map { $0 }, format: Self.format)
    #expect(lazy == AudioStatistics(signal, format: Self.format))
  }
}
