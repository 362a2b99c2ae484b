import Board
import Foundation

/// A Music Player Daemon this process starts for the tests and the bench: on a free
/// loopback port, with a configuration, a music directory of generated songs
/// (``standardTracks``), stored playlists (``standardPlaylists``) and a database of its
/// own in a temporary directory, playing to MPD's `null` output (in real time, to no
/// device) with MPD's software mixer, so its volume can be read and set. Killed and its
/// directory removed when dropped.
///
/// Not for the car, where systemd runs Debian's mpd. Not thread-safe: start, stop and drop
/// it from one task.
public final class MPDServer {
  /// Where Debian installs mpd.
  public static let defaultExecutable = "/usr/bin/mpd"

  public let port: Int
  /// The configuration, music, playlists, database, state and log live here.
  public let directory: URL
  public let tracks: [Track]
  private let executable: String
  private var process: Process?

  /// The music directory: song URIs are paths under it.
  public var musicDirectory: URL { directory.appendingPathComponent("music") }
  public var playlistDirectory: URL { directory.appendingPathComponent("playlists") }
  var logFile: URL { directory.appendingPathComponent("mpd.log") }
  var configFile: URL { directory.appendingPathComponent("mpd.conf") }

  private init(executable: String, port: Int, directory: URL, tracks: [Track]) {
    self.executable = executable
    self.port = port
    self.directory = directory
    self.tracks = tracks
  }

  deinit {
    kill()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Writes the library and the configuration, starts mpd and waits until it answers and
  /// its database holds every track. Blocks for up to `timeout` (usually well under a
  /// second, plus encoding the songs).
  ///
  /// - Throws: `.unavailable` when mpd or flac is not installed; `.failed` when mpd exits,
  ///   does not answer or does not index the songs within `timeout`.
  public static func start(
    executable: String = defaultExecutable, tracks: [Track] = standardTracks,
    playlists: [String: [String]] = standardPlaylists, timeout: Duration = .seconds(10)
  ) throws(BoardError) -> MPDServer {
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw BoardError(.unavailable, "mpd is not installed at \(executable) (apt install mpd)")
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mpd-\(getpid())-\(UUID().uuidString.prefix(8))")
    let server = MPDServer(
      executable: executable, port: try GPSDDaemon.freePort(udp: false), directory: directory,
      tracks: tracks)
    do {
      try FileManager.default.createDirectory(
        at: server.playlistDirectory, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        at: server.musicDirectory, withIntermediateDirectories: true)
    } catch {
      throw BoardError(.failed, "cannot create \(directory.path): \(error)")
    }
    try write(tracks, under: server.musicDirectory)
    for (name, uris) in playlists { try server.writePlaylist(name, uris: uris) }
    try server.writeConfiguration()
    try server.launch(timeout: timeout)
    _ = try server.command("update")
    try server.waitForDatabase(songs: tracks.count, timeout: timeout)
    return server
  }

  private func writeConfiguration() throws(BoardError) {
    let lines = [
      "music_directory \"\(musicDirectory.path)\"",
      "playlist_directory \"\(playlistDirectory.path)\"",
      "db_file \"\(directory.appendingPathComponent("database").path)\"",
      "state_file \"\(directory.appendingPathComponent("state").path)\"",
      "log_file \"\(logFile.path)\"",
      "bind_to_address \"127.0.0.1\"", "port \"\(port)\"", "auto_update \"no\"",
      "zeroconf_enabled \"no\"", "restore_paused \"yes\"",
      "audio_output {", "  type \"null\"", "  name \"null\"", "  mixer_type \"software\"", "}",
    ]
    do {
      try (lines.joined(separator: "\n") + "\n").write(
        to: configFile, atomically: true, encoding: .utf8)
    } catch {
      throw BoardError(.failed, "cannot write mpd's configuration: \(error)")
    }
  }

  private func launch(timeout: Duration) throws(BoardError) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--no-daemon", configFile.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw BoardError(.failed, "cannot start \(executable): \(error.localizedDescription)")
    }
    self.process = process
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while (try? command("ping")) == nil {
      guard process.isRunning else {
        let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        throw BoardError(.failed, "mpd exited at start: \(log.suffix(2000))")
      }
      guard clock.now < deadline else {
        throw BoardError(.failed, "mpd did not answer on port \(port) within \(timeout)")
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  private func waitForDatabase(songs: Int, timeout: Duration) throws(BoardError) {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      let status = try command("status")
      let stats = try command("stats")
      if !status.contains("updating_db:"), stats.contains("\nsongs: \(songs)\n") { return }
      guard clock.now < deadline else {
        throw BoardError(
          .failed, "mpd did not index \(songs) songs within \(timeout): \(stats)")
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  /// Whether mpd runs.
  public var isRunning: Bool { process?.isRunning ?? false }

  /// Stops mpd as a crash would (`SIGKILL`: a test process may block `SIGTERM` for its
  /// children) and waits for it to exit.
  public func stop() {
    kill()
  }

  /// Starts mpd again on the same port with the same configuration and database.
  public func restart(timeout: Duration = .seconds(10)) throws(BoardError) {
    kill()
    try launch(timeout: timeout)
  }

  private func kill() {
    guard let process, process.isRunning else { return }
    _ = Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Sends one protocol line on a connection of its own and returns the reply up to and
  /// including `OK`, waiting at most two seconds.
  ///
  /// - Throws: `.failed` when nothing answers, or MPD answers `ACK`.
  public func command(_ line: String) throws(BoardError) -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw BoardError(.failed, "cannot create a socket", underlying: errno) }
    defer { close(fd) }
    var wait = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    var address = GPSDDaemon.loopback(port: port)
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else { throw BoardError(.failed, "mpd is not listening on port \(port)") }
    let request = Array((line + "\n").utf8)
    guard send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else {
      throw BoardError(.failed, "cannot send \(line) to mpd", underlying: errno)
    }
    var reply = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      guard count > 0 else { throw BoardError(.failed, "mpd closed or timed out on \(line)") }
      reply += buffer[0..<count]
      let text = String(decoding: reply, as: UTF8.self)
      // The banner is a line of its own: the command's reply follows it.
      let answer = text.drop { $0 != "\n" }
      if answer.hasSuffix("\nOK\n") || answer == "\nOK\n" { return String(answer) }
      if answer.contains("\nACK ") { throw BoardError(.failed, "mpd refused \(line): \(answer)") }
    }
  }
}
