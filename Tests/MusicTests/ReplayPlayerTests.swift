import Core
import Music
import Testing

@Suite("Replay player")
struct ReplayPlayerTests {
  static let catalogue = [
    ReplayPlayer.Track(
      uri: "A/One/1.flac", title: "Uno", artist: "A", album: "One", duration: .seconds(10)),
    ReplayPlayer.Track(
      uri: "A/One/2.flac", title: "Dos", artist: "A", album: "One", duration: .seconds(10)),
    ReplayPlayer.Track(
      uri: "B/Two/1.flac", title: "Tres", artist: "B", album: "Two", duration: .seconds(5)),
  ]

  func player(limit: Int = 500) -> ReplayPlayer {
    ReplayPlayer(
      catalogue: Self.catalogue, playlists: ["Mix": ["B/Two/1.flac", "A/One/1.flac"]],
      listLimit: limit)
  }

  @Test func browsesLikeMPD() async throws {
    let player = player()
    #expect(try await player.list(.artists).items.map(\.title) == ["A", "B"])
    #expect(try await player.list(.albums(artist: "A")).items.map(\.title) == ["One"])
    #expect(try await player.list(.album("One", artist: "A")).items.map(\.title) == ["Uno", "Dos"])
    #expect(try await player.list(.playlist("Mix")).items.map(\.title) == ["Tres", "Uno"])
    #expect(try await player.list(.folder("")).items.map(\.title) == ["A", "B"])
    #expect(try await player.list(.folder("A/One")).items.count == 2)
    let bounded = try await self.player(limit: 1).list(.artists)
    #expect(bounded.items.count == 1 && bounded.total == 2 && bounded.isTruncated)
  }

  @Test func playsOnAVirtualClock() async throws {
    let player = player()
    try await player.perform(.playItem(album("One", by: "A")))
    player.advance(by: .seconds(4))
    var state = try await player.state()
    #expect(state.playback == .playing && state.song?.title == "Uno")
    #expect(state.elapsed == .seconds(4))
    player.advance(by: .seconds(7))
    state = try await player.state()
    #expect(state.song?.title == "Dos" && state.elapsed == .seconds(1))
    try await player.perform(.toggle)
    #expect(try await player.state().playback == .paused)
    player.advance(by: .seconds(100))
    #expect(try await player.state().elapsed == .seconds(1))
    try await player.perform(.play)
    player.advance(by: .seconds(100))
    #expect(try await player.state().playback == .stopped)
  }

  @Test func goesAwayAndComesBack() async throws {
    let player = player()
    let gone = MusicError(.unavailable, "MPD at 127.0.0.1:6600 is not reachable")
    player.setUnavailable(gone)
    #expect(await failure { try await player.perform(.play) } == gone)
    #expect(await unavailability(of: player, within: .seconds(1)) == gone)
    player.setUnavailable(nil)
    #expect(await state(of: player, within: .seconds(1)) { $0.playback == .stopped } != nil)
  }
}
