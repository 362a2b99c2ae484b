extension WiringPlan {
  /// The table's column titles.
  static let titles = ["pin", "GPIO", "function", "pull", "active", "wire to"]

  /// The plan as rows of the table's cells, in header pin order.
  public var rows: [[String]] {
    connections.map { connection in
      [
        String(connection.pin),
        connection.gpio.map { "GPIO\($0)" } ?? "—",
        connection.function.name,
        Self.pullText(connection),
        Self.levelText(connection.activeLevel),
        Self.wireText(connection),
      ]
    }
  }

  /// The wiring table: a Markdown table when `markdown`, else plain columns padded with
  /// spaces to line up in a fixed-width font. Ends with a line break.
  public func table(markdown: Bool) -> String {
    let rows = self.rows
    if markdown {
      let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
      return
        ([line(Self.titles), "|" + String(repeating: "---|", count: Self.titles.count)]
        + rows.map(line)).joined(separator: "\n") + "\n"
    }
    let all = [Self.titles] + rows
    let widths = Self.titles.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    let line = { (cells: [String]) -> String in
      let padded = cells.enumerated().map { index, cell in
        index == cells.count - 1
          ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
      }
      return padded.joined(separator: "  ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }
    return ([line(Self.titles), line(rule)] + rows.map(line)).joined(separator: "\n") + "\n"
  }

  static func pullText(_ connection: Connection) -> String {
    guard connection.gpio != nil else { return "—" }
    switch connection.pull {
    case .up: return "up, internal"
    case .none: return connection.external.map { "none; \($0) outside" } ?? "none"
    }
  }

  static func levelText(_ level: Level?) -> String {
    switch level {
    case .low: "low"
    case .high: "high"
    case .both: "both (quadrature)"
    case nil: "—"
    }
  }

  /// `encoder: C (common), switch 2; back button: 2`: the parts' terminals, grouped by part.
  static func wireText(_ connection: Connection) -> String {
    var groups: [(part: Part, terminals: [String])] = []
    for (part, terminal) in zip(connection.parts, connection.terminals) {
      if let index = groups.firstIndex(where: { $0.part == part }) {
        groups[index].terminals.append(terminal)
      } else {
        groups.append((part, [terminal]))
      }
    }
    return groups.map { "\($0.part.name): \($0.terminals.joined(separator: ", "))" }
      .joined(separator: "; ")
  }
}
