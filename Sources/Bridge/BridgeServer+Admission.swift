import Core
import Foundation
import Glibc
import POSIX

extension BridgeServer {
  /// Who may stay connected, decided as each client is accepted.
  ///
  /// A client is let in when the process at the other end (`SO_PEERCRED`) runs as the
  /// daemon's own user, as root, or as a member of the bridge group — so a socket whose
  /// mode was loosened by hand still lets no one else in — and while fewer than
  /// `maximumClients` are connected. A refused client is told why in one `error` line and
  /// closed; refusals are logged, at most one line a minute with the count since.
  struct Admission: Sendable {
    /// The group whose members may connect; nil for none but the owner and root.
    let group: gid_t?
    let owner: uid_t
    let maximumClients: Int

    /// Why the client on `descriptor` may not connect while `connected` others are; nil
    /// when it may.
    func refusal(of descriptor: Int32, connected: Int) -> (code: String, message: String)? {
      guard connected < maximumClients else {
        return (
          BridgeError.Code.tooManyClients,
          "\(connected) clients are connected, the most this unit serves "
            + "(bridge.maxClients); try again when one has gone"
        )
      }
      var peer = PeerCredentials()
      var length = socklen_t(MemoryLayout<PeerCredentials>.size)
      guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &peer, &length) == 0 else {
        return (BridgeError.Code.notPermitted, "the unit cannot tell who is connecting")
      }
      if peer.uid == owner || peer.uid == 0 { return nil }
      if let group, peer.gid == group || Self.user(peer.uid, isIn: group) { return nil }
      return (
        BridgeError.Code.notPermitted,
        "user \(peer.uid) is not the unit's user, root or in the bridge group"
      )
    }

    /// Whether user `uid` has `group` among its groups (`/etc/group` membership).
    static func user(_ uid: uid_t, isIn group: gid_t) -> Bool {
      guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return false }
      var count: Int32 = 64
      var groups = [gid_t](repeating: 0, count: Int(count))
      if getgrouplist(name, entry.pointee.pw_gid, &groups, &count) < 0 {
        groups = [gid_t](repeating: 0, count: Int(count))
        guard getgrouplist(name, entry.pointee.pw_gid, &groups, &count) >= 0 else { return false }
      }
      return groups.prefix(Int(count)).contains(group)
    }
  }

  /// What `SO_PEERCRED` fills in: Linux's `struct ucred` (which the C headers declare only
  /// with `_GNU_SOURCE`), the same three 32-bit fields in the same order.
  struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
  }

  /// Refusals not logged yet, and when the last line was.
  struct RefusalLog: Sendable {
    var unlogged = 0
    var loggedAt: ContinuousClock.Instant?

    /// Counts one refusal; the line to log now, if one is due.
    mutating func note(_ message: String, at now: ContinuousClock.Instant) -> String? {
      unlogged += 1
      if let loggedAt, now - loggedAt < .seconds(60) { return nil }
      defer {
        unlogged = 0
        loggedAt = now
      }
      let more = unlogged > 1 ? " (\(unlogged) refused since the last line)" : ""
      return "bridge: refused a client: \(message)\(more)"
    }
  }

  /// Tells the client on `descriptor` why it is refused, without waiting, and closes it.
  static func refuse(_ descriptor: Int32, code: String, message: String) {
    let line = BridgeMessage.error(nil, BridgeError(code: code, message: message)).serialized
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes {
      Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
    shutdown(descriptor, Int32(SHUT_RDWR))
    Glibc.close(descriptor)
  }
}
