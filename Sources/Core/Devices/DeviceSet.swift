/// The devices the core's prompt, store, route and music effects go to, chosen as a set: the
/// car's (the prompt player on ALSA, the state directory, the routing server with offline
/// fallback) or a replay's (a list of prompt cues, memory, the embedded map answering at
/// once). Both the daemon and the replay carry these effects out through `carryOut`, so
/// they are wired once.
public struct DeviceSet {
  /// Nil while prompts cannot be spoken (no sound card, no speech): they are dropped.
  public var prompts: (any PromptSink)?
  public var store: any StateStore
  /// Nil without a map to route on: a route request fails at once.
  public var router: (any RouteService)?
  /// Nil without a music source: the core asks nothing of it then.
  public var music: (any MusicService)?

  public init(
    prompts: (any PromptSink)?, store: any StateStore, router: (any RouteService)?,
    music: (any MusicService)? = nil
  ) {
    self.prompts = prompts
    self.store = store
    self.router = router
    self.music = music
  }

  /// Carries out `effect` when it is a prompt, store or route effect and returns the
  /// events that follow from it at once; nil for the effects its owner carries out itself
  /// (drawing, timers, the devices' lifecycle, logs, the bridge, shutting down).
  public func carryOut(_ effect: HeadUnitCore.Effect) -> [HeadUnitCore.Event]? {
    switch effect {
    case .speak(let announcement): prompts?.speak(announcement)
    case .maneuverChanged(let next): prompts?.maneuverChanged(next: next)
    case .setMuted(let muted): prompts?.setMuted(muted)
    case .stopPrompts: prompts?.setMuted(true)
    case .chime: prompts?.chime()
    case .saveTrip(let snapshot): store.save(snapshot)
    case .clearTrip: store.clearTrip()
    case .savePlaces(let lists): store.save(lists)
    case .requestRoute(let request):
      guard let router else { return [.routeFailed("no offline map")] }
      return router.route(request) ?? []
    case .music(let command):
      guard let music else {
        return [.musicFailed(command, MusicError(.unavailable, "The unit has no music source"))]
      }
      return music.perform(command) ?? []
    case .listMusic(let query):
      guard let music else {
        return [.musicListed(query, .failure(MusicError(.unavailable, "No music source")))]
      }
      return music.list(query) ?? []
    default: return nil
    }
    return []
  }
}
