import Board
import Core

/// The devices a `HeadUnitDaemon` runs on, chosen as a set: the car's (`CarDevices`: gpsd,
/// the power supplies, the prompt player on ALSA, the framebuffer, the state directory) or
/// a replay's (no sources of their own — the replay hands the daemon its fixes —, prompts
/// kept as cues, frames kept as pictures, saves kept in memory).
///
/// Contract: every call comes from the daemon's one loop. `acquire` is called when the
/// core asks for the devices and again only after `release`; sources it starts post their
/// events through the set's own channel to the daemon's inbox.
public protocol DaemonDevices: AnyObject {
  /// Where frames go; nil while there is none (released, or it could not be opened).
  var display: (any Display)? { get }
  /// Where the trip and the places are saved.
  var store: any StateStore { get }
  /// Where the fleet reporter's queue is kept between runs (`fleet-queue.json` in the car).
  var fleetQueue: any FleetQueueStore { get }
  /// The places and the trip saved by the last run, for the core's `.start`; a damaged
  /// file is logged and set aside by the set.
  func loadState() -> (PlaceLists, TripSnapshot?)
  /// Opens the devices the core asked for (`.acquireDevices`) and starts their sources;
  /// returns where prompts go (nil: on screen only). `language` and `muted` are the core's.
  func acquire(language: String, muted: Bool) -> (any PromptSink)?
  /// Closes what `acquire` opened. `stopping` when the unit stops for good; otherwise the
  /// set may keep watching for power to come back.
  func release(stopping: Bool)
  /// What a configuration reloaded on SIGHUP changes on the devices at once (the volume).
  func reload(_ configuration: DaemonConfiguration)
  /// The unit's music source for the whole run, nil without one. Its reports reach the
  /// daemon's inbox while the devices are released too (MPD runs on its own).
  var music: (any MusicService)? { get }
}

extension DaemonDevices {
  /// No music source.
  public var music: (any MusicService)? { nil }
}
