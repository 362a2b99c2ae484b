import Routing

extension Intersection {
  /// Whether `a` and `b` are one road to a driver: the same name, or names that differ
  /// only by a compass word in front or behind ("North Central Expressway", "Central
  /// Expressway"), and refs where one holds all of the other's (`ref` lists split at `;`),
  /// or none on either. Two roads with neither name nor ref are one road only when they
  /// are the same way.
  static func sameRoad(_ a: RoadEdge, _ b: RoadEdge) -> Bool {
    let refA = a.ref ?? ""
    let refB = b.ref ?? ""
    if a.name.isEmpty && refA.isEmpty { return a.wayID == b.wayID }
    guard sameName(a.name, b.name) else { return false }
    return refA == refB || refsNest(refs(refA), refs(refB))
  }

  /// Whether the driver is told the road's new name going from `a` onto `b` straight on:
  /// not onto a road with neither name nor ref (there is nothing to show), not when the
  /// two are one road (`sameRoad`), and not when a name only appears or disappears on a
  /// road whose ref goes on (a motorway whose stretch through a town has a name).
  static func announcesName(from a: RoadEdge, to b: RoadEdge) -> Bool {
    let refsA = refs(a.ref)
    let refsB = refs(b.ref)
    if b.name.isEmpty && refsB.isEmpty { return false }
    if a.name.isEmpty && refsA.isEmpty { return true }
    if sameRoad(a, b) { return false }
    let refGoesOn = !refsA.isEmpty && !refsB.isEmpty && refsNest(refsA, refsB)
    return !(refGoesOn && (a.name.isEmpty || b.name.isEmpty))
  }

  /// Whether one set of refs holds all of the other's.
  static func refsNest(_ a: Set<Substring>, _ b: Set<Substring>) -> Bool {
    a.isSubset(of: b) || b.isSubset(of: a)
  }

  /// The refs of a `ref` tag: its `;`-separated parts, trimmed, empty ones dropped.
  static func refs(_ ref: String?) -> Set<Substring> {
    guard let ref, !ref.isEmpty else { return [] }
    return Set(ref.split(separator: ";").map { $0.trimmingSpaces }.filter { !$0.isEmpty })
  }

  /// Whether two names are the same but for compass words in front or behind ("North
  /// Central Expressway" and "Central Expressway", "… Northeast" and "… Northwest"); not
  /// where only a kind of street is left ("West Road" and "East Road" are two roads).
  static func sameName(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    // A compass word is at most 9 letters and a space, and changes one end of the name.
    guard !a.isEmpty, !b.isEmpty, abs(a.utf8.count - b.utf8.count) <= 20,
      a.utf8.first == b.utf8.first || a.utf8.last == b.utf8.last
    else { return false }
    let base = baseName(a)
    return !base.isEmpty && !streetKinds.contains(String(base)) && base == baseName(b)
  }

  /// Words that say what kind of street a name is, not which.
  static let streetKinds: Set<String> = [
    "Street", "St", "Road", "Rd", "Avenue", "Ave", "Lane", "Ln", "Way", "Drive", "Dr",
    "Boulevard", "Blvd", "Place", "Pl", "Court", "Ct", "Terrace", "Highway", "Parkway",
  ]

  /// `name` without one compass word in front and one behind (behind, a long one may be
  /// joined on without a space).
  static func baseName(_ name: String) -> Substring {
    var s = Substring(name)
    if let space = s.firstIndex(of: " "), compassWordSet.contains(s[..<space]) {
      s = s[s.index(after: space)...]
    }
    if let space = s.lastIndex(of: " "), compassWordSet.contains(s[s.index(after: space)...]) {
      s = s[..<space]
    } else if let word = joinedCompassWords.first(where: { s.hasSuffix($0) && s.count > $0.count })
    {
      s = s.dropLast(word.count)
    }
    return s
  }

  static let compassWordSet = Set(compassWords.map { Substring($0) })
  /// The compass words long enough to be recognised joined on without a space, longest
  /// first.
  static let joinedCompassWords = compassWords.filter { $0.count >= 4 }

  /// Words that place a street in a town rather than name it, longest first.
  static let compassWords = [
    "Northeast", "Northwest", "Southeast", "Southwest", "North", "South", "East", "West",
    "NE", "NW", "SE", "SW", "N", "S", "E", "W",
  ]
}

extension Substring {
  /// Without spaces at either end.
  fileprivate var trimmingSpaces: Substring {
    var s = self
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return s
  }
}
