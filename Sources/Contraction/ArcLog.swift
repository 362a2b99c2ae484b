import Routing

/// The arcs a contraction records, in the order recorded: appended to a scratch file
/// (`ScratchFile.Writer`, a block at a time) when it is given a folder, so the hierarchy
/// being made does not stay in memory while the rest of the graph is contracted, else
/// kept in memory (`ArcArena`). Read back once recording is done, mapped.
final class ArcLog {
  private var writer: ScratchFile.Writer?
  private var file: ScratchFile?
  private var pending: [ContractionGraph.Arc] = []
  private let arena = ArcArena(capacity: 0)
  /// Arcs recorded so far.
  private(set) var count = 0

  private static let block = 1 << 16

  /// A log in a scratch file in `folder`; nil, or a folder it cannot write in, keeps the
  /// arcs in memory.
  init(folder: String?) {
    writer = folder.flatMap { try? ScratchFile.Writer(in: $0) }
    if writer != nil { pending.reserveCapacity(Self.block) }
  }

  /// Appends `arcs`.
  ///
  /// - Throws: `RoutingError` when the scratch file cannot be written (a full disk).
  func append(contentsOf arcs: UnsafeBufferPointer<ContractionGraph.Arc>) throws(RoutingError) {
    count += arcs.count
    guard writer != nil else {
      arena.append(contentsOf: arcs)
      return
    }
    pending.append(contentsOf: arcs)
    if pending.count >= Self.block { try flush() }
  }

  /// Every arc recorded, in order; no more may be appended.
  ///
  /// - Throws: `RoutingError` when the scratch file cannot be written or mapped.
  func finish() throws(RoutingError) -> UnsafeBufferPointer<ContractionGraph.Arc> {
    guard let writer else { return UnsafeBufferPointer(start: arena.base, count: count) }
    try flush()
    let file = try writer.finish()
    self.writer = nil
    self.file = file
    pending = []
    let raw = file.storage.bytes
    guard let base = raw.baseAddress, count > 0 else {
      return UnsafeBufferPointer(start: nil, count: 0)
    }
    return UnsafeBufferPointer(
      start: base.assumingMemoryBound(to: ContractionGraph.Arc.self), count: count)
  }

  /// Lets the kernel take back the pages of the file read so far: they come back from the
  /// page cache when read again. Nothing for arcs in memory.
  func evict() {
    file.map { $0.storage.evict($0.storage.bytes) }
  }

  private func flush() throws(RoutingError) {
    guard let writer, !pending.isEmpty else { return }
    var failure: RoutingError?
    pending.withUnsafeBytes { raw in
      do throws(RoutingError) { try writer.append(raw) } catch { failure = error }
    }
    if let failure { throw failure }
    pending.removeAll(keepingCapacity: true)
  }
}
