import CMosquitto
import Core
import Foundation

extension MQTTTransport {
  /// Connects now (not at the first report) and hands each command that arrives on
  /// `commandTopic` to `handler`, on the network thread: a destination as checked by
  /// `FleetDispatch(payload:)`, or the error reply already sent back for one refused. The
  /// subscription is renewed on every connection; with the persistent session, commands
  /// sent while the unit was away arrive when it connects.
  ///
  /// - Throws: `.unreachable` when the network thread cannot start.
  public func listen(
    _ handler: @escaping @Sendable (Result<FleetDispatch, FleetCommandReply>) -> Void
  ) throws(FleetError) {
    condition.lock()
    defer { condition.unlock() }
    commandHandler = handler
    try startIfNeeded()
  }

  /// Sends `reply` to `replyTopic` (QoS 1, not retained); queued by libmosquitto while the
  /// broker is away. Does not wait for the broker.
  public func reply(_ reply: FleetCommandReply) {
    guard let replyTopic = settings.replyTopic else { return }
    let payload = reply.json
    _ = payload.withUnsafeBytes { bytes in
      mosquitto_publish(
        handle, nil, replyTopic, Int32(bytes.count), bytes.baseAddress, 1, false)
    }
  }

  /// On the network thread: a message on a subscribed topic. Commands over the size
  /// limit are refused before their payload is copied.
  func received(topic: String, payload: UnsafeMutableRawPointer?, count: Int) {
    guard topic == settings.commandTopic else { return }
    condition.lock()
    let handler = commandHandler
    condition.unlock()
    let result: Result<FleetDispatch, FleetCommandReply>
    if count > FleetDispatch.payloadLimit {
      result = .failure(FleetDispatch.oversized(count))
    } else {
      let data = payload.map { Data(bytes: $0, count: count) } ?? Data()
      result = Result { () throws(FleetCommandReply) in try FleetDispatch(payload: data) }
    }
    if case .failure(let refused) = result { reply(refused) }
    handler?(result)
  }
}
