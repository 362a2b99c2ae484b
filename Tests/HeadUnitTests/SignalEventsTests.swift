import Foundation
import Testing

@testable import HeadUnit

/// `SignalEvents` with real signals raised at this test process.
///
/// Every signal is raised only while a `SignalEvents` watches it, which has set it to
/// `SIG_IGN` first, so no signal ever takes its default action here. Serialized: signal
/// dispositions belong to the whole process.
@Suite("Signal events", .serialized)
struct SignalEventsTests {
  /// The first `count` signals from `signals`, or fewer if `timeout` passes first (then
  /// `signals` is stopped, which ends its stream).
  func first(
    _ count: Int, of signals: SignalEvents, raising: () -> Void,
    timeout: Duration = .seconds(10)
  ) async -> [SignalEvents.Signal] {
    let reader = Task {
      var received: [SignalEvents.Signal] = []
      for await signal in signals.events {
        received.append(signal)
        if received.count == count { break }
      }
      return received
    }
    let watchdog = Task {
      try await Task.sleep(for: timeout)
      signals.stop()
    }
    raising()
    let received = await reader.value
    watchdog.cancel()
    return received
  }

  /// The current disposition of `number`, as the address `sigaction` reports.
  func disposition(_ number: Int32) -> Int {
    var current = sigaction()
    sigaction(number, nil, &current)
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
  }

  /// `SIG_DFL`: the disposition that would end this test process.
  static let byDefault = unsafeBitCast(SIG_DFL, to: Int.self)

  @Test("SIGHUP, SIGTERM and SIGINT raised at the process come out in order as their cases")
  func eachSignal() async {
    let signals = await SignalEvents()
    defer { signals.stop() }
    let received = await first(3, of: signals) {
      for number in [SIGHUP, SIGTERM, SIGINT] {
        kill(getpid(), number)
        // Distinct signals pending at once may be reported in any order.
        usleep(50_000)
      }
    }
    #expect(received == [.hangUp, .terminate, .interrupt])
  }

  @Test("the same signal raised repeatedly arrives each time")
  func repeated() async {
    let signals = await SignalEvents([.hangUp])
    defer { signals.stop() }
    let received = await first(3, of: signals) {
      for _ in 0..<3 {
        kill(getpid(), SIGHUP)
        usleep(50_000)
      }
    }
    #expect(received == [.hangUp, .hangUp, .hangUp])
  }

  @Test("a signal watched, let go and watched again still arrives")
  func watchAgain() async {
    for round in 0..<3 {
      let signals = await SignalEvents([.hangUp])
      let received = await first(1, of: signals) { kill(getpid(), SIGHUP) }
      signals.stop()
      #expect(received == [.hangUp], "round \(round)")
    }
  }

  @Test("watched signals never have the default action; stop() restores the earlier one")
  func dispositions() async {
    let before = (term: disposition(SIGTERM), hup: disposition(SIGHUP), int: disposition(SIGINT))
    let signals = await SignalEvents([.terminate, .hangUp])
    #expect(disposition(SIGTERM) != Self.byDefault)
    #expect(disposition(SIGHUP) != Self.byDefault)
    #expect(disposition(SIGINT) == before.int)
    signals.stop()
    #expect(disposition(SIGTERM) == before.term)
    #expect(disposition(SIGHUP) == before.hup)
    signals.stop()
    #expect(disposition(SIGTERM) == before.term)
  }

  @Test("two watchers both receive a signal; the disposition comes back only after the last")
  func twoWatchers() async {
    let before = disposition(SIGHUP)
    let one = await SignalEvents([.hangUp])
    let two = await SignalEvents([.hangUp])
    defer { two.stop() }
    let both = await withTaskGroup(of: [SignalEvents.Signal].self) { group in
      group.addTask { await first(1, of: one) {} }
      group.addTask { await first(1, of: two) {} }
      // Both readers are waiting before the signal goes out; each stream buffers anyway.
      try? await Task.sleep(for: .milliseconds(100))
      kill(getpid(), SIGHUP)
      var all: [[SignalEvents.Signal]] = []
      for await received in group { all.append(received) }
      return all
    }
    #expect(both == [[.hangUp], [.hangUp]])
    one.stop()
    #expect(disposition(SIGHUP) != Self.byDefault)
    two.stop()
    #expect(disposition(SIGHUP) == before)
  }

  @Test("stop() finishes the stream; so does letting go of the last reference")
  func stopFinishes() async {
    let before = disposition(SIGINT)
    let signals = await SignalEvents([.interrupt])
    let reader = Task {
      var count = 0
      for await _ in signals.events { count += 1 }
      return count
    }
    signals.stop()
    #expect(await reader.value == 0)

    var dropped: SignalEvents? = await SignalEvents([.interrupt])
    let events = dropped!.events
    #expect(disposition(SIGINT) != Self.byDefault)
    dropped = nil
    #expect(disposition(SIGINT) == before)
    var iterator = events.makeAsyncIterator()
    #expect(await iterator.next() == nil)
  }

  @Test("cancelling the consuming task stops watching")
  func cancelled() async {
    let before = disposition(SIGTERM)
    let signals = await SignalEvents([.terminate])
    let reader = Task {
      for await _ in signals.events {}
    }
    try? await Task.sleep(for: .milliseconds(50))
    reader.cancel()
    await reader.value
    #expect(disposition(SIGTERM) == before)
  }
}
