import Core
import Navigation

/// The car's prompt sink: prompts go to the player's queue and out of the sound card.
extension PromptPlayer: PromptSink {
  public func speak(_ announcement: Announcement) {
    _ = enqueue(announcement)
  }
}
