import Foundation

/// Renders prompts as the prompt player plays them (synthesized, then the gain through
/// its `PeakLimiter`) and judges the audio: not silent, not clipped, final prompts short
/// enough to end before the maneuver.
public struct VoiceCheck: Sendable {
  /// A prompt whose RMS level is below this (dBFS) counts as silent.
  public static let silenceThreshold = -50.0

  /// What is wrong with a rendered prompt.
  public enum Problem: Hashable, Sendable, CustomStringConvertible {
    case silent(rmsDBFS: Double)
    case clipped(samples: Int)
    case tooLong(seconds: Double, limit: Double)

    public var description: String {
      switch self {
      case .silent(let rms):
        "silent (RMS \(format(rms)) dBFS < \(format(VoiceCheck.silenceThreshold)))"
      case .clipped(let n): "clipped (\(n) samples at full scale)"
      case .tooLong(let s, let limit):
        "too long (\(String(format: "%.2f", s)) s > \(format(limit)) s)"
      }
    }

    private func format(_ x: Double) -> String {
      x.isFinite ? String(format: "%.1f", x) : "-inf"
    }
  }

  /// One prompt rendered and measured.
  public struct Result: Sendable {
    public var prompt: VoicePrompt
    /// The prompt as it would play: synthesized, with the gain applied.
    public var samples: [Int16]
    public var statistics: AudioStatistics
    /// Wall time of the whole synthesis, seconds.
    public var synthesisTime: Double
    /// Wall time of applying the gain (through the limiter above 1), seconds.
    public var gainTime: Double
    /// The deepest gain reduction of the limiter, dB (0 when it did not limit).
    public var limiting: Double
    /// Wall time until the first samples arrived, seconds (nil when none did).
    public var firstSampleTime: Double?
    public var problems: [Problem]
  }

  public let synthesizer: any SpeechSynthesizer
  /// The gain on the prompts, as the configuration's `audio.volume` (0…2).
  public let gain: Double

  public init(synthesizer: any SpeechSynthesizer, gain: Double = 1) {
    self.synthesizer = synthesizer
    self.gain = min(max(gain, PeakLimiter.gains.lowerBound), PeakLimiter.gains.upperBound)
  }

  /// Synthesizes `prompt` in `language`, timing it, and judges the result. Blocks for
  /// the synthesis.
  public func run(_ prompt: VoicePrompt, language: String) throws(AudioError) -> Result {
    let clock = ContinuousClock()
    let start = clock.now
    var first: ContinuousClock.Instant?
    var samples: [Int16] = []
    try synthesizer.synthesize(prompt.text, language: language) { chunk in
      if first == nil, !chunk.isEmpty { first = clock.now }
      samples.append(contentsOf: chunk)
      return true
    }
    let synthesized = clock.now
    var limiter = PeakLimiter(gain: gain, sampleRate: synthesizer.format.sampleRate)
    samples = limiter.process(samples) + limiter.flush()
    let gained = clock.now
    let statistics = AudioStatistics(samples, format: synthesizer.format)
    return Result(
      prompt: prompt, samples: samples, statistics: statistics,
      synthesisTime: Self.seconds(start.duration(to: synthesized)),
      gainTime: Self.seconds(synthesized.duration(to: gained)),
      limiting: limiter.deepestReduction,
      firstSampleTime: first.map { Self.seconds(start.duration(to: $0)) },
      problems: Self.problems(prompt, statistics))
  }

  /// What is wrong with `prompt` rendered with `statistics`; empty when it passes.
  public static func problems(_ prompt: VoicePrompt, _ statistics: AudioStatistics) -> [Problem] {
    var problems: [Problem] = []
    if !(statistics.rmsDBFS >= silenceThreshold) {
      problems.append(.silent(rmsDBFS: statistics.rmsDBFS))
    }
    if statistics.clippedSamples > 0 {
      problems.append(.clipped(samples: statistics.clippedSamples))
    }
    if let limit = prompt.maximumDuration, statistics.duration > limit {
      problems.append(.tooLong(seconds: statistics.duration, limit: limit))
    }
    return problems
  }

  static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  }
}
