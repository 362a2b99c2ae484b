import Board
import Foundation
import JSON

/// `headunit wiring [--board pi3|pi4|pi5|zero2w] [--config FILE] [--out FILE.png]
/// [--markdown]`: which header pin goes to which part, as a table and a drawing.
///
/// The table and the drawing come from one ``WiringPlan``. Exit status 2 for a wrong
/// command line or a wrong configuration (the file, the JSON path, what was expected).
enum WiringCommand {
  static let help = """
    usage: headunit wiring [--board pi3|pi4|pi5|zero2w] [--config FILE] [--out FILE.png]
                           [--markdown]

    Prints the wiring of the knob, the buttons, the ignition and the headlights inputs to
    the 40-pin header: physical pin, GPIO, function, pull, active level and what the wire
    goes to, with the ground and 3V3 pins the parts need (each part's ground is the one
    nearest its pins). The ignition and headlights wires go to an interface, never to the
    car's 12 V directly (see the README's Wiring section).
      --board B       the header to wire: \(boardList) (default the configuration's)
      --config FILE   a board configuration, or a daemon configuration whose "board"
                      section is read (default the example, Deploy/board.example.json)
      --out FILE.png  also draw the wiring diagram into FILE.png
      --markdown      print the table in Markdown
    """

  /// The presets' names for messages: `pi3, pi4, pi5 or zero2w`.
  static var boardList: String {
    let names = BoardPreset.all.map(\.id)
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: ["board", "config", "out"], flags: ["markdown", "help"], help: help,
        console: console)
    else { return .success }
    try args.noPositional("wiring")
    var board: BoardPreset?
    if let name = args.value("board") {
      guard let preset = BoardPreset.named(name) else {
        throw UsageError("--board must be \(boardList), not '\(name)'")
      }
      board = preset
    }
    let path = args.value("config")
    if let out = args.value("out") { try OutputFile.check(out, notOver: path.map { [$0] } ?? []) }
    let config: ResolvedInputConfig
    do throws(BoardError) {
      config = try path.map(load) ?? BoardConfiguration.example.resolved
      guard !config.lines.isEmpty else {
        throw BoardError(
          .configuration,
          "\(path ?? "the example"): the board configuration names no encoder, buttons, "
            + "ignition or headlights to wire")
      }
    } catch {
      console.err("headunit: \(error.message)")
      return .usage
    }
    let plan = WiringPlan(board: board ?? config.board, config: config)
    var table = plan.table(markdown: args.flag("markdown"))
    if table.hasSuffix("\n") { table.removeLast() }
    console.out(table)
    if let out = args.value("out") {
      let diagram = try WiringDiagram(plan: plan)
      try OutputFile.write(out) { try diagram.writePNG(to: $0) }
      console.err("headunit: wrote the \(plan.board.name) wiring diagram to \(out)")
    }
    return .success
  }

  /// The largest configuration file read: far more than any real one.
  static let maxConfigurationSize = 1 << 20

  /// The board configuration in the file at `path`: a board file, or the `board` section
  /// of a daemon configuration (told apart by `board` holding an object there).
  ///
  /// - Throws: `BoardError(.configuration)` naming the file and the JSON path of the first
  ///   problem, or why the file cannot be read.
  static func load(_ path: String) throws(BoardError) -> ResolvedInputConfig {
    var status = stat()
    guard stat(path, &status) == 0 else {
      let code = errno
      throw BoardError(
        .configuration, "\(path): cannot read the file (\(String(cString: strerror(code))))")
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw BoardError(
        .configuration, "\(path) is \(OutputFile.kind(status.st_mode)), not a configuration file")
    }
    guard status.st_size <= maxConfigurationSize else {
      throw BoardError(
        .configuration,
        "\(path) is \(status.st_size) bytes; a configuration is at most \(maxConfigurationSize)")
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw BoardError(
        .configuration, "\(path): cannot read the file (\(error.localizedDescription))")
    }
    do throws(JSONError) {
      let root = try JSONNode(parsing: data)
      if let section = try root.members()["board"] {
        switch section.value {
        case .object: return try BoardConfiguration(node: section).resolved
        case .null: throw section.error("no board section (null): no inputs to wire")
        default: break
        }
      }
      return try BoardConfiguration(node: root).resolved
    } catch {
      throw BoardError(.configuration, "\(path): \(error.description)")
    }
  }
}
