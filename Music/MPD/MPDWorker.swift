import CMPDClient
import Core
import Foundation
import POSIX
import Synchronization

/// The thread that owns an ``MPDPlayer``'s connection: connects and reconnects, runs the
/// requests queued by other threads, and watches MPD (`idle`) between them.
///
/// Threading: ``run(_:)``, ``subscribe()`` and ``stop()`` from any thread; everything else
/// only on the worker's own thread.
final class MPDWorker: @unchecked Sendable {
  // @unchecked: `connection`, `lastError` and `delay` are touched only on the worker's
  // thread; the queue and the subscribers are behind `shared`, the wake pipe is Sendable.

  /// A queued request: runs on the worker's thread with the connection (or why there is
  /// none) and returns its error, if any.
  typealias Job = @Sendable (Result<MPDConnection, MusicError>) -> MusicError?

  private struct Shared {
    var jobs: [Job] = []
    var stopping = false
    var subscribers: [Int: AsyncStream<MusicUpdate>.Continuation] = [:]
    var nextSubscriber = 0
    var last: MusicUpdate?
  }

  /// Requests waiting beyond this fail at once (`.timeout`): MPD is not keeping up.
  static let maximumPending = 64

  private let settings: MPDPlayer.Settings
  private let shared = Mutex(Shared())
  private let wake: WakePipe
  private var connection: MPDConnection?
  private var lastError: MusicError
  private var delay: Duration

  init(_ settings: MPDPlayer.Settings) throws(MusicError) {
    self.settings = settings
    do {
      wake = try WakePipe()
    } catch {
      throw MusicError(.unavailable, "Cannot create the music player's wake pipe: \(error)")
    }
    lastError = MusicError(
      .unavailable, "MPD at \(settings.host):\(settings.port): not yet connected")
    delay = settings.retryDelay
  }

  func start() {
    let thread = Thread { [self] in main() }
    thread.name = "mpd"
    thread.start()
  }

  /// Ends the thread after the request it is running; queued requests fail.
  func stop() {
    shared.withLock { $0.stopping = true }
    wake.signal()
  }

  /// Queues `work` for the worker's thread and waits (without blocking a thread) for it.
  func run<T: Sendable>(
    _ work: @escaping @Sendable (MPDConnection) throws(MusicError) -> T
  ) async throws(MusicError) -> T {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<T, MusicError>, Never>) in
      let job: Job = { connection in
        let result: Result<T, MusicError>
        switch connection {
        case .failure(let error): result = .failure(error)
        case .success(let connection):
          do throws(MusicError) {
            result = .success(try work(connection))
          } catch {
            result = .failure(error)
          }
        }
        continuation.resume(returning: result)
        if case .failure(let error) = result { return error }
        return nil
      }
      let refusal = shared.withLock { shared -> MusicError? in
        if shared.stopping { return MusicError(.unavailable, "The music player was closed") }
        if shared.jobs.count >= Self.maximumPending {
          return MusicError(.timeout, "MPD is not keeping up: \(Self.maximumPending) requests wait")
        }
        shared.jobs.append(job)
        return nil
      }
      if let refusal {
        continuation.resume(returning: .failure(refusal))
      } else {
        wake.signal()
      }
    }
    return try result.get()
  }

  /// A new stream of updates, starting with the latest.
  func subscribe() -> AsyncStream<MusicUpdate> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: MusicUpdate.self, bufferingPolicy: .bufferingNewest(8))
    let id = shared.withLock { shared -> Int? in
      guard !shared.stopping else { return nil }
      let id = shared.nextSubscriber
      shared.nextSubscriber += 1
      shared.subscribers[id] = continuation
      if let last = shared.last { continuation.yield(last) }
      return id
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      self?.shared.withLock { _ = $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  // MARK: - The worker's thread

  private var isStopping: Bool { shared.withLock { $0.stopping } }

  private func main() {
    while !isStopping {
      guard let connection = connection ?? connect() else {
        runJobs()
        var none: [pollfd] = []
        wake.wait(for: &none, timeout: delay)
        wake.clear()
        delay = min(delay * 2, settings.maximumRetryDelay)
        continue
      }
      runJobs()
      guard !connection.isBroken else { continue }
      refresh(connection)
      guard !connection.isBroken else { continue }
      idle(connection)
    }
    connection = nil
    let (jobs, subscribers) = shared.withLock { shared in
      defer { shared.jobs = [] }
      return (shared.jobs, Array(shared.subscribers.values))
    }
    let closed = MusicError(.unavailable, "The music player was closed")
    for job in jobs { _ = job(.failure(closed)) }
    for subscriber in subscribers { subscriber.finish() }
  }

  /// Connects, or reports why not and returns nil.
  private func connect() -> MPDConnection? {
    do throws(MusicError) {
      let connection = try MPDConnection(
        host: settings.host, port: settings.port, timeout: settings.timeout)
      self.connection = connection
      delay = settings.retryDelay
      return connection
    } catch {
      lastError = error
      publish(.unavailable(error))
      return nil
    }
  }

  /// Runs the queued requests; drops the connection when one breaks it.
  private func runJobs() {
    let jobs = shared.withLock { shared in
      defer { shared.jobs = [] }
      return shared.jobs
    }
    for job in jobs {
      guard let connection else {
        _ = job(.failure(lastError))
        continue
      }
      if let error = job(.success(connection)), connection.isBroken {
        drop(error)
      }
    }
  }

  /// Reads the state and reports it when it changed.
  private func refresh(_ connection: MPDConnection) {
    do throws(MusicError) {
      publish(.state(try connection.state()))
    } catch {
      if connection.isBroken { drop(error) }
    }
  }

  /// Waits in `idle` for a change in MPD, a request, or the refresh interval.
  private func idle(_ connection: MPDConnection) {
    let mask = mpd_idle(
      MPD_IDLE_PLAYER.rawValue | MPD_IDLE_QUEUE.rawValue | MPD_IDLE_OPTIONS.rawValue
        | MPD_IDLE_MIXER.rawValue | MPD_IDLE_DATABASE.rawValue
        | MPD_IDLE_STORED_PLAYLIST.rawValue)
    guard mpd_send_idle_mask(connection.handle, mask) else {
      fail(connection, "idle")
      return
    }
    var descriptors = [pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)]
    wake.wait(for: &descriptors, timeout: settings.refreshInterval)
    wake.clear()
    if descriptors[0].revents == 0, !mpd_send_noidle(connection.handle) {
      fail(connection, "noidle")
      return
    }
    if mpd_recv_idle(connection.handle, false).rawValue == 0 {
      fail(connection, "idle")
    }
  }

  /// Drops the connection when the last call on it failed for good.
  private func fail(_ connection: MPDConnection, _ what: String) {
    do throws(MusicError) {
      try connection.check(what)
    } catch {
      if connection.isBroken { drop(error) }
    }
  }

  private func drop(_ error: MusicError) {
    connection = nil
    lastError = error
    publish(.unavailable(error))
  }

  private func publish(_ update: MusicUpdate) {
    shared.withLock { shared in
      guard shared.last != update else { return }
      shared.last = update
      for subscriber in shared.subscribers.values { subscriber.yield(update) }
    }
  }
}
