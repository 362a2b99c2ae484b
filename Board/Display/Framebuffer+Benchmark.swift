extension Framebuffer {
  /// Per-frame times of the CPU work behind ``Framebuffer/present(_:width:height:stride:)``,
  /// into ordinary memory (no device needed). Medians over the runs.
  public struct ConversionTiming: Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var format: PixelFormat
    public var runs: Int
    /// Converting every pixel of a frame (``PixelConverter/convertFrame``).
    public var fullConversion: Duration
    /// Painting a frame equal to the previous one: every row compared, none written.
    public var unchangedFrame: Duration
    /// Painting a frame whose rows 100–119 changed: all compared, those 20 converted.
    public var twentyRowUpdate: Duration

    public var description: String {
      func microseconds(_ duration: Duration) -> String {
        let value =
          Double(duration.components.seconds) * 1e6
          + Double(duration.components.attoseconds) / 1e12
        return String(Int(value.rounded())) + " µs"
      }
      return "\(width)×\(height) → \(format): full conversion \(microseconds(fullConversion)),"
        + " unchanged frame \(microseconds(unchangedFrame)), 20-row update \(microseconds(twentyRowUpdate))"
        + " (median of \(runs))"
    }
  }

  /// Measures converting and diffing a synthetic `width` × `height` ARGB32 frame (gradients
  /// and a moving square) into `format`, `runs` times each. For `headunit bench render`.
  ///
  /// Blocks the calling thread for roughly `runs` × 3 conversions.
  public static func benchmarkConversion(
    width: Int = 800, height: Int = 480, format: PixelFormat = .rgb565, runs: Int = 200
  ) throws(BoardError) -> ConversionTiming {
    precondition(width > 0 && height >= 120 && runs > 0, "benchmark needs a 120-row frame")
    let converter = try PixelConverter(format)
    let lineLength = width * format.bytesPerPixel
    var frames = [[UInt32]](repeating: [], count: 2)
    for variant in 0..<2 {
      frames[variant] = (0..<width * height).map { index in
        let (x, y) = (index % width, index / width)
        let marker = (100..<120).contains(y) && (x / 20) % 2 == variant
        return marker
          ? 0xFF20_60E0
          : 0xFF00_0000 | UInt32(x * 255 / width) << 16 | UInt32(y * 255 / height) << 8
            | UInt32((x ^ y) & 0xFF)
      }
    }
    var screen = [UInt8](repeating: 0, count: lineLength * height)
    let clock = ContinuousClock()
    func median(_ body: () -> Void) -> Duration {
      var times: [Duration] = []
      times.reserveCapacity(runs)
      for _ in 0..<runs { times.append(clock.measure(body)) }
      return times.sorted()[runs / 2]
    }
    return screen.withUnsafeMutableBytes { target in
      let target = target.baseAddress!
      let full = frames[0].withUnsafeBytes { frame in
        median {
          converter.convertFrame(
            frame.baseAddress!, width: width, height: height, sourceStride: width * 4,
            to: target, destinationStride: lineLength)
        }
      }
      var painter = FramePainter(
        converter: converter, screenWidth: width, screenHeight: height, lineLength: lineLength)
      let paint = { (variant: Int) in
        frames[variant].withUnsafeBytes { frame in
          _ = painter.paint(
            frame, width: width, height: height, stride: width * 4, into: target, page: 0)
        }
      }
      paint(0)
      let unchanged = median { paint(0) }
      var variant = 0
      let update = median {
        variant = 1 - variant
        paint(variant)
      }
      return ConversionTiming(
        width: width, height: height, format: format, runs: runs, fullConversion: full,
        unchangedFrame: unchanged, twentyRowUpdate: update)
    }
  }
}
