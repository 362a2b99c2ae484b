/// An audio problem: no such PCM, the device vanished, a voice missing, a bad WAV.
///
/// The message says what to do about it. Guidance goes on without sound when the audio
/// part fails: prompts still show on screen.
public struct AudioError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Code: String, Sendable {
    /// The device, voice or file is not there.
    case unavailable
    /// It was there and failed (write error, device gone, synthesis error).
    case failed
    /// A value is not acceptable (unknown language, bad rate, bad WAV).
    case invalid
  }

  public var code: Code
  public var message: String
  /// The ALSA or espeak-ng return code behind it, when there is one.
  public var underlying: Int32?

  public init(_ code: Code, _ message: String, underlying: Int32? = nil) {
    self.code = code
    self.message = message
    self.underlying = underlying
  }

  public var description: String { message }
}
