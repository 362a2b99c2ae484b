extension RoutingTableRecords {
  /// The strongly connected component of every node (Tarjan's algorithm, iterative so a
  /// long road cannot overflow the stack): numbers in 0..<components, equal for nodes that
  /// can each reach the other. Ignores turn restrictions.
  static func stronglyConnectedComponents(
    nodes: Int, outStart: [Int32], outEnd: [Int32], edgeTo: [Int32]
  ) -> [Int] {
    var index = [Int](repeating: -1, count: nodes)
    var low = [Int](repeating: 0, count: nodes)
    var onStack = [Bool](repeating: false, count: nodes)
    var component = [Int](repeating: -1, count: nodes)
    var stack: [Int] = []
    var next = 0
    var components = 0
    // (node, next outgoing edge to look at)
    var work: [(node: Int, edge: Int)] = []
    for root in 0..<nodes where index[root] < 0 {
      work.append((root, Int(outStart[root])))
      index[root] = next
      low[root] = next
      next += 1
      stack.append(root)
      onStack[root] = true
      while let (node, edge) = work.last {
        if edge < Int(outEnd[node]) {
          work[work.count - 1].edge += 1
          let child = Int(edgeTo[edge])
          if index[child] < 0 {
            index[child] = next
            low[child] = next
            next += 1
            stack.append(child)
            onStack[child] = true
            work.append((child, Int(outStart[child])))
          } else if onStack[child] {
            low[node] = min(low[node], index[child])
          }
          continue
        }
        work.removeLast()
        if let parent = work.last?.node { low[parent] = min(low[parent], low[node]) }
        if low[node] == index[node] {
          while let member = stack.popLast() {
            onStack[member] = false
            component[member] = components
            if member == node { break }
          }
          components += 1
        }
      }
    }
    return component
  }
}
