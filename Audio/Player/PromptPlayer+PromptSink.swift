import Core
import Navigation

/// The car's prompt sink: prompts go to the player's queue and out of the sound card.
extension PromptPlayer: PromptSink {
  public func speak(_ announcement: Announcement) {
    _ = enqueue(announcement)
  }

  /// Plays `Earcon.chime` when no prompt is playing or waiting and the player is not
  /// muted; otherwise drops it. Does not block.
  public func chime() {
    post(.chime)
  }
}
