import Audio
import Foundation
import Testing

/// The gain stage of the prompt player: plain scaling up to unity, a look-ahead limiter
/// with a soft knee above it — on tones, steps and real espeak-ng speech.
@Suite("Peak limiter")
struct PeakLimiterTests {
  static let rate = 22_050
  /// Samples of look-ahead at 22050 Hz: 3 ms.
  static let delay = 66
  /// −1 dBFS.
  static let ceiling = 32_768 * pow(10, -1.0 / 20)

  /// `seconds` of a 440 Hz sine at `amplitude`.
  static func sine(_ seconds: Double, amplitude: Double) -> [Int16] {
    (0..<Int(seconds * Double(rate))).map {
      Int16((amplitude * sin(2 * .pi * 440 * Double($0) / Double(rate))).rounded())
    }
  }

  @Test("up to unity the gain only scales, with no delay")
  func unityAndBelow() {
    let loud: [Int16] = [30_000, -30_000, 100, .max, .min, 0]
    #expect(PeakLimiter.applying(1, to: loud, sampleRate: Self.rate) == loud)
    #expect(PeakLimiter.applying(0, to: loud, sampleRate: Self.rate) == [0, 0, 0, 0, 0, 0])
    #expect(PeakLimiter.applying(0.25, to: [1000, -3000], sampleRate: Self.rate) == [250, -750])
    var limiter = PeakLimiter(gain: 0.5, sampleRate: Self.rate)
    #expect(limiter.process([1000, 2000]) == [500, 1000])
    #expect(limiter.flush().isEmpty)
    #expect(limiter.deepestReduction == 0)
  }

  @Test(
    "above unity, at most the gain's range, and never at the rails", arguments: [1.2, 1.5, 2, 9])
  func neverClips(gain: Double) {
    // Full scale and beyond: a sine at the rails, a square at the rails, an impulse.
    let square = (0..<4000).map { $0 % 50 < 25 ? Int16.max : Int16.min }
    var impulse = [Int16](repeating: 0, count: 2000)
    impulse[1000] = .max
    for input in [Self.sine(0.5, amplitude: 32_767), square, impulse] {
      let output = PeakLimiter.applying(gain, to: input, sampleRate: Self.rate)
      #expect(output.count == input.count)
      let peak = output.map { abs(Double($0)) }.max() ?? 0
      #expect(peak <= Self.ceiling + 0.5, "gain \(gain): peak \(peak)")
      #expect(!output.contains(.max) && !output.contains(.min))
    }
  }

  @Test("below the knee the samples come out times the gain, 3 ms later")
  func quietPassesScaled() {
    // −20 dBFS: times 2 is −14 dBFS, under the knee at −7.
    let input = Self.sine(0.2, amplitude: 3277)
    var limiter = PeakLimiter(gain: 2, sampleRate: Self.rate)
    let first = limiter.process(input)
    #expect(first.count == input.count - Self.delay)
    let output = first + limiter.flush()
    #expect(output == input.map { $0 * 2 })
    #expect(limiter.deepestReduction == 0)
  }

  @Test("the gain glides down before a loud step instead of jumping at it")
  func looksAhead() {
    let input = [Int16](repeating: 1000, count: 500) + [Int16](repeating: 30_000, count: 500)
    let output = PeakLimiter.applying(2, to: input, sampleRate: Self.rate)
    // Untouched until the window reaches the step, then lower sample by sample.
    #expect(output[..<(500 - Self.delay - 1)].allSatisfy { $0 == 2000 })
    let ramp = output[(500 - Self.delay)..<500]
    #expect(zip(ramp, ramp.dropFirst()).allSatisfy { $0 >= $1 })
    #expect(ramp.last! < 1100)
    // The step itself at the ceiling, no higher.
    #expect(abs(Double(output[500]) - Self.ceiling) < 2)
    #expect(output[500...].allSatisfy { Double($0) <= Self.ceiling + 0.5 })
  }

  @Test("after a peak the gain comes back over the release time")
  func releases() {
    let input =
      [Int16](repeating: 30_000, count: 200) + [Int16](repeating: 1000, count: 22_050)
    let output = PeakLimiter.applying(2, to: input, sampleRate: Self.rate)
    let after = output[(200 + Self.delay)...]
    #expect(after.first! < 1500)
    #expect(zip(after, after.dropFirst()).allSatisfy { $0 <= $1 })
    // 60 ms release: back within a percent after half a second.
    #expect(output.last! >= 1980)
  }

  @Test("reset drops what is held back; the gain may change between chunks")
  func resetAndGainChange() {
    var limiter = PeakLimiter(gain: 1.5, sampleRate: Self.rate)
    #expect(limiter.process([Int16](repeating: 1000, count: 100)).count == 100 - Self.delay)
    limiter.reset()
    #expect(limiter.flush().isEmpty)
    limiter.gain = 5
    #expect(limiter.gain == 2)
    let out = limiter.process([Int16](repeating: 1000, count: 200)) + limiter.flush()
    #expect(out == [Int16](repeating: 2000, count: 200))
  }

  @Test("espeak-ng's loudest prompt at gain 2: louder, no sample at the rails")
  func realSpeech() throws {
    let synthesizer = try SpeechTestSupport.espeak()
    let (speech, _) = try SpeechTestSupport.speak(
      synthesizer, "Enter the roundabout and take the second exit onto Töölönlahdenkatu",
      language: "en")
    let format = synthesizer.format
    let plain = AudioStatistics(speech, format: format)
    var limiter = PeakLimiter(gain: 2, sampleRate: format.sampleRate)
    let limited = limiter.process(speech) + limiter.flush()
    let stats = AudioStatistics(limited, format: format)
    #expect(stats.clippedSamples == 0)
    #expect(stats.peakDBFS <= -0.99)
    #expect(stats.frames == plain.frames)
    #expect(stats.rmsDBFS > plain.rmsDBFS + 3, "RMS \(plain.rmsDBFS) → \(stats.rmsDBFS)")
    #expect(limiter.deepestReduction < 0)
    // What the gain used to do: scaled and cut at the rails.
    let hard = speech.map { Int16(clamping: Int($0) * 2) }
    #expect(AudioStatistics(hard, format: format).clippedSamples > 0)
  }
}
