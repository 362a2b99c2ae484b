import Foundation

/// The thread that turns a device's blocking reads into an `AsyncStream`, for the sources
/// whose device has one reader (GPIO edges, touch events): it takes the opened device,
/// runs the source's loop until the stream is cancelled (a `StopSignal` wakes it) or
/// reading fails, records why it failed, lets the device go and finishes the stream.
enum AdapterThread {
  /// Starts the thread on `device` (nil: already taken by an earlier reader, so the stream
  /// is finished at once).
  ///
  /// - Parameters:
  ///   - run: The loop; returns the error that stopped it, or nil when asked to stop.
  ///   - fail: Records an error (the stop signal's, or the loop's).
  ///   - release: Lets the device go once the loop is over or could not start.
  static func stream<Device: Sendable, Element: Sendable>(
    named name: String, on device: Device?, fail: @escaping @Sendable (BoardError) -> Void,
    release: @escaping @Sendable (Device) -> Void = { _ in },
    run:
      @escaping @Sendable (Device, StopSignal, AsyncStream<Element>.Continuation) ->
      BoardError?
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    guard let device else {
      continuation.finish()
      return stream
    }
    let wakeup: StopSignal
    do {
      wakeup = try StopSignal()
    } catch {
      fail(error)
      release(device)
      continuation.finish()
      return stream
    }
    continuation.onTermination = { _ in wakeup.signal() }
    let thread = Thread {
      if let error = run(device, wakeup, continuation) { fail(error) }
      release(device)
      continuation.finish()
    }
    thread.name = name
    thread.start()
    return stream
  }
}
