import Foundation
import Synchronization
import Testing

@testable import HeadUnit

/// The daemon's time when the system clock jumps: back is absorbed, forward is followed.
@Suite("The daemon's steady clock")
struct SteadyClockTests {
  final class Wall: Sendable {
    let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    let jumps = Mutex<[TimeInterval]>([])
    func set(_ t: TimeInterval) { time.withLock { $0 = Date(timeIntervalSince1970: t) } }
  }

  @Test("a jump back of an hour: time carries on, is reported once, and the gap is kept")
  func jumpBack() {
    let wall = Wall()
    let clock = SteadyClock(
      wall: { wall.time.withLock { $0 } },
      jumped: { jump in wall.jumps.withLock { $0.append(jump) } })
    #expect(clock.now.timeIntervalSince1970 == 1_800_000_000)
    wall.set(1_800_000_010)
    #expect(clock.now.timeIntervalSince1970 == 1_800_000_010)
    wall.set(1_799_996_410)  // an hour back
    #expect(clock.now.timeIntervalSince1970 == 1_800_000_010)
    wall.set(1_799_996_415)  // five seconds later
    #expect(clock.now.timeIntervalSince1970 == 1_800_000_015)
    #expect(wall.jumps.withLock { $0 } == [3600])
    // The system's clock set right again (forward past this one): followed at once.
    wall.set(1_800_000_100)
    #expect(clock.now.timeIntervalSince1970 == 1_800_000_100)
    wall.set(1_800_000_101)
    #expect(clock.now.timeIntervalSince1970 == 1_800_000_101)
  }

  @Test("jumps forward are followed; small steps back are not reported")
  func forwardAndJitter() {
    let wall = Wall()
    let clock = SteadyClock(
      wall: { wall.time.withLock { $0 } },
      jumped: { jump in wall.jumps.withLock { $0.append(jump) } })
    _ = clock.now
    wall.set(1_800_086_400)
    #expect(clock.now.timeIntervalSince1970 == 1_800_086_400)
    wall.set(1_800_086_399.5)
    #expect(clock.now.timeIntervalSince1970 == 1_800_086_400)
    #expect(wall.jumps.withLock { $0 }.isEmpty)
  }

  @Test("a timer due 10 s ahead waits 10 s of this clock, not the wall's jump")
  func waitsUseSteadyTime() {
    let wall = Wall()
    let clock = SteadyClock(wall: { wall.time.withLock { $0 } })
    let due = clock.now.addingTimeInterval(10)
    wall.set(1_800_000_000 - 3600)  // the wall goes back an hour
    #expect(clock.delay(until: due) == 10)
    wall.set(1_800_000_000 - 3600 + 4)
    #expect(clock.delay(until: due) == 6)
  }
}
