import Foundation
import POSIX

#if canImport(Glibc)
  import Glibc
#endif

extension FileHandle {
  /// What one `read` gives (up to 64 KiB), run again when a signal interrupts it; empty at
  /// the end of the file or on an error. Foundation's `availableData` and
  /// `readDataToEndOfFile()` trap when a read fails with `EINTR`, which a process whose
  /// signal handlers lack `SA_RESTART` (the daemon's, a test's) gets now and then.
  /// Blocks until there is something to read.
  public func availableBytes() -> Data {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let fd = fileDescriptor
    let count = buffer.withUnsafeMutableBytes { raw in
      (try? retryingInterrupts { Glibc.read(fd, raw.baseAddress, raw.count) }) ?? 0
    }
    return Data(buffer[0..<max(0, count)])
  }

  /// Everything to the end of the file (`availableBytes` until it is empty).
  public func bytesToEnd() -> Data {
    var all = Data()
    while true {
      let chunk = availableBytes()
      if chunk.isEmpty { return all }
      all += chunk
    }
  }
}
