import Foundation
import Rigs
import Synchronization

/// A loopback TCP server that is not MPD: it greets each connection with `greeting` and
/// answers every request with `reply` (either may be empty: it then stays silent).
final class GarbageServer {
  let port: Int
  private let listener: Int32
  private let greeting: [UInt8]
  private let reply: [UInt8]

  init(greeting: String, reply: String) throws {
    self.greeting = Array(greeting.utf8)
    self.reply = Array(reply.utf8)
    port = try GPSDDaemon.freePort(udp: false)
    listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard bound, listen(listener, 8) == 0 else { throw SystemError("bind", errno) }
    // The thread holds the descriptor, not this object: dropping it closes the listener,
    // which ends the thread's accept.
    let thread = Thread { [listener, greeting = self.greeting, reply = self.reply] in
      Self.serve(listener, greeting: greeting, reply: reply)
    }
    thread.start()
  }

  deinit {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private static func serve(_ listener: Int32, greeting: [UInt8], reply: [UInt8]) {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      let thread = Thread {
        defer { close(client) }
        if !greeting.isEmpty { _ = send(client, greeting, greeting.count, Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while recv(client, &buffer, buffer.count, 0) > 0 {
          if !reply.isEmpty { _ = send(client, reply, reply.count, Int32(MSG_NOSIGNAL)) }
        }
      }
      thread.start()
    }
  }
}
