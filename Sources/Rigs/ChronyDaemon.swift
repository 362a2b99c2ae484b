import Board
import Foundation

/// A chronyd this process starts for the tests: in the foreground (`-d`), never touching
/// the system clock (`-x`), on a configuration of its own in a private directory with its
/// pid file and command socket; killed when dropped.
///
/// Not for the car, where systemd starts chrony on /etc/chrony/chrony.conf. Root only, as
/// the NTP shared memory segments gpsd writes are root's. Not thread-safe: start, query and
/// drop it from one task.
public final class ChronyDaemon {
  /// Where Debian installs chrony's daemon and client.
  public static let defaultExecutable = "/usr/sbin/chronyd"
  public static let client = "/usr/bin/chronyc"
  static let nsenter = "/usr/bin/nsenter"

  /// The private directory: config, pid file, command socket.
  public let directory: URL
  /// The command socket, for `chronyc -h`.
  public let socket: String
  private let process: Process

  private init(process: Process, directory: URL, socket: String) {
    self.process = process
    self.directory = directory
    self.socket = socket
  }

  deinit {
    kill()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Starts chronyd on `directives` (refclocks, servers, `local`, `port`…) and waits until
  /// it answers on its command socket.
  ///
  /// chronyd serves commands on its socket in the private directory and, with
  /// `commandPort`, on 127.0.0.1 at that port too (323 is where a plain `chronyc` looks
  /// when there is no /run/chrony/chronyd.sock). It serves no NTP unless `directives`
  /// set a `port`. With `sharingIPCWith`, it runs in that process's System V IPC namespace
  /// (`nsenter --ipc`), to read the shared memory of a gpsd started with `privateIPC`.
  /// Blocks the calling thread for up to `timeout`.
  ///
  /// - Throws: `.unavailable` when chrony is not installed or this process is not root;
  ///   `.failed` when chronyd exits or does not answer within `timeout`.
  public static func start(
    _ directives: [String], commandPort: Int? = nil, sharingIPCWith pid: Int32? = nil,
    executable: String = defaultExecutable, timeout: Duration = .seconds(10)
  ) throws(BoardError) -> ChronyDaemon {
    guard FileManager.default.isExecutableFile(atPath: executable),
      FileManager.default.isExecutableFile(atPath: client)
    else {
      throw BoardError(.unavailable, "chrony is not installed (apt install chrony)")
    }
    guard getuid() == 0 else { throw BoardError(.unavailable, "chronyd runs as root only") }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("chronyd-\(UUID().uuidString)", isDirectory: true)
    let socket = directory.appendingPathComponent("chronyd.sock").path
    // chronyd refuses a command socket in a directory others can enter.
    let config =
      directives + [
        "pidfile \(directory.path)/chronyd.pid", "bindcmdaddress \(socket)",
        "driftfile \(directory.path)/drift",
      ] + (directives.contains { $0.hasPrefix("port ") } ? [] : ["port 0"])
      + (commandPort.map { ["bindcmdaddress 127.0.0.1", "cmdport \($0)"] } ?? ["cmdport 0"])
    let path = directory.appendingPathComponent("chrony.conf").path
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      try Data((config.joined(separator: "\n") + "\n").utf8)
        .write(to: URL(fileURLWithPath: path))
    } catch {
      throw BoardError(.failed, "cannot write \(path): \(error.localizedDescription)")
    }
    let process = Process()
    let arguments = ["-x", "-d", "-u", "root", "-f", path]
    if let pid {
      // nsenter execs chronyd in the namespace: the process id stays chronyd's.
      process.executableURL = URL(fileURLWithPath: nsenter)
      process.arguments = ["--target", String(pid), "--ipc", executable] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw BoardError(.failed, "cannot start \(executable): \(error.localizedDescription)")
    }
    let daemon = ChronyDaemon(process: process, directory: directory, socket: socket)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while (try? daemon.chronyc(["tracking"]))?.status != 0 {
      guard process.isRunning else {
        throw BoardError(
          .failed, "chronyd exited at start (status \(process.terminationStatus)) on \(path)")
      }
      guard clock.now < deadline else {
        throw BoardError(.failed, "chronyd did not answer on \(socket) within \(timeout)")
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return daemon
  }

  /// Runs `chronyc -h SOCKET -n -c ARGUMENTS` (addresses as numbers, CSV lines); its
  /// status and output. Blocks until chronyc exits (milliseconds).
  ///
  /// `posix_spawn` and `waitpid`, not `Process`: Foundation's `waitUntilExit` on Linux can
  /// miss a child's end, and a test asks chronyc hundreds of times.
  ///
  /// - Throws: `.failed` when chronyc cannot be started.
  public func chronyc(_ arguments: [String]) throws(BoardError) -> (
    status: Int32, output: String
  ) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      throw BoardError(.failed, "cannot create a pipe", underlying: errno)
    }
    // Close-on-exec (the child gets its copies through dup2), so that another child
    // started meanwhile does not hold the write end open.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
    let argv = [Self.client, "-h", socket, "-n", "-c"] + arguments
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, Self.client, &actions, nil, cArguments, environ)
    close(ends[1])
    defer { close(ends[0]) }
    guard spawned == 0 else {
      throw BoardError(.failed, "cannot start \(Self.client)", underlying: spawned)
    }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(ends[0], &buffer, buffer.count)
      if count > 0 {
        output += buffer[..<count]
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (code, String(decoding: output, as: UTF8.self))
  }

  /// Whether chronyd is still running.
  public var isRunning: Bool { process.isRunning }

  /// Kills chronyd with `SIGKILL` and waits for it to exit. Does nothing when it has
  /// already exited. Not `SIGTERM`: chronyd inherits this process's signal mask, in which
  /// a test may have blocked it. Blocks the calling thread until the exit (milliseconds).
  public func kill() {
    guard process.isRunning else { return }
    _ = Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Whether a plain `chronyc` would reach a chronyd on 127.0.0.1:323 started here: no
  /// system chronyd's socket in /run/chrony, and nothing bound to UDP port 323.
  public static var systemCommandAddressFree: Bool {
    !FileManager.default.fileExists(atPath: "/run/chrony/chronyd.sock")
      && GPSDDaemon.isUDPBound(port: 323) == false
  }
}
