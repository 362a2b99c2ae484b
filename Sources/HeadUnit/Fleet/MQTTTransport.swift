import CMosquitto
import Core
import Foundation
import Navigation
import Synchronization

/// The fleet endpoint as an MQTT broker, through libmosquitto.
///
/// Each report is published with QoS 1 to ``topic`` (`fleet/van-7/state`); `send` returns
/// when the broker acknowledges it (PUBACK). The session is persistent (clean session off,
/// client id `headunit-VEHICLEID`), the last will is a retained `offline` on
/// ``statusTopic``, and every connection first publishes a retained `online` there; closing
/// the transport publishes `offline` itself before disconnecting (a clean disconnect drops
/// the will).
///
/// Threading: libmosquitto's own network thread (`mosquitto_loop_start`) connects lazily on
/// the first `send`, keeps the connection alive and reconnects with exponential backoff
/// (1 s doubling to 30 s); its callbacks find this object through `Unmanaged` user data.
/// `send` blocks the calling thread as `FleetTransport` says; a message libmosquitto still
/// holds when `send` gives up (broker down) stays queued there and is delivered on
/// reconnect, so the retry of the same report waits for that message instead of publishing
/// it twice.
public final class MQTTTransport: FleetTransport, @unchecked Sendable {
  // @unchecked: after `init`, the handle is only used through calls libmosquitto makes safe
  // alongside its own thread (publish, disconnect, loop_stop); every other stored value is
  // guarded by `condition`.

  /// How the broker is reached and who the unit is to it.
  public struct Settings: Sendable, Equatable {
    /// `mqtt://host:port` or `mqtts://host:port` (ports 1883 and 8883 when left out).
    public var broker: URL
    /// Where reports go, `{vehicleId}` already filled in.
    public var topic: String
    /// Where `online` and `offline` go (retained).
    public var statusTopic: String
    public var clientId: String
    public var username: String?
    public var password: String?
    /// Certificate authorities to trust with `mqtts`; nil for the system's.
    public var caFile: String?
    public var certFile: String?
    public var keyFile: String?
    public var keepalive: Duration
    public var timeout: Duration
    /// Where a dispatcher's destinations come from (subscribed with QoS 1); nil: commands
    /// are off and nothing is subscribed.
    public var commandTopic: String?
    /// Where answers to commands go (QoS 1, not retained).
    public var replyTopic: String?

    public init(
      broker: URL, topic: String, statusTopic: String, clientId: String,
      username: String? = nil, password: String? = nil, caFile: String? = nil,
      certFile: String? = nil, keyFile: String? = nil, keepalive: Duration = .seconds(60),
      timeout: Duration = .seconds(5), commandTopic: String? = nil, replyTopic: String? = nil
    ) {
      self.commandTopic = commandTopic
      self.replyTopic = replyTopic
      self.broker = broker
      self.topic = topic
      self.statusTopic = statusTopic
      self.clientId = clientId
      self.username = username
      self.password = password
      self.caFile = caFile
      self.certFile = certFile
      self.keyFile = keyFile
      self.keepalive = keepalive
      self.timeout = timeout
    }
  }

  /// What a report looks like on the topic.
  public enum Format: String, Sendable {
    /// The HTTP transport's JSON, changed fields only (`FleetReport+JSON.swift`).
    case json
    /// OwnTracks' `_type: location` (`FleetReport+OwnTracks.swift`).
    case owntracks
  }

  public let settings: Settings
  public let format: Format
  let handle: OpaquePointer
  let condition = NSCondition()
  // Guarded by `condition`:
  private var started = false
  /// Set when the transport closes: the network thread ends (`MQTTTransport+Loop.swift`).
  var stopping = false
  /// Where checked commands go (see `MQTTTransport+Commands.swift`).
  var commandHandler: (@Sendable (Result<FleetDispatch, FleetCommandReply>) -> Void)?
  var connected = false
  /// Set when a connection failed, was lost or did not come within a `send`'s timeout,
  /// cleared on connect: `send` then fails at once instead of waiting for a broker that is
  /// known to be away.
  var failure: String?
  private var acknowledged = Set<Int32>()
  /// The last report published and not yet known to be acknowledged, with its message id.
  private var pending: (sequence: Int, mid: Int32)?
  private var cancellations = 0
  /// libmosquitto's last error-level log line (an attempt of its thread's that failed, such
  /// as OpenSSL's "certificate verify failed"), for the failure's reason. Apart from
  /// `condition`: libmosquitto may log while `condition` is held.
  let lastError = Mutex<String?>(nil)
  /// Signalled when the network thread has ended.
  let loopEnded = DispatchSemaphore(value: 0)

  /// A transport for `settings`; nothing is connected until the first `send`.
  ///
  /// - Throws: `.unreachable` when libmosquitto refuses the settings (a TLS file it cannot
  ///   read, an option it does not know).
  public init(_ settings: Settings, format: Format = .json) throws(FleetError) {
    Self.initializeLibrary
    guard let handle = mosquitto_new(settings.clientId, false, nil) else {
      throw FleetError(.unreachable, url: settings.broker.absoluteString, "out of memory")
    }
    self.handle = handle
    self.settings = settings
    self.format = format
    mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
    try configure()
  }

  deinit {
    close()
    mosquitto_destroy(handle)
  }

  private static let initializeLibrary: Void = { _ = mosquitto_lib_init() }()

  private var url: String { settings.broker.absoluteString }

  private func configure() throws(FleetError) {
    func check(_ rc: Int32, _ what: String) throws(FleetError) {
      guard rc == MOSQ_ERR_SUCCESS.rawValue else {
        throw FleetError(.unreachable, url: url, "\(what): \(Self.describe(rc))")
      }
    }
    let offline = Array("offline".utf8)
    try check(
      mosquitto_will_set(
        handle, settings.statusTopic, Int32(offline.count), offline, 1, true), "last will")
    if let username = settings.username {
      try check(mosquitto_username_pw_set(handle, username, settings.password), "username")
    }
    if settings.broker.scheme?.lowercased() == "mqtts" {
      let capath = settings.caFile == nil ? "/etc/ssl/certs" : nil
      try check(
        mosquitto_tls_set(
          handle, settings.caFile, capath, settings.certFile, settings.keyFile, nil), "TLS")
    }
    // The network thread is the transport's own (`MQTTTransport+Loop.swift`): others
    // only queue packets and wake it.
    try check(mosquitto_threaded_set(handle, true), "threads")
    mosquitto_connect_callback_set(handle) { _, context, rc in
      MQTTTransport.borrow(context) { $0.connected(rc) }
    }
    mosquitto_disconnect_callback_set(handle) { _, context, rc in
      MQTTTransport.borrow(context) { $0.disconnected(rc) }
    }
    mosquitto_log_callback_set(handle) { _, context, level, text in
      guard level & MOSQ_LOG_ERR != 0, let text else { return }
      MQTTTransport.borrow(context) { transport in
        transport.lastError.withLock { $0 = String(cString: text) }
      }
    }
    mosquitto_publish_callback_set(handle) { _, context, mid in
      MQTTTransport.borrow(context) { $0.published(mid) }
    }
    mosquitto_message_callback_set(handle) { _, context, message in
      guard let message = message?.pointee, let topic = message.topic else { return }
      MQTTTransport.borrow(context) {
        $0.received(
          topic: String(cString: topic), payload: message.payload,
          count: Int(message.payloadlen))
      }
    }
  }

  /// Runs `body` on the transport behind a callback's `context` without retaining it.
  ///
  /// A retain here would let the owner's last release happen while a callback runs, and
  /// `deinit` would then run on libmosquitto's own thread: it cannot join itself, and
  /// `mosquitto_destroy` would free the client under the loop still using it. Borrowed,
  /// the transport outlives every callback: `deinit` joins the thread before anything is
  /// freed.
  private static func borrow(
    _ context: UnsafeMutableRawPointer?, _ body: (MQTTTransport) -> Void
  ) {
    guard let context else { return }
    Unmanaged<MQTTTransport>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
  }

  // MARK: - FleetTransport

  public func fetchToken() throws(FleetError) -> FleetToken {
    throw FleetError(.badResponse, url: url, "MQTT has no token endpoint")
  }

  /// Publishes `report` (QoS 1) and waits for the broker's acknowledgement, at most
  /// `timeout`; `token` is not used. A report with nothing to say in ``format`` (OwnTracks
  /// without a fix) counts as delivered.
  public func send(_ report: FleetReport, token: String?) throws(FleetError) {
    let payload: Data
    switch format {
    case .json: payload = report.json
    case .owntracks:
      guard let data = report.ownTracks else { return }
      payload = data
    }
    condition.lock()
    defer { condition.unlock() }
    let generation = cancellations
    try startIfNeeded()
    let mid: Int32
    if let pending, pending.sequence == report.sequence {
      mid = pending.mid
    } else {
      var published: Int32 = 0
      let rc = payload.withUnsafeBytes { bytes in
        mosquitto_publish(
          handle, &published, settings.topic, Int32(bytes.count), bytes.baseAddress, 1, false)
      }
      // Not connected: libmosquitto still keeps the message and sends it on reconnect.
      if rc == MOSQ_ERR_SUCCESS.rawValue || rc == MOSQ_ERR_NO_CONN.rawValue {
        pending = (report.sequence, published)
      }
      guard rc == MOSQ_ERR_SUCCESS.rawValue else {
        throw FleetError(.unreachable, url: url, failure ?? "publish: \(Self.describe(rc))")
      }
      mid = published
    }
    let deadline = Date().addingTimeInterval(settings.timeout.seconds)
    while !acknowledged.contains(mid) {
      if cancellations != generation {
        throw FleetError(.cancelled, url: url, "reporting was turned off")
      }
      if !connected, let failure {
        throw FleetError(.unreachable, url: url, failure)
      }
      guard condition.wait(until: deadline) else {
        // The thread reports no failed attempt, only a connection: until one comes, later
        // sends fail at once instead of each waiting out its timeout.
        if !connected, failure == nil {
          failure = "not connected within \(settings.timeout)" + Self.why(lastError.withLock { $0 })
        }
        throw connected
          ? FleetError(.timeout, url: url, "no acknowledgement within \(settings.timeout)")
          : FleetError(.unreachable, url: url, failure ?? "not connected")
      }
    }
    // Only this call waits for acknowledgements: the others (`online`, a report given up on
    // and since dropped from the queue) are of no further interest.
    acknowledged.removeAll()
    pending = nil
  }

  public func cancel() {
    condition.lock()
    cancellations += 1
    condition.broadcast()
    condition.unlock()
  }

  // MARK: - Connection

  /// Connects in the background and starts the network thread, once. Call with
  /// `condition` locked.
  func startIfNeeded() throws(FleetError) {
    guard !started else { return }
    guard let host = settings.broker.host, !host.isEmpty else {
      throw FleetError(.unreachable, url: url, "the broker URL has no host")
    }
    let tls = settings.broker.scheme?.lowercased() == "mqtts"
    let port = settings.broker.port ?? (tls ? 8883 : 1883)
    let keepalive = Int32(max(5, settings.keepalive.seconds.rounded()))
    started = true
    let rc = mosquitto_connect_async(handle, host, Int32(port), keepalive)
    if rc != MOSQ_ERR_SUCCESS.rawValue {
      // No broker listening yet, as in a car that starts without a signal: the thread
      // keeps trying.
      failure = reason(rc)
    }
    startLoop()
  }

  /// Publishes `offline` (retained) and waits up to a second for it, then disconnects and
  /// ends the network thread. Called by `deinit`.
  private func close() {
    condition.lock()
    let wasStarted = started
    let online = connected
    started = false
    condition.unlock()
    guard wasStarted else { return }
    if online {
      var mid: Int32 = 0
      let offline = Array("offline".utf8)
      if mosquitto_publish(
        handle, &mid, settings.statusTopic, Int32(offline.count), offline, 1, true)
        == MOSQ_ERR_SUCCESS.rawValue
      {
        condition.lock()
        let deadline = Date().addingTimeInterval(1)
        while !acknowledged.contains(mid), condition.wait(until: deadline) {}
        condition.unlock()
      }
    }
    // The loop sends DISCONNECT (a clean end: no last will on top of `offline`) and says
    // so through `disconnected`; a second at most, then it stops.
    mosquitto_disconnect(handle)
    condition.lock()
    let sent = Date().addingTimeInterval(1)
    while connected, condition.wait(until: sent) {}
    condition.unlock()
    stopLoop()
  }

  /// On the network thread: the broker answered CONNECT.
  private func connected(_ rc: Int32) {
    condition.lock()
    defer { condition.unlock() }
    guard rc == 0 else {
      connected = false
      failure = String(cString: mosquitto_connack_string(rc))
      // 4: bad user name or password, 5: not authorised (MQTT 3.1.1's CONNACK codes).
      if rc == 4 || rc == 5 { failure! += " (check fleet.username and fleet.password)" }
      condition.broadcast()
      return
    }
    connected = true
    failure = nil
    let online = Array("online".utf8)
    mosquitto_publish(handle, nil, settings.statusTopic, Int32(online.count), online, 1, true)
    if let commandTopic = settings.commandTopic {
      mosquitto_subscribe(handle, nil, commandTopic, 1)
    }
    condition.broadcast()
  }

  /// On the network thread: the connection closed (`rc` 0 when asked to).
  private func disconnected(_ rc: Int32) {
    condition.lock()
    connected = false
    // A refused CONNECT closes the connection too; the broker's reason stays the failure.
    let refused = rc == MOSQ_ERR_CONN_REFUSED.rawValue && failure != nil
    if rc != 0, !refused { failure = "connection lost: \(reason(rc))" }
    condition.broadcast()
    condition.unlock()
  }

  /// On the network thread: the broker acknowledged message `mid`.
  private func published(_ mid: Int32) {
    condition.lock()
    acknowledged.insert(mid)
    condition.broadcast()
    condition.unlock()
  }

  /// `: ` and libmosquitto's logged `error`, with the TLS keys to check when it is
  /// OpenSSL's; empty without one.
  static func why(_ error: String?) -> String {
    guard let error else { return "" }
    return ": \(error)" + (error.contains("SSL") ? tlsHint : "")
  }

  /// What to check when TLS fails.
  static let tlsHint =
    " (check that fleet.caFile, or the system's authorities without it, signed the "
    + "broker's certificate, and that the broker takes fleet.certFile)"

  /// Why `rc` failed, for people: libmosquitto's words; for TLS, OpenSSL's reason as
  /// libmosquitto logged it, and the keys to check.
  func reason(_ rc: Int32) -> String {
    guard rc == MOSQ_ERR_TLS.rawValue || rc == MOSQ_ERR_TLS_HANDSHAKE.rawValue else {
      return Self.describe(rc)
    }
    return (lastError.withLock { $0 } ?? Self.describe(rc)) + Self.tlsHint
  }

  /// libmosquitto's words for an error code.
  static func describe(_ rc: Int32) -> String {
    if rc == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
    return String(cString: mosquitto_strerror(rc))
  }
}
