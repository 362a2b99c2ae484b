import Foundation
import TestSupport
import Testing

@testable import Bench
@testable import Commands

/// `bench drive`: the recording's pace, the options, the CPU counters and the report, and
/// the whole benchmark as a process on a short drive fed 20 times faster than real time.
@Suite("Drive benchmark")
struct DriveBenchmarkTests {
  @Test("--rates takes frame rates 1–30, each once")
  func rates() throws {
    #expect(try DriveBenchmark.frameRates("5,10") == [5, 10])
    #expect(try DriveBenchmark.frameRates("10, 5,10") == [10, 5])
    for bad in ["", "0", "31", "5,", "five"] {
      #expect(throws: UsageError.self, "'\(bad)'") { try DriveBenchmark.frameRates(bad) }
    }
  }

  @Test("CPU time from /proc/PID/stat, counted from the last parenthesis")
  func cpuTime() throws {
    let stat = "42 (head unit) (x)) S 1 42 42 0 -1 4194304 100 0 0 0 250 75 0 0 20 0 4 0 99"
    let time = try #require(CPUTime.parse(stat, ticksPerSecond: 100))
    #expect(time == CPUTime(user: 2.5, system: 0.75))
    #expect(CPUTime.parse("42 (x) S 1", ticksPerSecond: 100) == nil)
    let mine = try #require(CPUTime.of(process: getpid()))
    #expect(mine.total > 0)
  }

  @Test("the report: average over the window, the busiest second, CPU per frame")
  func report() {
    let measurement = DriveMeasurement(
      frameRate: 5, seconds: 4, cpu: CPUTime(user: 0.3, system: 0.1),
      start: CPUTime(user: 0.2, system: 0), perSecond: [0.05, 0.15, 0.1, 0.1], frames: 20,
      prompts: 3, resumed: true, arrived: true, rss: 36.1, peakRSS: 36.6, exitStatus: 0,
      stopSeconds: 0.05)
    #expect(abs(measurement.average - 0.1) < 1e-12)
    #expect(measurement.peak == 0.15)
    #expect(measurement.cpuPerFrame.map { abs($0 - 20) < 1e-9 } == true)
    #expect(measurement.succeeded)
    #expect(measurement.lines[0].hasPrefix("  5 fps: CPU 0.40 s over 4.0 s"))
    #expect(measurement.lines[0].contains("average 10.00 % of one core, peak 15.0 %"))
    #expect(measurement.lines[1].contains("20, 5.00 a second; 20.00 ms of CPU a frame"))
    var killed = measurement
    killed.exitStatus = nil
    killed.frames = nil
    #expect(!killed.succeeded)
    #expect(killed.lines[1] == "    frames drawn: the daemon did not say")
  }

  /// The number after `label` in `text`.
  static func number(after label: String, in text: String) -> Double? {
    guard let range = text.range(of: label) else { return nil }
    return Double(text[range.upperBound...].prefix { $0.isNumber || $0 == "." })
  }

  @Test("a whole drive through a real daemon: it resumes, draws, arrives, exits 0")
  func wholeDrive() throws {
    let started = ContinuousClock.now
    let (status, output) = try ChildProcess.output(
      of: CrashConsistencyTests.headunit,
      ["bench", "drive", "--drive", "helsinki-4-clean", "--speed", "20", "--rates", "5"])
    #expect(status == 0, "\(output)")
    let cpu = try #require(Self.number(after: "5 fps: CPU ", in: output), "\(output)")
    let average = try #require(Self.number(after: "average ", in: output))
    let peak = try #require(Self.number(after: "peak ", in: output))
    let frames = try #require(Self.number(after: "(the daemon's count): ", in: output))
    let samples = try #require(Self.number(after: "% (", in: output))
    #expect(cpu > 0)
    #expect(peak >= average)
    // 205 s of drive in about 11 s, one sample a second.
    #expect((9...14).contains(samples), "\(output)")
    #expect(frames > 10, "\(output)")
    #expect(output.contains("trip resumed, arrived; SIGTERM → exited 0"), "\(output)")
    #expect(output.contains("goal at 5 fps"))
    #expect(started.duration(to: .now) < .seconds(60))
  }

  @Test("refusals name what to give instead")
  func refusals() {
    for (words, message) in [
      (["--drive", "nowhere-1-clean"], "no embedded drive 'nowhere-1-clean'"),
      (["--rates", "60"], "--rates takes frame rates 1–30"),
      (["--map", "/nonexistent.map"], "no readable map file at /nonexistent.map"),
      (["--speed", "0"], "--speed"),
    ] {
      let captured = Captured()
      let status = HeadUnitCommand.run(
        ["bench", "drive"] + words, console: captured.console,
        commands: ["bench": BenchCommand.run])
      #expect(status == .usage, "\(words)")
      #expect(captured.err.contains(message), "\(captured.err)")
    }
  }
}
