import Audio
import CMPDClient
import Core
import Synchronization

/// MPD's own volume (`setvol`, through whatever mixer its output has: the sound card's, or
/// MPD's software mixer) as the ``VolumeControl`` a ``Ducker`` lowers while a prompt plays.
///
/// Each call reads or sets the level on a connection of its own, kept between calls and
/// made again after a failure, so a restarted mpd is picked up by the next prompt.
///
/// Threading: any thread; calls are serialized, each blocking for at most the timeout
/// (whole seconds, at least one: see ``MPDConnection``).
public final class MPDVolumeControl: VolumeControl {
  public let host: String
  public let port: Int
  public let timeout: Duration
  /// The connection kept between calls, used only under the lock.
  private let connection = Mutex<MPDConnection?>(nil)

  public init(host: String = "127.0.0.1", port: Int = 6600, timeout: Duration = .seconds(1)) {
    self.host = host
    self.port = port
    self.timeout = timeout
  }

  public func volume() throws(AudioError) -> Int {
    try withConnection { (mpd) throws(MusicError) -> Int in
      guard let volume = try mpd.state().volume else {
        throw MusicError(
          .refused, "MPD's output has no volume control (mixer_type \"none\")")
      }
      return volume
    }
  }

  public func setVolume(_ percent: Int) throws(AudioError) {
    try withConnection { (mpd) throws(MusicError) in
      guard mpd_run_set_volume(mpd.handle, UInt32(min(100, max(0, percent)))) else {
        try mpd.check("setvol")
        throw MusicError(.malformed, "MPD at \(mpd.address) did not answer setvol")
      }
      try mpd.check("setvol")
    }
  }

  /// Runs `body` on the connection (made when there is none), dropping it when `body`
  /// leaves it broken; a failure is an `AudioError` the prompt player logs once.
  private func withConnection<T: Sendable>(
    _ body: (MPDConnection) throws(MusicError) -> T
  ) throws(AudioError) -> T {
    let result = connection.withLock { open -> Result<T, MusicError> in
      do throws(MusicError) {
        let mpd: MPDConnection
        if let existing = open {
          mpd = existing
        } else {
          mpd = try MPDConnection(host: host, port: port, timeout: timeout)
        }
        open = mpd
        do throws(MusicError) {
          return .success(try body(mpd))
        } catch {
          if mpd.isBroken { open = nil }
          throw error
        }
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let value): return value
    case .failure(let error):
      throw AudioError(
        error.code == .refused || error.code == .invalid ? .failed : .unavailable,
        "MPD's volume at \(host):\(port): \(error.message) — the music will not be lowered "
          + "during prompts")
    }
  }
}
