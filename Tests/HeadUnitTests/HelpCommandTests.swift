import Foundation
import Testing

@testable import Bench
@testable import Commands

/// `headunit help` and each command's `--help` against the README's command table.
@Suite("Help against the README")
struct HelpCommandTests {
  /// One command the README's table names: its words after `headunit` up to the first
  /// option or placeholder (`bench gpsd`, `maps import`, `say`), and the `--flags` of its row.
  struct Entry: CustomStringConvertible {
    var words: [String]
    var flags: Set<String>
    var description: String { words.joined(separator: " ") }
  }

  /// The rows of the README's table under `## Commands`, the commands of each first cell.
  static func readmeEntries() throws -> [Entry] {
    let readme = try String(
      contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## Commands").dropFirst().first)
    var entries: [Entry] = []
    for line in section.split(separator: "\n") where line.hasPrefix("| `headunit") {
      let cell = Self.firstCell(of: String(line))
      for code in Self.codeSpans(cell) where code.hasPrefix("headunit ") {
        let tokens = code.split(separator: " ").map(String.init).dropFirst()
        let words = Array(
          tokens.prefix { $0.first?.isLowercase == true && !$0.hasPrefix("-") && !$0.contains(".") }
        )
        guard !words.isEmpty else { continue }
        entries.append(Entry(words: words, flags: Self.flags(in: code)))
      }
    }
    return entries
  }

  /// The first cell of a table row: up to the first bar that is not escaped (`\|` stands
  /// in an option's choices).
  static func firstCell(of row: String) -> String {
    var cell = ""
    var previous: Character = " "
    for character in row.dropFirst(2) {
      if character == "|" && previous != "\\" { break }
      cell.append(character)
      previous = character
    }
    return cell
  }

  static func codeSpans(_ text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  /// The `--flag` words of `text`.
  static func flags(in text: String) -> Set<String> {
    var found: Set<String> = []
    var rest = Substring(text)
    while let range = rest.range(of: "--") {
      let name = rest[range.upperBound...].prefix { $0.isLowercase || $0.isNumber || $0 == "-" }
      if name.first?.isLowercase == true { found.insert("--" + name) }
      rest = rest[range.upperBound...]
    }
    return found
  }

  func run(_ args: [String]) -> (HeadUnitCommand.Status, Captured) {
    let captured = Captured()
    let status = HeadUnitCommand.run(
      args, console: captured.console, commands: ["bench": BenchCommand.run])
    return (status, captured)
  }

  /// What `headunit WORD --help` prints, for the command's first word.
  func help(_ word: String) -> String {
    let (status, captured) = run([word, "--help"])
    #expect(status == .success, "\(word) --help: \(captured.err)")
    return captured.out.joined(separator: "\n")
  }

  @Test("the README's table names commands, and flags for most of them")
  func readmeParses() throws {
    let entries = try Self.readmeEntries()
    #expect(entries.count >= 20)
    #expect(entries.contains { $0.words == ["bench", "saves"] && $0.flags.contains("--trace") })
    #expect(entries.contains { $0.words == ["gps"] && $0.flags.contains("--file") })
  }

  @Test("every command and option the README names is in that command's help")
  func readmeFlagsInHelp() throws {
    let (status, usage) = run(["help"])
    #expect(status == .success)
    let usageText = usage.out.joined(separator: "\n")
    for entry in try Self.readmeEntries() where entry.words != ["help"] {
      let command = entry.words[0]
      #expect(usageText.contains("  \(command)"), "`headunit help` lacks \(command)")
      if entry.words.count > 1 {
        // A subcommand (`maps import`, `bench saves`) is in the usage line of its command.
        let sub = entry.words[1]
        #expect(
          usageText.contains(sub), "`headunit help` lacks \(entry) (\(command) … \(sub))")
      }
      let commandHelp = help(command)
      for word in entry.words.dropFirst() {
        #expect(commandHelp.contains(word), "`headunit \(command) --help` lacks \(word)")
      }
      for flag in entry.flags where flag != "--help" {
        #expect(commandHelp.contains(flag), "`headunit \(command) --help` lacks \(flag) (\(entry))")
      }
    }
  }

  @Test("every command the program runs is in `headunit help` and in the README")
  func dispatchedCommandsDocumented() throws {
    let (_, usage) = run(["help"])
    let usageText = usage.out.joined(separator: "\n")
    let documented = Set(try Self.readmeEntries().map(\.words[0]))
    let dispatched = Set(HeadUnitCommand.builtIn.keys).union(["bench", "help"])
    for command in dispatched.sorted() {
      #expect(usageText.contains("\n  \(command) "), "`headunit help` lacks \(command)")
      #expect(documented.contains(command), "the README's table lacks \(command)")
    }
    let benchmarks = ["guidance"] + BenchCommand.others.map(\.name)
    let benchLine = try #require(usage.out.first { $0.contains("bench guidance") })
    let readmeBenches = Set(
      try Self.readmeEntries().filter { $0.words.first == "bench" }.compactMap { $0.words.last })
    for name in benchmarks {
      #expect(benchLine.contains(name), "`headunit help` lacks bench \(name)")
      #expect(readmeBenches.contains(name), "the README's table lacks bench \(name)")
    }
    // And nothing the help offers is unknown to the program.
    for command in documented {
      #expect(dispatched.contains(command), "the README names \(command), which does not run")
    }
  }
}
