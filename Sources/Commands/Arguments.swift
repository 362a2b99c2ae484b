import HeadUnit

/// A command line misused: the message says what was wrong; the process exits with 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// The words after a command name, split into `--option value` pairs, `--flag`s and
/// positional words.
///
/// Each command says which options take values and which are flags, so a misspelt
/// option is an error rather than silently ignored; so is an option given twice.
public struct Arguments {
  public var positional: [String] = []
  private var values: [String: String] = [:]
  /// Every value of each repeatable option, in the order given.
  private var lists: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// - Parameters:
  ///   - words: the arguments after the command name.
  ///   - options: option names (without `--`) that take a value.
  ///   - flags: option names that take none.
  ///   - repeatable: option names that take a value and may be given more than once.
  public init(
    _ words: [String], options: Set<String>, flags known: Set<String>,
    repeatable: Set<String> = []
  ) throws(UsageError) {
    var i = 0
    while i < words.count {
      let word = words[i]
      i += 1
      guard word.hasPrefix("--"), word.count > 2 else {
        positional.append(word)
        continue
      }
      var name = String(word.dropFirst(2))
      var inline: String?
      if let eq = name.firstIndex(of: "=") {
        inline = String(name[name.index(after: eq)...])
        name = String(name[..<eq])
      }
      if known.contains(name) {
        guard inline == nil else { throw UsageError("--\(name) takes no value") }
        flags.insert(name)
      } else if repeatable.contains(name) {
        if let inline {
          lists[name, default: []].append(inline)
        } else {
          guard i < words.count else { throw UsageError("--\(name) needs a value") }
          lists[name, default: []].append(words[i])
          i += 1
        }
      } else if options.contains(name) {
        guard values[name] == nil else {
          throw UsageError("--\(name) is given twice; give it once")
        }
        if let inline {
          values[name] = inline
        } else {
          guard i < words.count else { throw UsageError("--\(name) needs a value") }
          values[name] = words[i]
          i += 1
        }
      } else {
        let all = (options.union(known).union(repeatable)).sorted().map { "--\($0)" }.joined(
          separator: ", ")
        throw UsageError(
          "unknown option --\(name)" + (all.isEmpty ? "" : " (expected one of: \(all))"))
      }
    }
  }

  /// A command's arguments, or nil when they ask for `--help` (which must be among
  /// `flags`): `help` is then printed and the command has nothing more to do.
  public static func unlessHelp(
    _ words: [String], options: Set<String>, flags: Set<String>,
    repeatable: Set<String> = [], help: String, console: Console
  ) throws(UsageError) -> Arguments? {
    let arguments = try Arguments(
      words, options: options, flags: flags, repeatable: repeatable)
    guard arguments.flag("help") else { return arguments }
    console.out(help)
    return nil
  }

  public func value(_ name: String) -> String? { values[name] }

  /// Every value given for the repeatable option `name`, in order; empty when none.
  public func values(_ name: String) -> [String] { lists[name] ?? [] }

  func required(_ name: String) throws(UsageError) -> String {
    guard let v = values[name] else { throw UsageError("missing --\(name)") }
    return v
  }

  public func flag(_ name: String) -> Bool { flags.contains(name) }

  public func int(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws(UsageError)
    -> Int
  {
    guard let text = values[name] else { return fallback }
    guard let n = Int(text), range.contains(n) else {
      throw UsageError(
        "--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
      )
    }
    return n
  }

  func noPositional(_ command: String) throws(UsageError) {
    if let extra = positional.first {
      throw UsageError("\(command): unexpected argument '\(extra)'")
    }
  }
}
