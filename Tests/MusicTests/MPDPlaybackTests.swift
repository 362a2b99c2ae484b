import Core
import Music
import Rigs
import Testing

@Suite("MPD playback, against a real mpd")
struct MPDPlaybackTests {
  @Test func playsAnAlbumFromItsFirstTrack() async throws {
    let server = try MPDServer.start()
    let player = try MPDPlayer(settings(port: server.port))
    try await holdEachSong(player)
    try await player.perform(.playItem(album("Northern Roads", by: "Aurora Lane")))

    let playing = try #require(
      await state(of: player) { $0.playback == .playing && $0.elapsed > .milliseconds(300) })
    #expect(playing.song?.title == "First Light")
    #expect(playing.song?.artist == "Aurora Lane")
    #expect(playing.song?.album == "Northern Roads")
    #expect(playing.position == 0)
    #expect(playing.queueLength == 3)
    // The updates keep coming while it plays: the elapsed time grows.
    let later = try #require(await state(of: player) { $0.elapsed > playing.elapsed })
    #expect(later.song?.title == "First Light")

    try await player.perform(.next)
    let second = try await player.state()
    #expect(second.song?.title == "Coastline")
    #expect(second.position == 1)
    try await player.perform(.previous)
    #expect(try await player.state().song?.title == "First Light")
  }

  @Test func pausesTogglesAndSeeks() async throws {
    let server = try MPDServer.start()
    let player = try MPDPlayer(settings(port: server.port))
    try await holdEachSong(player)
    try await player.perform(.playItem(MusicBrowseItem(kind: .playlist, title: "", uri: "Evening")))
    #expect(try await player.state().song?.title == "Harbour")

    try await player.perform(.pause)
    #expect(try await player.state().playback == .paused)
    try await player.perform(.toggle)
    #expect(try await player.state().playback == .playing)
    try await player.perform(.toggle)
    #expect(try await player.state().playback == .paused)

    try await player.perform(.seek(to: .seconds(20)))
    let sought = try await player.state()
    #expect(sought.elapsed >= .seconds(20) && sought.elapsed < .seconds(21))
    let negative = await failure { try await player.perform(.seek(to: .seconds(-1))) }
    #expect(negative?.code == .invalid)

    try await player.perform(.stop)
    #expect(try await player.state().playback == .stopped)
    // Toggle from stopped plays (MPD's bare `pause` would not).
    try await player.perform(.toggle)
    #expect(try await player.state().playback == .playing)
  }

  @Test func setsShuffleAndRepeatAndQueues() async throws {
    let server = try MPDServer.start()
    let player = try MPDPlayer(settings(port: server.port))
    try await player.perform(.setShuffle(true))
    try await player.perform(.setRepeat(true))
    var now = try await player.state()
    #expect(now.shuffle && now.repeat)
    // The updates say so too (MPD's idle `options`).
    #expect(await state(of: player) { $0.shuffle && $0.repeat } != nil)
    try await player.perform(.setShuffle(false))
    #expect(try await player.state().shuffle == false)

    let folder = MusicBrowseItem(kind: .folder, title: "Mixtape", uri: "usb/Mixtape")
    try await player.perform(.setSingle(true))
    try await player.perform(.playItem(folder))
    let song = MusicBrowseItem(
      kind: .song, title: "Tunnel", uri: "Basalt/Night Drive/01 Tunnel.flac")
    try await player.perform(.enqueue(song))
    try await player.perform(.enqueue(MusicBrowseItem(kind: .artist, title: "", uri: "Basalt")))
    now = try await player.state()
    #expect(now.queueLength == 5)
    #expect(now.song?.title == "side a.wav")
    let missing = MusicBrowseItem(kind: .song, title: "", uri: "no/such.flac")
    #expect(await failure { try await player.perform(.enqueue(missing)) }?.code == .refused)
  }

  /// Songs play in real time, and a test on a loaded machine may wait minutes between two
  /// steps: with repeat and single on, the song started stays the current one until a test
  /// moves on itself (next and previous still move).
  private func holdEachSong(_ player: MPDPlayer) async throws {
    try await player.perform(.setRepeat(true))
    try await player.perform(.setSingle(true))
  }
}
