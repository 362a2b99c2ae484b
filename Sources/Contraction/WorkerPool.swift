import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Threads that share out a range of indices, each with a state of its own (its search
/// buffers and its results).
///
/// `forEach` blocks the caller until every index is done. Which thread takes which index
/// depends on timing: callers keep their results deterministic by making each index's
/// result depend on the index alone and combining them in index order.
struct WorkerPool<State> {
  /// One per thread; thread w uses `states[w]` and no other.
  var states: [State]

  /// A pool of one state per thread, made by `make`.
  init(threads: Int, make: () -> State) {
    states = (0..<max(1, threads)).map { _ in make() }
  }

  /// The threads a machine's cores allow: its online processors, at most `cap`.
  static func threads(cap: Int) -> Int {
    #if canImport(Glibc)
      return max(1, min(cap, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
      return 1
    #endif
  }

  /// Calls `body` once for each index of `0..<count`, on the pool's threads, with the
  /// calling thread's state; indices are handed out in chunks of `chunk`.
  mutating func forEach(
    _ count: Int, chunk: Int = 64, _ body: @Sendable (inout State, Int) -> Void
  ) {
    guard count > 0 else { return }
    if states.count == 1 || count <= chunk {
      for i in 0..<count { body(&states[0], i) }
      return
    }
    let next = Counter()
    states.withUnsafeMutableBufferPointer { buffer in
      // Safe: thread w reads and writes `slots[w]` alone, and the buffer outlives the
      // threads, which `concurrentPerform` joins before it returns.
      nonisolated(unsafe) let slots = buffer
      DispatchQueue.concurrentPerform(iterations: slots.count) { w in
        while true {
          let start = next.value.wrappingAdd(chunk, ordering: .relaxed).oldValue
          guard start < count else { break }
          for i in start..<min(count, start + chunk) { body(&slots[w], i) }
        }
      }
    }
  }

  /// The next index to hand out.
  private final class Counter: Sendable {
    let value = Atomic<Int>(0)
  }
}
