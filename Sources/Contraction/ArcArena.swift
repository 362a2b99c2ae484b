#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One block of memory arcs live in (a `ContractionGraph`'s, a `HierarchyRecord`'s): grown
/// and shrunk with `realloc`, which for a large block moves pages rather than copying them
/// (Linux's `mremap`), so growing never holds the old and the new block at once and
/// shrinking gives the tail back to the system.
///
/// A reference: its owner writes it, and threads reading the owner read it while nobody
/// writes.
final class ArcArena: @unchecked Sendable {
  // @unchecked: written only by its owner, between the rounds its readers run in.
  private(set) var base: UnsafeMutablePointer<ContractionGraph.Arc>
  /// Arcs in use from `base`; the memory has room for `capacity`.
  private(set) var count = 0
  private var capacity: Int

  /// An empty arena with room for `capacity` arcs.
  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = Self.resize(nil, to: self.capacity)
  }

  deinit { free(base) }

  /// Appends `n` copies of `arc`, growing the memory by a quarter when it is full.
  func append(_ arc: ContractionGraph.Arc, count n: Int) {
    reserve(n)
    (base + count).initialize(repeating: arc, count: n)
    count += n
  }

  /// Appends `arcs`, growing the memory as `append(_:count:)` does.
  func append(contentsOf arcs: UnsafeBufferPointer<ContractionGraph.Arc>) {
    guard let source = arcs.baseAddress else { return }
    reserve(arcs.count)
    (base + count).initialize(from: source, count: arcs.count)
    count += arcs.count
  }

  /// Keeps the first `n` arcs and gives back the memory after them, with room for a
  /// quarter more.
  func truncate(to n: Int) {
    count = n
    capacity = max(n + n / 4, 16)
    base = Self.resize(base, to: capacity)
  }

  /// Room for `n` more arcs: a quarter more memory when it is full.
  private func reserve(_ n: Int) {
    guard count + n > capacity else { return }
    capacity = max(count + n, capacity + capacity / 4)
    base = Self.resize(base, to: capacity)
  }

  private static func resize(_ pointer: UnsafeMutablePointer<ContractionGraph.Arc>?, to n: Int)
    -> UnsafeMutablePointer<ContractionGraph.Arc>
  {
    let bytes = n * MemoryLayout<ContractionGraph.Arc>.stride
    guard let raw = realloc(pointer, bytes) else {
      preconditionFailure("out of memory for \(n) contraction arcs")
    }
    return raw.bindMemory(to: ContractionGraph.Arc.self, capacity: n)
  }
}
