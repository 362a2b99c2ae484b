/// The graph a contraction works on: the arcs among the nodes not yet contracted, both
/// ways, with the shortcuts added so far.
struct ContractionGraph {
  struct Arc {
    var node: Int32
    var weight: UInt32
    /// The node a shortcut skips; -1 for a move of the road graph.
    var middle: Int32
  }

  /// Arcs out of each node, and into each node (`node` is then the arc's source).
  var out: [[Arc]]
  var into: [[Arc]]

  init(nodes: Int) {
    out = [[Arc]](repeating: [], count: nodes)
    into = [[Arc]](repeating: [], count: nodes)
  }

  /// Adds the arc `from` → `to`, or lowers the one there is; nothing for a loop or when
  /// the arc there is as cheap.
  mutating func add(from: Int, to: Int, weight: UInt32, middle: Int32) {
    guard from != to else { return }
    if let i = out[from].firstIndex(where: { Int($0.node) == to }) {
      guard weight < out[from][i].weight else { return }
      out[from][i].weight = weight
      out[from][i].middle = middle
      if let j = into[to].firstIndex(where: { Int($0.node) == from }) {
        into[to][j].weight = weight
        into[to][j].middle = middle
      }
      return
    }
    out[from].append(Arc(node: Int32(to), weight: weight, middle: middle))
    into[to].append(Arc(node: Int32(from), weight: weight, middle: middle))
  }

  /// Takes `v` out: its arcs leave its neighbours' lists.
  mutating func remove(_ v: Int) {
    for arc in out[v] { into[Int(arc.node)].removeAll { Int($0.node) == v } }
    for arc in into[v] { out[Int(arc.node)].removeAll { Int($0.node) == v } }
    out[v] = []
    into[v] = []
  }
}
