import Foundation

/// Level figures of a block of 16-bit samples: peak and RMS relative to full scale,
/// clipped samples and duration.
///
/// Full scale is 32768 (so a sample of −32768 is 0 dBFS and a sine reaching ±16384 peaks
/// at −6.02 dBFS with an RMS of −9.03 dBFS). A sample counts as clipped when it sits on
/// a rail, 32767 or −32768: synthesis that overflowed saturates there. Pure value type.
public struct AudioStatistics: Hashable, Sendable {
  /// Frames measured (samples per channel).
  public var frames: Int
  /// Largest absolute sample value, 0…32768.
  public var peak: Int
  /// Root mean square of the samples, 0…32768.
  public var rms: Double
  /// Samples at 32767 or −32768.
  public var clippedSamples: Int
  /// Length in seconds at the format's rate.
  public var duration: Double

  /// Measures `samples`, interleaved in `format`.
  public init(_ samples: some Collection<Int16>, format: AudioFormat) {
    // Through a buffer pointer when the collection has one: a generic loop is slow in
    // debug builds, which the tests and voice-check use.
    if let measured = samples.withContiguousStorageIfAvailable({ Self.measure($0) }) {
      self.init(measured, count: samples.count, format: format)
    } else {
      self.init(Self.measure(Array(samples)), count: samples.count, format: format)
    }
  }

  private init(
    _ measured: (peak: Int, sumOfSquares: Double, clipped: Int), count: Int, format: AudioFormat
  ) {
    peak = measured.peak
    rms = count > 0 ? (measured.sumOfSquares / Double(count)).squareRoot() : 0
    clippedSamples = measured.clipped
    frames = format.channels > 0 ? count / format.channels : 0
    duration = format.sampleRate > 0 ? Double(frames) / Double(format.sampleRate) : 0
  }

  private static func measure(_ samples: [Int16]) -> (peak: Int, sumOfSquares: Double, clipped: Int)
  {
    samples.withUnsafeBufferPointer { measure($0) }
  }

  private static func measure(_ samples: UnsafeBufferPointer<Int16>)
    -> (peak: Int, sumOfSquares: Double, clipped: Int)
  {
    var peak = 0
    var sumOfSquares = 0
    var clipped = 0
    for sample in samples {
      let value = Int(sample)
      peak = max(peak, abs(value))
      // At most 2^30 per sample: an Int sum overflows only after 2^33 samples.
      sumOfSquares &+= value &* value
      if sample == .max || sample == .min { clipped += 1 }
    }
    return (peak, Double(sumOfSquares), clipped)
  }

  /// The full-scale reference level.
  public static let fullScale = 32768.0

  /// Peak level in dBFS; −∞ for digital silence.
  public var peakDBFS: Double { Self.decibels(Double(peak)) }
  /// RMS level in dBFS; −∞ for digital silence.
  public var rmsDBFS: Double { Self.decibels(rms) }

  /// `level` (0…32768) in dB relative to full scale.
  public static func decibels(_ level: Double) -> Double {
    level > 0 ? 20 * log10(level / fullScale) : -.infinity
  }
}
