import Core
import Music
import Rigs
import Testing

@Suite("MPD library, against a real mpd")
struct MPDLibraryTests {
  @Test func listsArtistsAlbumsAndSongs() async throws {
    let server = try MPDServer.start()
    let player = try MPDPlayer(settings(port: server.port))
    let artists = try await player.list(.artists)
    #expect(artists.items.map(\.title) == ["Aurora Lane", "Basalt"])
    #expect(artists.items.allSatisfy { $0.kind == .artist })
    #expect(!artists.isTruncated)

    let albums = try await player.list(artists.items[0].contents!)
    #expect(albums.items == [album("Northern Roads", by: "Aurora Lane")])

    let songs = try await player.list(albums.items[0].contents!)
    #expect(songs.items.map(\.title) == ["First Light", "Coastline", "Harbour"])
    #expect(songs.items.allSatisfy { $0.kind == .song && $0.artist == "Aurora Lane" })
    let length = try #require(songs.items[0].duration)
    let generated = Duration.seconds(MPDServer.standardTracks[0].seconds)
    #expect(abs((length - generated) / .seconds(1)) < 0.1)
  }

  @Test func listsPlaylistsAndTheirSongs() async throws {
    let server = try MPDServer.start()
    let player = try MPDPlayer(settings(port: server.port))
    let playlists = try await player.list(.playlists)
    #expect(Set(playlists.items.map(\.title)) == ["Road Trip", "Evening"])
    #expect(playlists.items.allSatisfy { $0.kind == .playlist })

    let trip = try await player.list(.playlist("Road Trip"))
    #expect(trip.items.map(\.title) == ["Tunnel", "First Light", "side a.wav"])
    let missing = await failure { try await player.list(.playlist("Nope")) }
    #expect(missing?.code == .refused)
    // A refusal leaves the connection usable.
    #expect(try await player.list(.artists).items.count == 2)
  }

  @Test func browsesTheUSBSticksFolders() async throws {
    let server = try MPDServer.start()
    let player = try MPDPlayer(settings(port: server.port))
    let root = try await player.list(.folder(""))
    #expect(root.items.map(\.title) == ["Aurora Lane", "Basalt", "usb"])
    #expect(root.items.allSatisfy { $0.kind == .folder })

    let usb = try await player.list(.folder("usb"))
    #expect(usb.items == [MusicBrowseItem(kind: .folder, title: "Mixtape", uri: "usb/Mixtape")])
    let mixtape = try await player.list(usb.items[0].contents!)
    #expect(mixtape.items.map(\.uri) == ["usb/Mixtape/side a.wav", "usb/Mixtape/side b.wav"])
    // Untagged: named by the file.
    #expect(mixtape.items.map(\.title) == ["side a.wav", "side b.wav"])
    let missing = await failure { try await player.list(.folder("usb/none")) }
    #expect(missing?.code == .refused)
  }
}
