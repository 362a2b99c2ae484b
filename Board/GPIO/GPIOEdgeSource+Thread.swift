import CGPIOD
import Glibc
import POSIX

extension GPIOEdgeSource {
  /// The kernel queues at most 16 events per line; libgpiod reads at most 16 at a time.
  static let eventBatch = 16

  /// The adapter thread's loop: waits on every line and the wakeup pipe at once, reads the
  /// events of the lines that are ready and yields them in timestamp order.
  ///
  /// Blocks until ``StopSignal/signal()`` or an error. Runs on the thread ``edges()`` started,
  /// which owns `request` meanwhile.
  ///
  /// - Returns: the error that stopped it, or `nil` if it was asked to stop.
  static func run(
    _ request: Request, wakeup: StopSignal, continuation: AsyncStream<Edge>.Continuation
  ) -> BoardError? {
    var fds: [pollfd] = []
    for line in request.lines {
      let fd = gpiod_line_event_get_fd(line.handle.pointer)
      guard fd >= 0 else {
        let err = errno
        return BoardError(
          .failed, "line \(line.offset) has no event fd: \(GPIOChip.describe(err))",
          underlying: err)
      }
      fds.append(pollfd(fd: fd, events: Int16(POLLIN | POLLPRI), revents: 0))
    }
    fds.append(pollfd(fd: wakeup.readEnd, events: Int16(POLLIN), revents: 0))
    var events = [gpiod_line_event](repeating: gpiod_line_event(), count: eventBatch)

    while true {
      do {
        try Poll.wait(&fds, timeout: nil)
      } catch {
        return BoardError(
          .failed, "waiting for GPIO events failed: \(GPIOChip.describe(error.rawValue))",
          underlying: error.rawValue)
      }
      if fds[fds.count - 1].revents != 0 { return nil }

      // Lines ready in the same wake-up are merged by kernel time: per line the kernel
      // keeps order, across lines only the timestamps do.
      var batch: [(edge: Edge, order: Int)] = []
      for (index, line) in request.lines.enumerated() where fds[index].revents != 0 {
        if fds[index].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0,
          fds[index].revents & Int16(POLLIN) == 0
        {
          return BoardError(
            .failed, "GPIO line \(line.offset) on \(request.chip.info.name) went away")
        }
        let count: Int32
        do {
          count = try retryingInterrupts {
            gpiod_line_event_read_multiple(line.handle.pointer, &events, UInt32(eventBatch))
          }
        } catch .wouldBlock {
          continue
        } catch {
          return BoardError(
            .failed,
            "reading events of line \(line.offset) failed: \(GPIOChip.describe(error.rawValue))",
            underlying: error.rawValue)
        }
        for event in events.prefix(Int(count)) {
          let edge = Edge(
            line: line.offset,
            rising: event.event_type == Int32(GPIOD_LINE_EVENT_RISING_EDGE),
            timestamp: duration(event.ts))
          batch.append((edge, batch.count))
        }
      }
      batch.sort { ($0.edge.timestamp, $0.order) < ($1.edge.timestamp, $1.order) }
      for item in batch {
        if case .terminated = continuation.yield(item.edge) { return nil }
      }
    }
  }
}
