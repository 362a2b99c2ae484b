import Core
import Foundation
import POSIX
import Synchronization

/// The bridge's Unix domain socket: accepts clients, splits what they send into lines,
/// decodes each line and posts it; queues what the core sends them and writes it as
/// their sockets take it.
///
/// One thread of its own polls the listening socket, every client and a wake pipe; no
/// call of this class blocks its caller (`send`, `close` and `acknowledge` take a lock,
/// append, and wake the thread). Limits, so one client cannot hurt the head unit:
/// - a line longer than `maximumLineLength` is answered with a `lineTooLong` error and
///   skipped up to its newline;
/// - at most `maximumInFlight` decoded lines per client wait for the core; past that the
///   client is not read until the core catches up (nothing is dropped);
/// - a client whose unsent output passes `maximumQueuedMessages` or
///   `maximumQueuedBytes` is disconnected, with a log line, rather than queued for
///   without end.
/// - at most `maximumClients` are connected; one more is told `tooManyClients` and closed.
/// Access is the socket file's (mode 0660 and, when configured, the group) and checked
/// again for each client from its credentials (`Admission`), so only the unit's user,
/// root and that group's members stay connected.
public final class BridgeServer: Sendable {
  /// Tunables.
  public struct Limits: Sendable, Equatable {
    /// Longest line a client may send, newline excluded.
    public var maximumLineLength = 1 << 20
    /// Decoded lines of one client waiting for the core; more wait, undecoded, in the
    /// client's buffer and socket. Small, so driver input never queues behind more than
    /// this many of a client's requests.
    public var maximumInFlight = 4
    /// Unsent messages to one client before it is disconnected as too slow a reader.
    public var maximumQueuedMessages = 1024
    /// Unsent bytes to one client before it is disconnected as too slow a reader.
    public var maximumQueuedBytes = 4 << 20
    /// Clients connected at once; one more is refused with `tooManyClients`. Far below the
    /// descriptor limit, so saves and devices always find descriptors.
    public var maximumClients = 16

    public init() {}
  }

  private struct State: Sendable {
    var connections: [BridgeClientID: Connection] = [:]
    var nextClient = 1
    var running = true
    var refusals = RefusalLog()
    /// A descriptor held open to give up when `accept` meets the descriptor limit, so the
    /// waiting client can be taken and closed instead of waking the loop without end.
    var reserve: Int32 = -1
  }

  public let path: String
  public let limits: Limits
  private let listener: Int32
  private let wakePipe: WakePipe
  private let state = Mutex(State())
  private let post: @Sendable (HeadUnitCore.BridgeEvent) -> Void
  private let logger: Logger
  private let finished = Mutex(false)
  private let admission: Admission

  /// Creates the socket at `path` (its directory too, if missing), replacing a stale one
  /// left by a daemon that died, with mode 0660 and group `group`; starts the thread.
  ///
  /// - Parameter post: called on the server's thread with each event, in order per client.
  /// - Throws: `BridgeSocketError` when the path is taken by a live socket or something
  ///   else than a socket, or a call fails.
  public init(
    path: String, group: String?, limits: Limits = Limits(), logger: Logger,
    post: @escaping @Sendable (HeadUnitCore.BridgeEvent) -> Void
  ) throws(BridgeSocketError) {
    self.path = path
    self.limits = limits
    self.logger = logger
    self.post = post
    admission = Admission(
      group: group.flatMap(Self.groupID), owner: geteuid(), maximumClients: limits.maximumClients)
    try Self.prepare(path)
    let address = try UnixSocketAddress(path: path)
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw BridgeSocketError("socket(AF_UNIX)", errno: errno) }
    let bound = address.withSockaddr { bind(descriptor, $0, $1) }
    guard bound == 0 else {
      let code = errno
      Glibc.close(descriptor)
      throw BridgeSocketError("cannot bind the bridge socket \(path)", errno: code)
    }
    do throws(BridgeSocketError) {
      try Self.setAccess(path, group: group)
      guard listen(descriptor, 16) == 0 else {
        throw BridgeSocketError("listen on \(path)", errno: errno)
      }
      Self.makeNonBlocking(descriptor)
    } catch {
      Glibc.close(descriptor)
      unlink(path)
      throw error
    }
    listener = descriptor
    do {
      wakePipe = try WakePipe()
    } catch {
      Glibc.close(descriptor)
      unlink(path)
      throw BridgeSocketError("pipe", errno: error.rawValue)
    }
    state.withLock { $0.reserve = open("/dev/null", O_RDONLY | O_CLOEXEC) }
    let thread = Thread { [self] in self.loop() }
    thread.name = "headunit.bridge"
    thread.start()
  }

  deinit {
    stop()
  }

  /// Closes every connection and the socket, and removes the socket file. Returns once
  /// the thread is done with them.
  public func stop() {
    let wasRunning = state.withLock { state -> Bool in
      defer { state.running = false }
      return state.running
    }
    if wasRunning { wake() }
    while !finished.withLock({ $0 }) { usleep(1000) }
  }

  /// Queues `message` for `client` (dropped when the client is gone). Never blocks; a
  /// client whose queue overflows is disconnected.
  public func send(_ message: BridgeMessage, to client: BridgeClientID) {
    var line = Array(message.serialized.utf8)
    line.append(0x0A)
    let (overflow, first) = state.withLock { state -> (String?, Bool) in
      guard state.connections[client]?.closing == nil, state.connections[client] != nil else {
        return (nil, false)
      }
      return Self.enqueue(line, in: &state.connections[client]!, limits: limits)
    }
    if let overflow { logger.warning("bridge: \(client) disconnected, \(overflow)") }
    // The thread polls for writing while output is queued: only the first line needs it
    // woken.
    if first || overflow != nil { wake() }
  }

  /// Appends `line` to the connection's output; the overflow reason when it is now over
  /// the limits, and whether the output was empty before.
  private static func enqueue(_ line: [UInt8], in connection: inout Connection, limits: Limits)
    -> (overflow: String?, first: Bool)
  {
    let first = connection.written >= connection.output.count
    connection.output += line
    connection.queuedMessages += 1
    let bytes = connection.output.count - connection.written
    if connection.queuedMessages > limits.maximumQueuedMessages
      || bytes > limits.maximumQueuedBytes
    {
      connection.closing =
        "too slow a reader: \(connection.queuedMessages) messages (\(bytes) bytes) unsent"
    }
    return (connection.closing, first)
  }

  /// Closes `client`'s connection once what was queued for it is written (or at once if
  /// it cannot take it); the core already knows, so no `.disconnected` follows.
  public func close(_ client: BridgeClientID, reason: String) {
    state.withLock { state in
      guard state.connections[client] != nil else { return }
      state.connections[client]?.closing = reason
      state.connections[client]?.closedByCore = true
      state.connections[client]?.flushBeforeClose = false
    }
    wake()
  }

  /// The core has handled one line of `client`: room for one more.
  public func acknowledge(_ client: BridgeClientID) {
    let resume = state.withLock { state -> Bool in
      guard state.connections[client] != nil else { return false }
      state.connections[client]!.inFlight -= 1
      let connection = state.connections[client]!
      return connection.inFlight == limits.maximumInFlight - 1
        || (connection.ended != nil && connection.inFlight == 0)
    }
    if resume { wake() }
  }

  /// Clients connected now.
  public var clientCount: Int { state.withLock { $0.connections.count } }

  /// Wakes the thread; harmless once it has stopped (the pipe lives as long as `self`).
  private func wake() {
    wakePipe.signal()
  }

  /// `O_NONBLOCK` and `FD_CLOEXEC` on `descriptor`.
  private static func makeNonBlocking(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
  }

  // MARK: - The thread

  private func loop() {
    // Below the event loop: when the CPU is short, the driver's input is handled first
    // and a flooding client is slowed down instead. (On Linux, `setpriority` with
    // PRIO_PROCESS and 0 sets the calling thread's nice value only.)
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 5)
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      // Closes what is due and builds the poll set under the lock; polls outside it.
      var toClose: [(id: BridgeClientID, descriptor: Int32, reason: String, byCore: Bool)] = []
      var polled: [pollfd] = [
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
        wakePipe.pollDescriptor,
      ]
      var clients: [BridgeClientID] = []
      let running = state.withLock { state -> Bool in
        for id in Array(state.connections.keys) {
          let connection = state.connections[id]!
          let reason = state.running ? connection.closing : "the head unit stopped"
          if let reason {
            // One last try to deliver what was queued (a goodbye's reply, the answers to a
            // client that closed its end), then close.
            state.connections[id]!.writeQueued()
            let flushed = state.connections[id]!
            if flushed.flushBeforeClose && state.running && flushed.written < flushed.output.count {
              // A half-closed client still reading its answers: wait until they are out.
              polled.append(pollfd(fd: flushed.descriptor, events: Int16(POLLOUT), revents: 0))
              clients.append(id)
              continue
            }
            toClose.append((id, connection.descriptor, reason, connection.closedByCore))
            state.connections[id] = nil
            continue
          }
          var events: Int32 = 0
          // Read no more while lines wait for the core or the buffer holds a whole line's
          // worth: the client's socket fills and its writes wait (back-pressure).
          if connection.ended == nil && connection.inFlight < limits.maximumInFlight
            && connection.input.count - connection.consumed <= limits.maximumLineLength
          {
            events |= Int32(POLLIN)
          }
          if connection.written < connection.output.count { events |= Int32(POLLOUT) }
          // A client that ended its stream, with nothing to write, is not polled (its
          // hang-up would wake the loop without end) until its last lines are answered.
          if connection.ended != nil && events == 0 { continue }
          polled.append(pollfd(fd: connection.descriptor, events: Int16(events), revents: 0))
          clients.append(id)
        }
        return state.running
      }
      for closing in toClose {
        shutdown(closing.descriptor, Int32(SHUT_RDWR))
        Glibc.close(closing.descriptor)
        if !closing.byCore { post(.disconnected(closing.id, reason: closing.reason)) }
      }
      guard running else { break }
      do {
        try Poll.wait(&polled, timeout: nil)
      } catch {
        logger.error("bridge: poll failed (\(error)); bridge stopped")
        break
      }
      if polled[1].revents != 0 { wakePipe.clear() }
      if polled[0].revents & Int16(POLLIN) != 0 { acceptClients() }
      for (index, id) in clients.enumerated() {
        let revents = Int32(polled[index + 2].revents)
        if revents & Int32(POLLOUT | POLLERR | POLLHUP) != 0 {
          state.withLock { state in
            guard state.connections[id] != nil else { return }
            state.connections[id]!.writeQueued()
          }
        }
        if revents & Int32(POLLIN | POLLHUP | POLLERR) != 0 { receive(id, into: &buffer) }
      }
      for id in state.withLock({ Array($0.connections.keys) }) { deliver(id) }
    }
    Glibc.close(listener)
    state.withLock { state in
      if state.reserve >= 0 { Glibc.close(state.reserve) }
      state.reserve = -1
    }
    unlink(path)
    finished.withLock { $0 = true }
  }

  private func acceptClients() {
    while true {
      let descriptor = Glibc.accept(listener, nil, nil)
      guard descriptor >= 0 else {
        if errno == EMFILE || errno == ENFILE { shedWithReserve() }
        return
      }
      Self.makeNonBlocking(descriptor)
      let (id, refused) = state.withLock { state -> (BridgeClientID?, String?) in
        if let refusal = admission.refusal(of: descriptor, connected: state.connections.count) {
          Self.refuse(descriptor, code: refusal.code, message: refusal.message)
          return (nil, state.refusals.note(refusal.message, at: .now))
        }
        let id = BridgeClientID(state.nextClient)
        state.nextClient += 1
        state.connections[id] = Connection(descriptor: descriptor)
        return (id, nil)
      }
      if let refused { logger.warning(refused) }
      if let id { post(.connected(id)) }
    }
  }

  /// Out of descriptors: gives up the reserve one to take the waiting client and close it
  /// with a reason, then holds a reserve again.
  private func shedWithReserve() {
    let message = "the head unit is out of file descriptors"
    let line = state.withLock { state -> String? in
      if state.reserve >= 0 { Glibc.close(state.reserve) }
      let descriptor = Glibc.accept(listener, nil, nil)
      if descriptor >= 0 {
        Self.refuse(descriptor, code: BridgeError.Code.tooManyClients, message: message)
      }
      state.reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
      return state.refusals.note(message, at: .now)
    }
    if let line { logger.warning(line) }
  }

  /// Reads what `client` sent into its buffer; at the end of the stream, the connection
  /// closes once every complete line before it has been posted.
  private func receive(_ client: BridgeClientID, into buffer: inout [UInt8]) {
    guard let descriptor = state.withLock({ $0.connections[client]?.descriptor }) else { return }
    let received = Result { () throws(Errno) in
      try retryingInterrupts { recv(descriptor, &buffer, buffer.count, 0) }
    }
    let reason: String
    switch received {
    case .success(let count) where count > 0:
      state.withLock { state in
        state.connections[client]?.input.append(contentsOf: buffer[0..<count])
      }
      return
    case .failure(.wouldBlock):
      return
    case .failure(let error):
      reason = "read failed: \(error)"
    case .success:
      reason = "closed the connection"
    }
    state.withLock { state in
      if state.connections[client]?.ended == nil { state.connections[client]?.ended = reason }
    }
  }

  /// Posts `client`'s complete lines, in order, as long as fewer than `maximumInFlight`
  /// wait for the core; the rest stay in its buffer until the core catches up.
  private func deliver(_ client: BridgeClientID) {
    let limit = limits.maximumLineLength
    // Each element: the bytes of a complete line, or nil for a line that was too long.
    let lines = state.withLock { state -> [[UInt8]?] in
      guard state.connections[client]?.closing == nil, state.connections[client] != nil else {
        return []
      }
      return state.connections[client]!.takeLines(limits: limits)
    }
    for line in lines {
      guard let line else {
        post(
          .line(
            client,
            BridgeDecoder.Line(
              id: nil,
              request: .failure(
                BridgeError(
                  code: BridgeError.Code.lineTooLong,
                  message: "the line is longer than \(limit) bytes; it was skipped up to its "
                    + "newline")))))
        continue
      }
      post(.line(client, BridgeDecoder.decode(line)))
    }
  }
}
