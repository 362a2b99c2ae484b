import CMosquitto
import Foundation

extension MQTTTransport {
  /// The longest wait between two connection attempts.
  static let longestBackoff: TimeInterval = 30

  /// The transport's network thread: runs libmosquitto's loop until ``stopLoop()``, and
  /// when the connection is down or lost, waits (1 s, doubling to ``longestBackoff``) and
  /// connects again — whatever the failure.
  ///
  /// libmosquitto's own thread (`mosquitto_loop_start`) ends for good on a failure it
  /// calls fatal, among them every TLS failure: one captive portal or wrong certificate on
  /// the way, and a car would never report again until restarted. This one never gives
  /// up. It holds no lock while libmosquitto runs, so callbacks may take `condition`.
  func runLoop() {
    var backoff: TimeInterval = 1
    while !isStopping {
      let rc = mosquitto_loop(handle, 1000, 1)
      if rc == MOSQ_ERR_SUCCESS.rawValue {
        if isConnected { backoff = 1 }
        continue
      }
      noteFailure(rc)
      condition.lock()
      let deadline = Date().addingTimeInterval(backoff)
      while !stopping, condition.wait(until: deadline) {}
      let stop = stopping
      condition.unlock()
      if stop { break }
      backoff = min(backoff * 2, Self.longestBackoff)
      let again = mosquitto_reconnect_async(handle)
      if again != MOSQ_ERR_SUCCESS.rawValue { noteFailure(again) }
    }
    loopEnded.signal()
  }

  /// Starts ``runLoop()`` on a thread of its own. Call once, after the first connect.
  ///
  /// The thread does not retain the transport (as the callbacks do not): the owner's last
  /// release runs `deinit`, which ends the thread before anything is freed.
  func startLoop() {
    let transport = Unmanaged.passUnretained(self)
    let thread = Thread { transport._withUnsafeGuaranteedRef { $0.runLoop() } }
    thread.name = "fleet mqtt"
    thread.start()
  }

  /// Makes ``runLoop()`` end within about a second and waits until it has.
  func stopLoop() {
    condition.lock()
    stopping = true
    condition.broadcast()
    condition.unlock()
    loopEnded.wait()
  }

  private var isStopping: Bool {
    condition.lock()
    defer { condition.unlock() }
    return stopping
  }

  private var isConnected: Bool {
    condition.lock()
    defer { condition.unlock() }
    return connected
  }

  /// Records why the connection is down, unless it is up or a reason already recorded
  /// says more (the broker's refusal, the lost connection); wakes a `send` waiting for it.
  private func noteFailure(_ rc: Int32) {
    condition.lock()
    defer { condition.unlock() }
    guard !connected else { return }
    let keeps = [MOSQ_ERR_NO_CONN, MOSQ_ERR_CONN_LOST, MOSQ_ERR_CONN_REFUSED].map(\.rawValue)
    if keeps.contains(rc), failure != nil { return }
    if rc != MOSQ_ERR_NO_CONN.rawValue { failure = reason(rc) }
    condition.broadcast()
  }
}
