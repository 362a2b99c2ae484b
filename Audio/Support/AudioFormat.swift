/// Interleaved signed 16-bit little-endian PCM at `sampleRate` with `channels` channels;
/// the only sample format the audio part uses.
public struct AudioFormat: Hashable, Sendable {
  public var sampleRate: Int
  public var channels: Int

  public init(sampleRate: Int, channels: Int = 1) {
    self.sampleRate = sampleRate
    self.channels = channels
  }

  /// Duration of `frames` frames.
  public func duration(frames: Int) -> Duration {
    .nanoseconds(Int64(frames) * 1_000_000_000 / Int64(sampleRate))
  }
}
