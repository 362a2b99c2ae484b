import Dispatch
import Routing
import Synchronization

/// Decodes the blobs of a PBF file on several threads and hands the results to the
/// caller's thread in the order of the blobs, so what is built from them does not depend on
/// which thread finished first.
///
/// At most `window` blobs are decoded ahead of the one the caller is at: memory stays at a
/// few decoded blocks, however large the file. With one thread nothing runs concurrently:
/// every blob is decoded and consumed on the caller's thread.
package struct BlobPipeline: Sendable {
  /// How many threads decode (at least 1).
  package var threads: Int
  /// How many blobs may be decoded and not yet consumed.
  package var window: Int

  package init(threads: Int) {
    self.threads = max(1, threads)
    window = 4 * self.threads
  }

  /// Calls `decode` with every blob of `blobs` (concurrently, on up to `threads` threads),
  /// and `consume` with its index in `blobs` and its result, in order, on the caller's
  /// thread.
  ///
  /// Blocking: returns when every blob has been consumed, or throws the first error in
  /// blob order (of `decode` or `consume`), after the decoding threads have stopped.
  package func forEach<Value: Sendable>(
    _ blobs: [PBFFile.Blob],
    decode: @escaping @Sendable (PBFFile.Blob) throws(RoutingError) -> Value,
    consume: (Int, Value) throws(RoutingError) -> Void
  ) throws(RoutingError) {
    guard threads > 1, blobs.count > 1 else {
      for (i, blob) in blobs.enumerated() { try consume(i, try decode(blob)) }
      return
    }
    let shared = Shared<Value>(window: window)
    let workers = DispatchGroup()
    for _ in 0..<min(threads, blobs.count) {
      DispatchQueue.global().async(group: workers) {
        shared.work(blobs, decode: decode)
      }
    }
    defer {
      shared.stop(workers: threads)
      workers.wait()
    }
    for i in blobs.indices {
      try consume(i, try shared.take(i).get())
    }
  }

  /// What the decoding threads and the consumer share: the next blob to take, the results
  /// not yet consumed, and the semaphores that bound and announce them.
  private final class Shared<Value: Sendable>: Sendable {
    private let next = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let results = Mutex<[Int: Result<Value, RoutingError>]>([:])
    /// Free places in the window: a thread takes one before decoding a blob, the consumer
    /// gives it back after taking the blob's result.
    private let space = DispatchSemaphore(value: 0)
    /// Signalled once for every result stored.
    private let ready = DispatchSemaphore(value: 0)

    init(window: Int) {
      // Signalled up rather than created with `window`: libdispatch traps when a semaphore
      // is freed below the value it was created with, as it is after an error stops the
      // consumer with results not taken.
      for _ in 0..<window { space.signal() }
    }

    /// A decoding thread's loop: the next blob not taken, until none is left or `stop`.
    func work(
      _ blobs: [PBFFile.Blob], decode: (PBFFile.Blob) throws(RoutingError) -> Value
    ) {
      while true {
        space.wait()
        let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard i < blobs.count, !stopped.load(ordering: .relaxed) else {
          space.signal()
          return
        }
        let result: Result<Value, RoutingError>
        do throws(RoutingError) {
          result = .success(try decode(blobs[i]))
        } catch {
          result = .failure(error)
        }
        results.withLock { $0[i] = result }
        ready.signal()
      }
    }

    /// The result of blob `i`, waiting for it; frees its place in the window.
    func take(_ i: Int) -> Result<Value, RoutingError> {
      while true {
        if let result = results.withLock({ $0.removeValue(forKey: i) }) {
          space.signal()
          return result
        }
        // Every stored result signals once, so a wait returns by the time `i` is stored.
        ready.wait()
      }
    }

    /// Tells the threads to stop after their current blob and wakes those waiting for a
    /// place.
    func stop(workers: Int) {
      stopped.store(true, ordering: .relaxed)
      for _ in 0..<workers { space.signal() }
    }
  }
}
