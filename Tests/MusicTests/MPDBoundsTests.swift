import Core
import Music
import Rigs
import Testing

@Suite("MPD answers out of bounds")
struct MPDBoundsTests {
  @Test func listsATenThousandEntryPlaylistBounded() async throws {
    let server = try MPDServer.start()
    let uris = (0..<10_000).map { server.tracks[$0 % server.tracks.count].uri }
    try server.writePlaylist("Huge", uris: uris)
    let player = try MPDPlayer(settings(port: server.port, listLimit: 500))
    let huge = try await player.list(.playlist("Huge"))
    #expect(huge.items.count == 500)
    #expect(huge.total == 10_000)
    #expect(huge.isTruncated)
    #expect(huge.items[0].title == "First Light")
    #expect(try await player.list(.playlists).items.contains { $0.title == "Huge" })
    // Playing it queues all of it; the state reads the length, not the songs.
    try await player.perform(.playItem(MusicBrowseItem(kind: .playlist, title: "", uri: "Huge")))
    #expect(try await player.state().queueLength == 10_000)
  }

  @Test func refusesAServerWithoutABanner() async throws {
    let garbage = try GarbageServer(greeting: "HTTP/1.1 400 Bad Request\r\n\r\n", reply: "")
    let player = try MPDPlayer(settings(port: garbage.port, timeout: .seconds(1)))
    let error = try #require(await unavailability(of: player))
    #expect(error.code == .malformed)
    #expect(error.message.contains("is that port really MPD's?"))
    #expect(await failure { try await player.state() }?.code == .malformed)
  }

  @Test func givesUpOnASilentServer() async throws {
    let silent = try GarbageServer(greeting: "", reply: "")
    let player = try MPDPlayer(settings(port: silent.port, timeout: .seconds(1)))
    let error = try #require(await unavailability(of: player))
    #expect(error.code == .timeout)
  }

  @Test func dropsAServerThatAnswersGarbage() async throws {
    let garbage = try GarbageServer(
      greeting: "OK MPD 0.23.5\n", reply: "\u{1}\u{2}garbage without a colon\nnot OK\n")
    let player = try MPDPlayer(settings(port: garbage.port, timeout: .seconds(1)))
    let error = try #require(await unavailability(of: player))
    #expect([.malformed, .timeout].contains(error.code))
    let listed = await failure { try await player.list(.artists) }
    #expect(listed != nil)
  }

  @Test func dropsAServerWithAnEndlessLine() async throws {
    let endless = String(repeating: "x", count: 200_000)
    let garbage = try GarbageServer(greeting: "OK MPD 0.23.5\n", reply: endless)
    let player = try MPDPlayer(settings(port: garbage.port, timeout: .seconds(1)))
    let error = try #require(await unavailability(of: player))
    #expect([.malformed, .timeout].contains(error.code))
  }

  @Test func neverKeepsMoreThanItsLimitOfAnEndlessListing() async throws {
    // 250,000 songs to every request: past what any library holds (and past the reader's
    // 200,000), so the reply is given up, or cut at the limit, never kept.
    let reply = String(repeating: "file: a.flac\n", count: 250_000) + "OK\n"
    let garbage = try GarbageServer(greeting: "OK MPD 0.23.5\n", reply: reply)
    let player = try MPDPlayer(settings(port: garbage.port, listLimit: 10, timeout: .seconds(1)))
    // It ends (a reader without the bound would keep reading): how fast depends on how busy
    // the machine is, so no wall time is asserted.
    do {
      let listing = try await player.list(.playlist("Huge"))
      #expect(listing.items.count <= 10)
    } catch {
      #expect([.malformed, .timeout, .unavailable].contains(error.code))
    }
  }
}
