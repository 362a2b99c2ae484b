import Core
import Foundation
import Music

/// The car's music source as the core's effects see it: an ``MPDPlayer`` whose reports,
/// listings and failures are posted to the daemon's inbox.
///
/// Commands and listings run one at a time in the order the core gave them (Shuffle then
/// Play must not swap), off the daemon's loop; the player reconnects by itself, reporting
/// `.unavailable` meanwhile.
final class DaemonMusic: MusicService {
  private let jobs: AsyncStream<@Sendable () async -> Void>.Continuation
  private let tasks: [Task<Void, Never>]
  private let player: any MusicPlayer
  private let post: @Sendable (HeadUnitCore.Event) -> Void

  init(player: any MusicPlayer, post: @escaping @Sendable (HeadUnitCore.Event) -> Void) {
    self.player = player
    self.post = post
    let (stream, jobs) = AsyncStream.makeStream(of: (@Sendable () async -> Void).self)
    self.jobs = jobs
    let updates = player.updates()
    tasks = [
      Task {
        for await job in stream { await job() }
      },
      Task {
        for await update in updates { post(.music(update)) }
      },
    ]
  }

  deinit {
    jobs.finish()
    for task in tasks { task.cancel() }
  }

  func perform(_ command: MusicCommand) -> [HeadUnitCore.Event]? {
    let (player, post) = (self.player, self.post)
    jobs.yield {
      do throws(MusicError) {
        try await player.perform(command)
      } catch {
        post(.musicFailed(command, error))
      }
    }
    return nil
  }

  func list(_ query: MusicQuery) -> [HeadUnitCore.Event]? {
    let (player, post) = (self.player, self.post)
    jobs.yield {
      do throws(MusicError) {
        post(.musicListed(query, .success(try await player.list(query))))
      } catch {
        post(.musicListed(query, .failure(error)))
      }
    }
    return nil
  }
}
