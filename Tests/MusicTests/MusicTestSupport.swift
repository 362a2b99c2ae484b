import Core
import Foundation
import Music
import Rigs
import Testing

/// Settings for a player of `server`, quick to notice a server gone and back.
func settings(port: Int, listLimit: Int = 500, timeout: Duration = .seconds(2))
  -> MPDPlayer.Settings
{
  MPDPlayer.Settings(
    port: port, timeout: timeout, listLimit: listLimit, retryDelay: .milliseconds(50),
    maximumRetryDelay: .milliseconds(400), refreshInterval: .milliseconds(200))
}

/// The first update from `player` that satisfies `predicate`, or nil after `timeout`.
func update(
  from player: any MusicPlayer, within timeout: Duration = .seconds(5),
  where predicate: @escaping @Sendable (MusicUpdate) -> Bool
) async -> MusicUpdate? {
  await withTaskGroup(of: MusicUpdate?.self) { group in
    group.addTask {
      for await update in player.updates() where predicate(update) { return update }
      return nil
    }
    group.addTask {
      try? await Task.sleep(for: timeout)
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
}

/// The first state from `player` that satisfies `predicate`, or nil after `timeout`.
func state(
  of player: any MusicPlayer, within timeout: Duration = .seconds(5),
  where predicate: @escaping @Sendable (MusicState) -> Bool
) async -> MusicState? {
  let found = await update(from: player, within: timeout) {
    if case .state(let state) = $0 { return predicate(state) }
    return false
  }
  if case .state(let state) = found { return state }
  return nil
}

/// The error of the first `.unavailable` from `player`, or nil after `timeout`.
func unavailability(of player: any MusicPlayer, within timeout: Duration = .seconds(5)) async
  -> MusicError?
{
  let found = await update(from: player, within: timeout) {
    if case .unavailable = $0 { return true }
    return false
  }
  if case .unavailable(let error) = found { return error }
  return nil
}

/// The ``MusicError`` `body` throws, or nil when it throws none (recorded as an issue when
/// it throws another error).
func failure<T>(_ body: () async throws -> T) async -> MusicError? {
  do {
    _ = try await body()
    return nil
  } catch let error as MusicError {
    return error
  } catch {
    Issue.record("not a MusicError: \(error)")
    return nil
  }
}

/// A generated library's album as the player lists it.
func album(_ name: String, by artist: String) -> MusicBrowseItem {
  MusicBrowseItem(kind: .album, title: name, uri: name, artist: artist)
}
