import Core

/// The music source as a Music Player Daemon, through libmpdclient.
///
/// A worker thread of its own (``MPDWorker``) owns the connection: it connects, waits in
/// MPD's `idle` for changes (and every ``Settings/refreshInterval`` for the elapsed time),
/// runs the requests made through this object one at a time, and reconnects with backoff
/// (``Settings/retryDelay`` doubling to ``Settings/maximumRetryDelay``) when MPD goes
/// away, reporting `.unavailable` meanwhile. Requests made while MPD is away fail at once.
///
/// Dropping the player stops its thread and closes the connection.
public final class MPDPlayer: MusicPlayer {
  /// Where MPD is and how patient to be with it.
  public struct Settings: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// How long one answer may take before the connection is given up (`.timeout`), in
    /// whole seconds (rounded up): libmpdclient 2.20 cannot wait for less than a second.
    public var timeout: Duration
    /// The most entries a listing returns (its `total` says how many there are).
    public var listLimit: Int
    public var retryDelay: Duration
    public var maximumRetryDelay: Duration
    /// How often the state is read while nothing changes (the elapsed time moves on).
    public var refreshInterval: Duration

    public init(
      host: String = "127.0.0.1", port: Int = 6600, timeout: Duration = .seconds(2),
      listLimit: Int = 500, retryDelay: Duration = .milliseconds(250),
      maximumRetryDelay: Duration = .seconds(5), refreshInterval: Duration = .seconds(1)
    ) {
      self.host = host
      self.port = min(max(port, 1), 65_535)
      self.timeout = min(max(timeout, .milliseconds(10)), .seconds(60))
      self.listLimit = min(max(listLimit, 1), 10_000)
      self.retryDelay = min(max(retryDelay, .milliseconds(10)), .seconds(60))
      self.maximumRetryDelay = min(max(maximumRetryDelay, self.retryDelay), .seconds(300))
      self.refreshInterval = min(max(refreshInterval, .milliseconds(50)), .seconds(60))
    }
  }

  public let settings: Settings
  private let worker: MPDWorker

  /// Starts the worker thread, which connects in the background.
  ///
  /// - Throws: `.unavailable` when the process is out of file descriptors.
  public init(_ settings: Settings) throws(MusicError) {
    self.settings = settings
    worker = try MPDWorker(settings)
    worker.start()
  }

  deinit {
    worker.stop()
  }

  public func updates() -> AsyncStream<MusicUpdate> {
    worker.subscribe()
  }

  public func state() async throws(MusicError) -> MusicState {
    try await worker.run { (connection) throws(MusicError) in try connection.state() }
  }

  public func perform(_ command: MusicCommand) async throws(MusicError) {
    try await worker.run { (connection) throws(MusicError) in try connection.perform(command) }
  }

  public func list(_ query: MusicQuery) async throws(MusicError) -> MusicListing {
    let limit = settings.listLimit
    return try await worker.run { (connection) throws(MusicError) in
      try connection.list(query, limit: limit)
    }
  }
}
