import Board
import Foundation
import Synchronization

/// A gpsd this process starts for the bench and the tests: on free loopback ports,
/// reading NMEA 0183 from a UDP port (`gpsd -N -n -S PORT udp://127.0.0.1:UDPPORT`),
/// killed when dropped.
///
/// Not for the car, where systemd starts gpsd on the receiver's serial port. Not
/// thread-safe: start, kill and drop it from one task.
public final class GPSDDaemon {
  /// Where Debian and Raspberry Pi OS install gpsd.
  public static let defaultExecutable = "/usr/sbin/gpsd"

  /// The TCP port clients connect to.
  public let port: Int
  /// The UDP port gpsd reads NMEA sentences from.
  public let udpPort: Int
  private let process: Process

  private init(process: Process, port: Int, udpPort: Int) {
    self.process = process
    self.port = port
    self.udpPort = udpPort
  }

  deinit {
    kill()
  }

  /// Starts gpsd and waits until its TCP port accepts connections.
  ///
  /// `-N` keeps gpsd in the foreground (so it is this process's child), `-n` makes it
  /// read the UDP source before any client connects. Without given ports, free ones are
  /// picked, and picked again if another process takes them first. Blocks the calling
  /// thread for up to `timeout` (gpsd is usually ready in about 10 ms).
  ///
  /// With `receiver` false, gpsd has no device at all (as when no GPS is plugged in): it
  /// then runs on a control socket in the temporary directory, and nothing reads `udpPort`.
  ///
  /// With `privateIPC`, gpsd runs in a System V IPC namespace of its own (`unshare --ipc`,
  /// root only): the NTP shared memory segments it writes fix times to (keys `NTP0`…, the
  /// same for every gpsd run as root) are then its alone, and a chronyd that joins the
  /// namespace (`ChronyDaemon`'s `sharingIPCWith`) reads this gpsd's and no other's.
  ///
  /// - Throws: `.unavailable` when gpsd is not installed at `executable`; `.failed`
  ///   when it exits or does not accept connections within `timeout`.
  public static func start(
    executable: String = defaultExecutable, port: Int? = nil, udpPort: Int? = nil,
    receiver: Bool = true, privateIPC: Bool = false, timeout: Duration = .seconds(5)
  ) throws(BoardError) -> GPSDDaemon {
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw BoardError(
        .unavailable, "gpsd is not installed at \(executable) (apt install gpsd)")
    }
    var lastError = BoardError(.failed, "gpsd did not start")
    for _ in 0..<3 {
      var tcp = port ?? 0
      if port == nil { tcp = try freePort(udp: false) }
      var udp = udpPort ?? 0
      if udpPort == nil { udp = try freePort(udp: true) }
      do {
        return try launch(
          executable: executable, port: tcp, udpPort: udp, receiver: receiver,
          privateIPC: privateIPC, timeout: timeout)
      } catch {
        lastError = error
        // Only retry when the ports were ours to pick: another process may have
        // taken them between the check and gpsd's bind.
        if port != nil && udpPort != nil { break }
      }
    }
    throw lastError
  }

  private static func launch(
    executable: String, port: Int, udpPort: Int, receiver: Bool, privateIPC: Bool,
    timeout: Duration
  ) throws(BoardError) -> GPSDDaemon {
    let process = Process()
    // unshare execs gpsd in the new namespace: the process id stays gpsd's.
    process.executableURL = URL(fileURLWithPath: privateIPC ? unshare : executable)
    // gpsd refuses to run with neither a device nor a control socket.
    let control = FileManager.default.temporaryDirectory
      .appendingPathComponent("gpsd-\(getpid())-\(port).sock").path
    process.arguments =
      (privateIPC ? ["--ipc", executable] : [])
      + ["-N", "-n", "-S", String(port)]
      + (receiver ? ["udp://127.0.0.1:\(udpPort)"] : ["-F", control])
    // gpsd complains about the missing D-Bus system bus on every start; not ours to show.
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw BoardError(.failed, "cannot start \(executable): \(error.localizedDescription)")
    }
    let daemon = GPSDDaemon(process: process, port: port, udpPort: udpPort)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    // Ready when clients can connect and the UDP source is bound: a datagram sent before
    // that is refused, and the sender's next send fails with ECONNREFUSED.
    while !accepts(port: port) || (receiver && isUDPBound(port: udpPort) == false) {
      guard process.isRunning else {
        throw BoardError(
          .failed,
          "gpsd exited at start (status \(process.terminationStatus)); port \(port) or "
            + "UDP port \(udpPort) may be in use")
      }
      guard clock.now < deadline else {
        throw BoardError(
          .failed,
          "gpsd did not accept connections on port \(port) and read UDP port \(udpPort) within \(timeout)"
        )
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return daemon
  }

  /// util-linux's, which runs a program in new namespaces.
  static let unshare = "/usr/bin/unshare"

  /// The process id, to send signals to it.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// Whether gpsd is still running.
  public var isRunning: Bool { process.isRunning }

  /// Kills gpsd with `SIGKILL`, as a crash would, and waits for it to exit. Does nothing
  /// when it has already exited. Blocks the calling thread until the exit (milliseconds).
  public func kill() {
    guard process.isRunning else { return }
    _ = Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// A port on 127.0.0.1 that nothing is bound to now (the kernel's pick for port 0),
  /// and that this process has not handed out before: a client of an earlier gpsd that
  /// is still retrying its port never reaches a later one.
  ///
  /// - Throws: `.failed` when no socket can be bound.
  public static func freePort(udp: Bool) throws(BoardError) -> Int {
    for _ in 0..<100 {
      let port = try kernelFreePort(udp: udp)
      if handedOut.withLock({ $0.insert(port).inserted }) { return port }
    }
    throw BoardError(.failed, "no free port that was not handed out before")
  }

  private static let handedOut = Mutex<Set<Int>>([])

  private static func kernelFreePort(udp: Bool) throws(BoardError) -> Int {
    let fd = socket(AF_INET, Int32(udp ? SOCK_DGRAM.rawValue : SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw BoardError(.failed, "cannot create a socket", underlying: errno) }
    defer { close(fd) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(fd, address, length) == 0 && getsockname(fd, address, &length) == 0
      }
    }
    guard bound else { throw BoardError(.failed, "cannot bind a free port", underlying: errno) }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// Whether something accepts TCP connections on 127.0.0.1:`port` now.
  public static func accepts(port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = loopback(port: port)
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        connect(fd, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }

  /// Whether a UDP socket is bound to `port` on this machine (from `/proc/net/udp`); nil
  /// when the table cannot be read.
  static func isUDPBound(port: Int) -> Bool? {
    // Read to the end: procfs files report size 0, and a single read stops at a page.
    guard let file = FileHandle(forReadingAtPath: "/proc/net/udp"),
      let data = try? file.readToEnd()
    else { return nil }
    let local = String(format: ":%04X", port)
    return String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().contains {
      line in
      let fields = line.split(separator: " ")
      return fields.count > 1 && fields[1].hasSuffix(local)
    }
  }

  /// 127.0.0.1:`port` as a socket address.
  static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    return address
  }
}
