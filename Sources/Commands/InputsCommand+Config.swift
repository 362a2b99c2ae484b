import Board
import Foundation
import HeadUnit
import JSON

extension InputsCommand {
  /// The keys only a bare board configuration (`Deploy/board.example.json`) has at its top.
  static let boardOnlyKeys: Set<String> = [
    "chip", "encoder", "buttons", "ignition", "headlights", "debounceMs", "longPressMs",
    "powerSupplyPath",
  ]

  /// The GPIO inputs configured in the file at `path`: the `board` section of a daemon
  /// configuration (`Deploy/config.example.json`, validated whole, as `run` reads it), or a
  /// bare board configuration. A document is a board configuration when its `board` names
  /// a preset (a string) or it has a key of the board file's own; otherwise it is the
  /// daemon's. Blocks on the read.
  ///
  /// - Throws: `BoardError(.configuration)` starting with `path` when the file cannot be
  ///   read, is wrong, or configures no inputs.
  static func inputs(at path: String) throws(BoardError) -> ResolvedInputConfig {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: path)
        ? error.localizedDescription : "no such file"
      throw BoardError(
        .configuration,
        "cannot read the configuration at \(path) (\(reason)); give one with --config FILE "
          + "(a daemon configuration, Deploy/config.example.json, or a board configuration, "
          + "Deploy/board.example.json)")
    }
    guard isDaemonConfiguration(data) else {
      do {
        return try BoardConfiguration(json: data).resolved
      } catch {
        throw BoardError(.configuration, "\(path): \(error.message)")
      }
    }
    let configuration: DaemonConfiguration
    do {
      configuration = try DaemonConfiguration(json: data)
    } catch {
      throw BoardError(.configuration, "\(path): \(error.message)")
    }
    guard let board = configuration.board else {
      throw BoardError(
        .configuration,
        "\(path): the configuration has no board section (the encoder, buttons and "
          + "ignition; see Deploy/config.example.json)")
    }
    return board
  }

  /// Whether `data` is a daemon configuration rather than a bare board configuration; a
  /// document that is not a JSON object counts as a board one, whose reader reports it.
  static func isDaemonConfiguration(_ data: Data) -> Bool {
    guard let root = try? JSONNode(parsing: data), case .object(let fields) = root.value else {
      return false
    }
    for (key, value) in fields {
      if boardOnlyKeys.contains(key) { return false }
      if key == "board", case .string = value { return false }
    }
    return true
  }
}
