import CALSA
import Foundation

/// Process-wide alsa-lib matters: its error text and its stderr chatter.
enum ALSALibrary {
  /// alsa-lib's text for a negative return code (`snd_strerror`), e.g. "No such file or
  /// directory".
  static func describe(_ code: Int32) -> String {
    String(cString: snd_strerror(code))
  }

  /// alsa-lib's text for a negative frame count or errno.
  static func describe(_ code: Int) -> String {
    describe(Int32(truncatingIfNeeded: code))
  }

  /// Replaces alsa-lib's error handler, which prints every failure to stderr ("ALSA lib
  /// confmisc.c:165:(snd_config_get_card) Cannot get card index for 9"), with one that
  /// drops them: the adapters report each failure themselves, once, with its return code.
  /// Set `HEADUNIT_ALSA_DEBUG=1` to keep alsa-lib's own lines.
  ///
  /// Installs it once per process (later calls do nothing); thread-safe.
  static func quiet() {
    _ = handlerInstalled
  }

  /// Whether `calsa_silence_errors` ran; evaluated once, by the first `quiet()`.
  private static let handlerInstalled: Bool = {
    if ProcessInfo.processInfo.environment["HEADUNIT_ALSA_DEBUG"] == "1" { return false }
    return calsa_silence_errors() == 0
  }()
}
