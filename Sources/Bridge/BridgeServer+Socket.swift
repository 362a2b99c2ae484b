import Foundation

extension BridgeServer {
  /// Makes the socket's directory if missing, and clears a stale socket left at `path` by
  /// a daemon that died: one that refuses connections is removed; one that answers
  /// belongs to a running daemon, and anything other than a socket is left alone.
  ///
  /// - Throws: `BridgeSocketError` naming the path and what is in the way.
  static func prepare(_ path: String) throws(BridgeSocketError) {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o755])
      } catch {
        throw BridgeSocketError(
          "cannot create the bridge socket's directory \(directory) "
            + "(\(error.localizedDescription))")
      }
    }
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard status.st_mode & S_IFMT == S_IFSOCK else {
      throw BridgeSocketError("\(path) exists and is not a socket; remove it or pick another path")
    }
    let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard probe >= 0 else { throw BridgeSocketError("socket(AF_UNIX)", errno: errno) }
    defer { Glibc.close(probe) }
    let address = try UnixSocketAddress(path: path)
    if address.withSockaddr({ connect(probe, $0, $1) }) == 0 {
      throw BridgeSocketError("another head unit is serving the bridge at \(path)")
    }
    guard unlink(path) == 0 else {
      throw BridgeSocketError("cannot remove the stale bridge socket \(path)", errno: errno)
    }
  }

  /// Mode 0660, and group `group` when one is named: only the owner and the group can
  /// connect (connecting needs write permission on the socket file).
  static func setAccess(_ path: String, group: String?) throws(BridgeSocketError) {
    if let group {
      guard let gid = groupID(group) else {
        throw BridgeSocketError("no group named \"\(group)\" for the bridge socket (bridge.group)")
      }
      guard chown(path, uid_t.max, gid) == 0 else {
        throw BridgeSocketError("cannot give \(path) to group \(group)", errno: errno)
      }
    }
    guard chmod(path, 0o660) == 0 else {
      throw BridgeSocketError("cannot set mode 0660 on \(path)", errno: errno)
    }
  }

  /// The id of the group named `name` (`getgrnam_r`), nil when there is none.
  static func groupID(_ name: String) -> gid_t? {
    var entry = group()
    var result: UnsafeMutablePointer<group>?
    var buffer = [CChar](repeating: 0, count: 16 * 1024)
    let status = getgrnam_r(name, &entry, &buffer, buffer.count, &result)
    guard status == 0, result != nil else { return nil }
    return entry.gr_gid
  }
}
