/// Joins ways into longer lines where they share an end node: the members of a
/// multipolygon into its rings (reversing ways as needed), coastline ways into the coast
/// (never reversed: the land is on the left).
///
/// Greedy and deterministic: ways are taken in the order given and each line grows at its
/// end, then at its start, by the first unused way that fits, until it closes or nothing
/// fits. O(ways) with an index of the ends.
enum WayChains {
  static func join(_ ways: [[Int64]], reversing: Bool) -> [[Int64]] {
    var byStart: [Int64: [Int]] = [:]
    var byEnd: [Int64: [Int]] = [:]
    for (i, way) in ways.enumerated() where way.count >= 2 {
      byStart[way[0], default: []].append(i)
      byEnd[way[way.count - 1], default: []].append(i)
    }
    var used = [Bool](repeating: false, count: ways.count)
    var result: [[Int64]] = []
    func take(from index: [Int64: [Int]], _ node: Int64) -> Int? {
      guard let list = index[node] else { return nil }
      return list.first { !used[$0] }
    }
    for i in ways.indices where !used[i] && ways[i].count >= 2 {
      used[i] = true
      var line = ways[i]
      // Grow at the end.
      while line.first != line.last, let tail = line.last {
        if let next = take(from: byStart, tail) {
          used[next] = true
          line += ways[next].dropFirst()
        } else if reversing, let next = take(from: byEnd, tail) {
          used[next] = true
          line += ways[next].reversed().dropFirst()
        } else {
          break
        }
      }
      // Then at the start.
      while line.first != line.last, let head = line.first {
        if let previous = take(from: byEnd, head) {
          used[previous] = true
          line = ways[previous].dropLast() + line
        } else if reversing, let previous = take(from: byStart, head) {
          used[previous] = true
          line = ways[previous].reversed().dropLast() + line
        } else {
          break
        }
      }
      result.append(line)
    }
    return result
  }
}
