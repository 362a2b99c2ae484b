import Audio
import Foundation
import Testing

/// The chime before prompts: length, level, shape.
@Suite("Earcon")
struct EarconTests {
  static let format = AudioFormat(sampleRate: 22_050)

  @Test func chimeLastsAbout150Milliseconds() {
    let samples = Earcon.chime.samples(format: Self.format)
    let statistics = AudioStatistics(samples, format: Self.format)
    #expect(abs(statistics.duration - 0.15) < 0.001)
    #expect(abs(Earcon.chime.duration - 0.15) < 1e-9)
  }

  @Test func chimePeaksAtMinus12DBFSWithoutClipping() {
    let statistics = AudioStatistics(Earcon.chime.samples(format: Self.format), format: Self.format)
    #expect(statistics.peakDBFS <= -12)
    #expect(statistics.peakDBFS > -12.1)
    #expect(statistics.clippedSamples == 0)
    // Soft: a Hann-shaped sine has an RMS well under its peak.
    #expect(statistics.rmsDBFS < -16)
  }

  @Test func tonesStartAndEndAtSilenceWithAGapBetween() {
    let samples = Earcon.chime.samples(format: Self.format)
    let tone = Int((0.07 * 22_050).rounded())
    let gap = Int((0.01 * 22_050).rounded())
    #expect(samples.count == 2 * tone + gap)
    for edge in [0, tone - 1, tone + gap, samples.count - 1] {
      #expect(abs(Int(samples[edge])) < 50, "sample \(edge)")
    }
    #expect(samples[tone..<tone + gap].allSatisfy { $0 == 0 })
  }

  @Test func tonesHaveTheirFrequencies() {
    let samples = Earcon.chime.samples(format: Self.format)
    let tone = Int((0.07 * 22_050).rounded())
    func crossings(_ part: ArraySlice<Int16>) -> Int {
      zip(part, part.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
    }
    // Two zero crossings per cycle: 660 Hz × 70 ms ≈ 92, 990 Hz ≈ 139.
    #expect(abs(crossings(samples[0..<tone]) - 92) <= 3)
    #expect(abs(crossings(samples[(samples.count - tone)...]) - 139) <= 3)
  }

  @Test func stereoRepeatsEachSampleOnBothChannels() {
    let mono = Earcon.chime.samples(format: Self.format)
    let stereo = Earcon.chime.samples(format: AudioFormat(sampleRate: 22_050, channels: 2))
    #expect(stereo.count == 2 * mono.count)
    #expect(stride(from: 0, to: stereo.count, by: 2).allSatisfy { stereo[$0] == stereo[$0 + 1] })
  }
}
