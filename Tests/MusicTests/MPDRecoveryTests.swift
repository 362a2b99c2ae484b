import Core
import Music
import Rigs
import Testing

@Suite("MPD killed and back, against a real mpd")
struct MPDRecoveryTests {
  @Test func reportsUnavailableAndPicksMPDUpAgain() async throws {
    let server = try MPDServer.start()
    // A long timeout, so that failing at once and waiting it out differ by seconds even on
    // a machine that keeps this task waiting.
    let player = try MPDPlayer(settings(port: server.port, timeout: .seconds(10)))
    // However long the machine keeps this test waiting, the song goes on playing.
    try await player.perform(.setRepeat(true))
    try await player.perform(.playItem(album("Night Drive", by: "Basalt")))
    #expect(await state(of: player) { $0.playback == .playing } != nil)

    server.stop()
    let gone = try #require(await unavailability(of: player))
    #expect(gone.code == .unavailable)
    #expect(gone.message.contains("127.0.0.1:\(server.port)"))
    // Requests fail at once while it is away, with the same kind of error.
    let clock = ContinuousClock()
    let start = clock.now
    let failed = await failure { try await player.state() }
    #expect(failed?.code == .unavailable)
    #expect(clock.now - start < .seconds(5))

    try server.restart()
    let back = try #require(await state(of: player, within: .seconds(5)) { _ in true })
    // The state file MPD wrote on the way is not guaranteed after SIGKILL; the queue may
    // be gone, but the player answers again.
    #expect(back.queueLength >= 0)
    #expect(try await player.list(.artists).items.count == 2)
  }

  @Test func reportsUnavailableWhenMPDWasNeverThere() async throws {
    let port = try GPSDDaemon.freePort(udp: false)
    let player = try MPDPlayer(settings(port: port))
    let error = try #require(await unavailability(of: player))
    #expect(error.code == .unavailable)
    #expect(error.message.contains("is mpd running?"))
    #expect(await failure { try await player.list(.artists) }?.code == .unavailable)
  }
}
