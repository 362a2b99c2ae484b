import Board
import Foundation

extension MPDServer {
  /// One generated song: silence of `seconds`, as FLAC with tags or as a bare WAV.
  public struct Track: Sendable, Equatable {
    /// Its path under the music directory, which is also its MPD URI.
    public var uri: String
    public var title: String
    public var artist: String
    public var album: String
    public var trackNumber: Int
    public var seconds: Int

    public init(
      uri: String, title: String, artist: String, album: String, trackNumber: Int, seconds: Int
    ) {
      self.uri = uri
      self.title = title
      self.artist = artist
      self.album = album
      self.trackNumber = trackNumber
      self.seconds = seconds
    }

    /// Whether it is written as a WAV (no tags: MPD names it by its file).
    public var isWAV: Bool { uri.hasSuffix(".wav") }
  }

  /// The library the tests expect: two artists with an album each (FLAC, tagged) and a USB
  /// stick's folder of untagged WAVs under `usb/`, five minutes a song: long enough that a
  /// test held up for minutes on a busy machine still finds the song it started.
  public static let standardTracks: [Track] = [
    Track(
      uri: "Aurora Lane/Northern Roads/01 First Light.flac", title: "First Light",
      artist: "Aurora Lane", album: "Northern Roads", trackNumber: 1, seconds: 300),
    Track(
      uri: "Aurora Lane/Northern Roads/02 Coastline.flac", title: "Coastline",
      artist: "Aurora Lane", album: "Northern Roads", trackNumber: 2, seconds: 300),
    Track(
      uri: "Aurora Lane/Northern Roads/03 Harbour.flac", title: "Harbour",
      artist: "Aurora Lane", album: "Northern Roads", trackNumber: 3, seconds: 300),
    Track(
      uri: "Basalt/Night Drive/01 Tunnel.flac", title: "Tunnel", artist: "Basalt",
      album: "Night Drive", trackNumber: 1, seconds: 300),
    Track(
      uri: "Basalt/Night Drive/02 Overpass.flac", title: "Overpass", artist: "Basalt",
      album: "Night Drive", trackNumber: 2, seconds: 300),
    Track(
      uri: "usb/Mixtape/side a.wav", title: "side a", artist: "", album: "", trackNumber: 1,
      seconds: 300),
    Track(
      uri: "usb/Mixtape/side b.wav", title: "side b", artist: "", album: "", trackNumber: 2,
      seconds: 300),
  ]

  /// The stored playlists the tests expect, by name.
  public static let standardPlaylists: [String: [String]] = [
    "Road Trip": [standardTracks[3].uri, standardTracks[0].uri, standardTracks[5].uri],
    "Evening": [standardTracks[2].uri, standardTracks[4].uri],
  ]

  /// Where Debian installs the FLAC encoder that tags the generated songs.
  public static let flacExecutable = "/usr/bin/flac"

  /// Writes `tracks` under `music`: WAV directly, FLAC by encoding a WAV with `flac`
  /// (Vorbis comments ARTIST, ALBUM, TITLE, TRACKNUMBER).
  static func write(_ tracks: [Track], under music: URL) throws(BoardError) {
    guard tracks.allSatisfy(\.isWAV) || FileManager.default.isExecutableFile(atPath: flacExecutable)
    else {
      throw BoardError(
        .unavailable, "flac is not installed at \(flacExecutable) (apt install flac)")
    }
    for track in tracks {
      let file = music.appendingPathComponent(track.uri)
      do {
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let wav = track.isWAV ? file : file.deletingPathExtension().appendingPathExtension("wav")
        try silence(seconds: track.seconds).write(to: wav)
        guard !track.isWAV else { continue }
        let flac = Process()
        flac.executableURL = URL(fileURLWithPath: flacExecutable)
        flac.arguments = [
          "--silent", "--force", "-T", "ARTIST=\(track.artist)", "-T", "ALBUM=\(track.album)",
          "-T", "TITLE=\(track.title)", "-T", "TRACKNUMBER=\(track.trackNumber)", "-o",
          file.path, wav.path,
        ]
        flac.standardError = FileHandle.nullDevice
        try flac.run()
        flac.waitUntilExit()
        try FileManager.default.removeItem(at: wav)
        guard flac.terminationStatus == 0 else {
          throw BoardError(.failed, "flac failed on \(track.uri)")
        }
      } catch let error as BoardError {
        throw error
      } catch {
        throw BoardError(.failed, "cannot write \(track.uri): \(error)")
      }
    }
  }

  /// A WAV of `seconds` of silence: 8 kHz, 16-bit mono, small enough to write fast.
  static func silence(seconds: Int) -> Data {
    let rate = 8000
    let bytes = rate * 2 * seconds
    var data = Data()
    func put(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
    func put32(_ value: Int) {
      withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) }
    }
    func put16(_ value: Int) {
      withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) }
    }
    put("RIFF")
    put32(36 + bytes)
    put("WAVEfmt ")
    put32(16)
    put16(1)
    put16(1)
    put32(rate)
    put32(rate * 2)
    put16(2)
    put16(16)
    put("data")
    put32(bytes)
    data.append(Data(count: bytes))
    return data
  }

  /// Writes a stored playlist (`NAME.m3u`, one URI a line) into the playlist directory;
  /// MPD reads it when asked, no update needed.
  public func writePlaylist(_ name: String, uris: [String]) throws(BoardError) {
    let file = playlistDirectory.appendingPathComponent(name + ".m3u")
    do {
      try (uris.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    } catch {
      throw BoardError(.failed, "cannot write the playlist \(name): \(error)")
    }
  }
}
