import Foundation
import Glibc
import POSIX

extension BridgeServer {
  /// One connection, as the poll thread keeps it: what came in and how far it was framed
  /// into lines, what waits to go out, and why it is closing. The framing and the
  /// back-pressure are pure (`takeLines`), tested without a socket.
  struct Connection: Sendable {
    var descriptor: Int32

    init(descriptor: Int32) {
      self.descriptor = descriptor
    }

    var input: [UInt8] = []
    /// Bytes at the start of `input` already posted or skipped (dropped in one go now and
    /// then, not line by line).
    var consumed = 0
    /// Index in `input` up to which it was searched for a newline.
    var scanned = 0
    /// Dropping an oversized line up to its newline.
    var discarding = false
    var output: [UInt8] = []
    var written = 0
    var queuedMessages = 0
    var inFlight = 0
    /// Why the connection is to be closed; nil while it stays.
    var closing: String?
    /// The core asked for the close: no `.disconnected` is posted.
    var closedByCore = false
    /// The client ended the stream (or reading failed), and why; the connection closes
    /// once the lines before the end are posted.
    var ended: String?
    /// Closing because the client ended its stream: its answers are written out first.
    var flushBeforeClose = false
  }
}

extension BridgeServer.Connection {
  /// Takes the complete lines from the connection's buffer while fewer than
  /// `maximumInFlight` wait for the core; an oversized line becomes nil.
  mutating func takeLines(limits: BridgeServer.Limits) -> [[UInt8]?] {
    var lines: [[UInt8]?] = []
    let limit = limits.maximumLineLength
    var full = false
    while true {
      if inFlight + lines.count >= limits.maximumInFlight {
        full = true
        break
      }
      guard let newline = input[scanned...].firstIndex(of: 0x0A) else {
        scanned = input.count
        break
      }
      let start = consumed
      if discarding {
        discarding = false
      } else if newline - start > limit {
        lines.append(nil)
      } else if input[start..<newline].contains(where: { !Self.isBlank($0) }) {
        lines.append(Array(input[start..<newline]))
      }
      consumed = newline + 1
      scanned = consumed
    }
    if !full {
      // What is left is part of a line.
      if discarding {
        input.removeAll(keepingCapacity: true)
        consumed = 0
        scanned = 0
      } else if input.count - consumed > limit {
        lines.append(nil)
        discarding = true
        input.removeAll(keepingCapacity: true)
        consumed = 0
        scanned = 0
      }
      // Every line sent before the end of the stream is answered: now it may close.
      if let ended = ended, lines.isEmpty, inFlight == 0 {
        closing = ended
        flushBeforeClose = true
      }
    }
    if consumed > 0
      && (consumed == input.count
        || consumed * 2 >= input.count)
    {
      input.removeFirst(consumed)
      scanned -= consumed
      consumed = 0
    }
    inFlight += lines.count
    return lines
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D
  }

  /// Writes what is queued for `connection` as far as its socket takes it, without
  /// blocking (`MSG_NOSIGNAL`: a peer gone is an error, not SIGPIPE).
  mutating func writeQueued() {
    let descriptor = descriptor
    sending: while written < output.count {
      let sent = output[written...].withUnsafeBytes { bytes in
        Result { () throws(Errno) in
          try retryingInterrupts {
            Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
          }
        }
      }
      switch sent {
      case .success(let count) where count > 0:
        let end = written + count
        queuedMessages -= output[written..<end].count {
          $0 == 0x0A
        }
        written = end
      case .failure(.wouldBlock):
        break sending
      case .failure(let error):
        if closing == nil { closing = "write failed: \(error)" }
        written = output.count
      case .success:
        // No byte taken from a non-empty buffer: not seen on a stream socket.
        if closing == nil { closing = "write failed: no byte taken" }
        written = output.count
      }
    }
    if written == output.count {
      output.removeAll(keepingCapacity: true)
      written = 0
    } else if written > 1 << 20 {
      output.removeFirst(written)
      written = 0
    }
  }
}
