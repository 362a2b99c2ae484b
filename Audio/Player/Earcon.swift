import Foundation

/// A short chime before a prompt, made in code: two soft sine tones, the second a fifth
/// above the first, each shaped by a raised-cosine envelope so that it starts and ends
/// at zero without a click.
///
/// Pure value type; `samples(format:)` may be called from any thread.
public struct Earcon: Hashable, Sendable {
  /// One tone of the chime.
  public struct Tone: Hashable, Sendable {
    /// Frequency in hertz.
    public var frequency: Double
    /// Length in seconds, envelope included.
    public var duration: Double

    public init(frequency: Double, duration: Double) {
      self.frequency = frequency
      self.duration = duration
    }
  }

  public var tones: [Tone]
  /// Silence between tones, seconds.
  public var gap: Double
  /// Peak level in dBFS (0 is full scale, 32768).
  public var peakDBFS: Double

  public init(tones: [Tone], gap: Double, peakDBFS: Double) {
    self.tones = tones
    self.gap = gap
    self.peakDBFS = peakDBFS
  }

  /// The default chime: 660 Hz then 990 Hz, 70 ms each with 10 ms between (150 ms),
  /// peaking at −12 dBFS — audible over road noise without startling.
  public static let chime = Earcon(
    tones: [Tone(frequency: 660, duration: 0.07), Tone(frequency: 990, duration: 0.07)],
    gap: 0.01, peakDBFS: -12)

  /// Length in seconds.
  public var duration: Double {
    tones.reduce(0) { $0 + $1.duration } + gap * Double(max(tones.count - 1, 0))
  }

  /// The chime as interleaved samples in `format` (every channel the same).
  public func samples(format: AudioFormat) -> [Int16] {
    let rate = Double(format.sampleRate)
    let amplitude = (pow(10, peakDBFS / 20) * 32768).rounded(.down)
    var mono: [Int16] = []
    mono.reserveCapacity(Int(duration * rate) + tones.count)
    for (index, tone) in tones.enumerated() {
      if index > 0 { mono += repeatElement(0, count: Int((gap * rate).rounded())) }
      let count = Int((tone.duration * rate).rounded())
      for i in 0..<count {
        let phase = Double(i) / Double(max(count - 1, 1))
        // Hann window: 0 at both ends, 1 in the middle, no discontinuity to click.
        let envelope = 0.5 - 0.5 * cos(2 * Double.pi * phase)
        let value = amplitude * envelope * sin(2 * Double.pi * tone.frequency * Double(i) / rate)
        mono.append(Int16(value.rounded()))
      }
    }
    guard format.channels > 1 else { return mono }
    return mono.flatMap { repeatElement($0, count: format.channels) }
  }
}
