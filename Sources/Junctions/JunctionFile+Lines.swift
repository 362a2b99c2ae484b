import Foundation

/// The lines of a junction file's blocks.
extension JunctionFile {
  typealias Fail = (Int, String) -> JunctionError

  /// Words separated by spaces; a `"…"` part keeps its spaces (quotes removed, `\"` for a
  /// quote inside).
  static func words(_ text: String, line: Int, fail: Fail) throws(JunctionError) -> [String] {
    var out: [String] = []
    var word = ""
    var inWord = false
    var quoted = false
    var escaped = false
    for c in text {
      if escaped {
        word.append(c)
        escaped = false
      } else if quoted {
        if c == "\\" {
          escaped = true
        } else if c == "\"" {
          quoted = false
        } else {
          word.append(c)
        }
      } else if c == "\"" {
        quoted = true
        inWord = true
      } else if c == " " || c == "\t" {
        if inWord { out.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(c)
        inWord = true
      }
    }
    if quoted { throw fail(line, "a quote is not closed") }
    if inWord { out.append(word) }
    return out
  }

  /// `key=value` words as tags.
  static func tags(_ words: ArraySlice<String>, line: Int, fail: Fail) throws(JunctionError)
    -> [String: String]
  {
    var tags: [String: String] = [:]
    for word in words {
      guard let eq = word.firstIndex(of: "="), eq != word.startIndex else {
        throw fail(line, "expected a tag key=value, not '\(word)'")
      }
      let key = String(word[..<eq])
      guard tags[key] == nil else { throw fail(line, "tag '\(key)' given twice") }
      tags[key] = String(word[word.index(after: eq)...])
    }
    return tags
  }

  static func isNodeLetter(_ c: Character) -> Bool { ("a"..."z").contains(c) }

  static func way(_ text: String, line: Int, fail: Fail) throws(JunctionError)
    -> JunctionScenario.Way
  {
    let parts = try words(text, line: line, fail: fail)
    let nodes = parts[0]
    guard nodes.count >= 2, nodes.allSatisfy(isNodeLetter) else {
      throw fail(line, "a way starts with two or more node letters a–z, not '\(nodes)'")
    }
    var tags = try self.tags(parts.dropFirst(), line: line, fail: fail)
    if tags["highway"] == nil { tags["highway"] = "primary" }
    if tags["highway"] == "" { tags["highway"] = nil }
    switch tags["name"] {
    case nil: tags["name"] = nodes
    case "": tags["name"] = nil
    default: break
    }
    return JunctionScenario.Way(nodes: nodes, tags: tags, line: line)
  }

  static func nodeTags(_ text: String, line: Int, fail: Fail) throws(JunctionError)
    -> (Character, [String: String])
  {
    let parts = try words(text, line: line, fail: fail)
    guard parts[0].count == 1, let letter = parts[0].first, isNodeLetter(letter) else {
      throw fail(line, "a node line starts with one node letter a–z, not '\(parts[0])'")
    }
    return (letter, try tags(parts.dropFirst(), line: line, fail: fail))
  }

  static func relation(_ text: String, line: Int, fail: Fail) throws(JunctionError)
    -> JunctionScenario.Relation
  {
    var members: [JunctionScenario.Relation.Role] = []
    var tagWords: [String] = []
    for word in try words(text, line: line, fail: fail) {
      if let colon = word.firstIndex(of: ":"), !word.contains("="),
        colon != word.startIndex
      {
        let name = String(word[word.index(after: colon)...])
        guard !name.isEmpty, name.allSatisfy(isNodeLetter) else {
          throw fail(line, "a member is role:letters, not '\(word)'")
        }
        let role = String(word[..<colon])
        members.append(
          .init(role: role, member: name.count == 1 ? .node(name.first!) : .way(name)))
      } else {
        tagWords.append(word)
      }
    }
    guard !members.isEmpty else { throw fail(line, "a relation needs role:member members") }
    return JunctionScenario.Relation(
      members: members, tags: try tags(tagWords[...], line: line, fail: fail), line: line)
  }

  static func routeCase(_ text: String, line: Int, fail: Fail) throws(JunctionError)
    -> JunctionScenario.Case
  {
    guard let colon = text.firstIndex(of: ":") else {
      throw fail(line, "a route is 'FROM -> TO: STEP, STEP, …'")
    }
    let ends = text[..<colon].components(separatedBy: "->").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard ends.count == 2, ends.allSatisfy({ $0.count == 1 }), let from = ends[0].first,
      let to = ends[1].first
    else { throw fail(line, "a route starts with FROM -> TO, each one letter or digit") }
    var steps: [ExpectedManeuver] = []
    for piece in splitSteps(String(text[text.index(after: colon)...])) {
      guard let step = ExpectedManeuver.parse(piece) else {
        throw fail(line, "'\(piece)' does not start with a maneuver type (depart, turn, fork, …)")
      }
      steps.append(step)
    }
    guard steps.count >= 2 else { throw fail(line, "a route has at least depart and arrive") }
    return JunctionScenario.Case(from: from, to: to, expected: steps, line: line)
  }

  /// The steps of a route line, split at commas outside quotes.
  static func splitSteps(_ text: String) -> [String] {
    var out: [String] = []
    var piece = ""
    var quoted = false
    for c in text {
      if c == "\"" { quoted.toggle() }
      if c == "," && !quoted {
        out.append(piece)
        piece = ""
      } else {
        piece.append(c)
      }
    }
    out.append(piece)
    return out.map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// Places the drawing's letters and digits.
  static func placeMap(
    _ lines: [(line: Int, text: String)], into scenario: inout JunctionScenario, fail: Fail
  ) throws(JunctionError) {
    let drawn = lines.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
    guard !drawn.isEmpty else { throw fail(scenario.line, "the scenario has no map") }
    if let tab = drawn.first(where: { $0.text.contains("\t") }) {
      throw fail(tab.line, "the map uses a tab; draw it with spaces")
    }
    let indent = drawn.map { $0.text.prefix { $0 == " " }.count }.min() ?? 0
    let first = lines.firstIndex { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }!
    for (row, entry) in lines[first...].enumerated() {
      for (column, c) in entry.text.dropFirst(indent).enumerated()
      where isNodeLetter(c) || c.isASCII && c.isNumber {
        guard scenario.points[c] == nil else {
          throw fail(entry.line, "'\(c)' is drawn twice")
        }
        scenario.points[c] = .init(column: column, row: row)
      }
    }
  }

  /// Every letter used is drawn, every way and relation refers to what exists.
  static func check(_ s: JunctionScenario, fail: Fail) throws(JunctionError) {
    for way in s.ways {
      if let c = way.nodes.first(where: { s.points[$0] == nil }) {
        throw fail(way.line, "node '\(c)' of way \(way.nodes) is not on the map")
      }
    }
    for (letter, _) in s.nodeTags where s.points[letter] == nil {
      throw fail(s.line, "node '\(letter)' has tags but is not on the map")
    }
    let wayNames = Set(s.ways.map(\.nodes))
    for relation in s.relations {
      for m in relation.members {
        switch m.member {
        case .node(let c) where s.points[c] == nil:
          throw fail(relation.line, "member node '\(c)' is not on the map")
        case .way(let w) where !wayNames.contains(w):
          throw fail(relation.line, "member way '\(w)' is not in the ways block")
        default: break
        }
      }
    }
    guard !s.cases.isEmpty else { throw fail(s.line, "scenario '\(s.title)' has no routes") }
    for c in s.cases {
      for p in [c.from, c.to] where s.points[p] == nil {
        throw fail(c.line, "route point '\(p)' is not on the map")
      }
    }
  }
}
