import Foundation

/// Applies a gain to 16-bit samples without clipping: above unity gain, through a
/// look-ahead peak limiter with a soft knee, so no sample ever reaches the rails.
///
/// Each sample's level after the gain goes through a soft-knee curve: unchanged up to
/// ``kneeWidth`` below ``ceiling`` (−7 dBFS), then bending smoothly (a quadratic knee of
/// infinite ratio) to ``ceiling`` (−1 dBFS), which it never passes. The gain that curve
/// asks for is taken ``lookAhead`` early: the samples are delayed by that long, the
/// smallest gain asked for within the window is held, released towards unity over
/// ``release``, and averaged over the window, so the gain glides down before a peak
/// instead of jumping at it — and the average of gains each no larger than the one the
/// peak needs is no larger either, so the peak itself stays at or below the ceiling.
///
/// At a gain of 1 or less nothing can pass full scale that was not there already, so the
/// samples are only scaled, with no delay; a limiter that has started limiting (the gain
/// went above 1) keeps the delay until ``flush()`` or ``reset()``. Samples are one
/// stream: mono, as the synthesizer makes them. A value type with no I/O.
public struct PeakLimiter: Sendable {
  /// The highest level a sample reaches above unity gain, dBFS.
  public static let ceiling = -1.0
  /// How far below the ceiling the knee starts to bend, dB.
  public static let kneeWidth = 6.0
  /// How far ahead the limiter looks, and so how long it delays the samples.
  public static let lookAhead = Duration.milliseconds(3)
  /// How long the gain takes to come back most of the way (1 − 1/e) after a peak.
  public static let release = Duration.milliseconds(60)
  /// The accepted gains, as the configuration's `audio.volume` documents them.
  public static let gains = 0.0...2.0

  /// Linear gain, clamped to ``gains``; a change applies from the next sample processed.
  public var gain: Double {
    didSet { gain = min(max(gain, Self.gains.lowerBound), Self.gains.upperBound) }
  }
  /// The deepest gain reduction the limiter has applied, dB (0 when it never limited):
  /// how hard the gain pushed the loudest peak into the knee.
  public private(set) var deepestReduction = 0.0

  private let delay: Int
  private let releaseCoefficient: Double
  /// Whether samples are being delayed (the gain has been above 1 since the last flush).
  private var engaged = false
  /// The last `delay` input samples, oldest first from `held.start`.
  private var held: Ring<Int16>
  /// Candidates for the smallest wanted gain in the window: (sample number, gain), gains
  /// increasing, the oldest first.
  private var minima: Ring<(Int, Double)>
  /// The released gains of the window, and their sum.
  private var released: Ring<Double>
  private var releasedSum = 0.0
  private var envelope = 1.0
  private var count = 0

  /// A limiter for samples at `sampleRate` frames a second.
  public init(gain: Double, sampleRate: Int) {
    self.gain = min(max(gain, Self.gains.lowerBound), Self.gains.upperBound)
    let rate = Double(max(sampleRate, 1))
    delay = max(1, Int((Self.seconds(Self.lookAhead) * rate).rounded()))
    releaseCoefficient = exp(-1 / (Self.seconds(Self.release) * rate))
    held = Ring(capacity: delay)
    minima = Ring(capacity: delay + 1)
    released = Ring(capacity: delay + 1)
  }

  /// `samples` with the gain applied, as a stream: while limiting, the output lags the
  /// input by ``lookAhead`` (the first call gives that many samples fewer, ``flush()``
  /// the rest).
  public mutating func process(_ samples: [Int16]) -> [Int16] {
    if !engaged && gain <= 1 { return Self.scaled(samples, gain) }
    engaged = true
    var out: [Int16] = []
    out.reserveCapacity(samples.count)
    for sample in samples { step(sample, into: &out) }
    return out
  }

  /// The samples still held back, with the gain applied; the limiter then starts afresh.
  public mutating func flush() -> [Int16] {
    guard engaged else { return [] }
    var out: [Int16] = []
    // Silence pushed through lets the held samples out under the gains they need.
    for _ in 0..<held.count { step(0, into: &out) }
    reset()
    return out
  }

  /// Drops the samples held back (a prompt cut off) and starts afresh; keeps the gain and
  /// `deepestReduction`.
  public mutating func reset() {
    engaged = false
    held.removeAll()
    minima.removeAll()
    released.removeAll()
    releasedSum = 0
    envelope = 1
    count = 0
  }

  /// `samples` through a fresh limiter at `gain`, flushed: the same number of samples.
  public static func applying(_ gain: Double, to samples: [Int16], sampleRate: Int) -> [Int16] {
    var limiter = PeakLimiter(gain: gain, sampleRate: sampleRate)
    return limiter.process(samples) + limiter.flush()
  }

  /// Takes in one sample and, once the window is full, gives out the one `delay` before it.
  private mutating func step(_ sample: Int16, into out: inout [Int16]) {
    let wanted = Self.wantedGain(Double(sample) * gain)
    while let last = minima.last, last.1 >= wanted { minima.removeLast() }
    minima.append((count, wanted))
    while let first = minima.first, first.0 < count - delay { minima.removeFirst() }
    let hold = minima.first?.1 ?? 1
    // Released towards 1, but never above what the window needs.
    envelope = min(hold, 1 - (1 - envelope) * releaseCoefficient)
    if released.count == delay + 1 { releasedSum -= released.removeFirst() }
    released.append(envelope)
    releasedSum += envelope
    count += 1
    if held.count == delay {
      let smoothed = min(1, releasedSum / Double(delay + 1))
      if smoothed < 1 {
        deepestReduction = min(deepestReduction, 20 * log10(max(smoothed, 1e-6)))
      }
      let value = (Double(held.removeFirst()) * gain * smoothed).rounded()
      out.append(Int16(min(max(value, -32767), 32766)))
    }
    held.append(sample)
  }

  /// The gain the soft-knee curve asks for a sample of `value` (after the gain), 0…1.
  static func wantedGain(_ value: Double) -> Double {
    let magnitude = abs(value)
    guard magnitude > kneeStart else { return 1 }
    let level = 20 * log10(magnitude / fullScale)
    let over = level - (ceiling - kneeWidth)
    // The knee spans ceiling − width … ceiling + width; past it the level is the ceiling.
    let shaped =
      over >= 2 * kneeWidth ? ceiling : level - over * over / (4 * kneeWidth)
    return pow(10, (shaped - level) / 20)
  }

  private static let fullScale = 32768.0
  /// The sample value where the knee starts to bend.
  private static let kneeStart = fullScale * pow(10, (ceiling - kneeWidth) / 20)

  /// `samples` times `gain` (≤ 1 here), rounded.
  private static func scaled(_ samples: [Int16], _ gain: Double) -> [Int16] {
    if gain == 1 { return samples }
    return samples.map { Int16((Double($0) * gain).rounded()) }
  }

  private static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  }
}
