extension RoutingTable {
  /// Calls `body(next, cost)` for every move allowed from the end of edge `e`: turn
  /// restrictions respected, back along the same road only when nothing else is allowed,
  /// turn costs (`options`) only at a junction: where more than two roads meet, whether a
  /// car may take them or not (a oneway street arriving still has traffic to give way to),
  /// or, in a table that does not count roads, where there is a choice. Going on round a
  /// roundabout's ring is never a turn: its bends are the ring's, and a way off and back
  /// on must not look cheaper. From road to road through a node of the ring the car goes
  /// onto the ring and off at once: the turn is the one onto the ring.
  @inline(__always)
  func forEachMove(from e: Int, options: RouterOptions, _ body: (Int, Double) -> Void) {
    let twin = twin(e)
    let range = outgoing(from: to(e))
    var choices = 0
    var ringOut = -1
    for f in range where f != twin {
      if allows(from: e, to: f) { choices += 1 }
      if roundabout(f) { ringOut = f }
    }
    let roads = roadsAtEnd(e)
    let isJunction = roads > 0 ? roads > 2 : choices > 1
    for f in range {
      if f == twin {
        if choices == 0, allows(from: e, to: f) { body(f, options.uTurnCost) }
        continue
      }
      guard allows(from: e, to: f) else { continue }
      if !isJunction || roundabout(e) && roundabout(f) {
        body(f, 0)
      } else if ringOut >= 0 && !roundabout(e) && !roundabout(f) {
        // Through a ring's node from road to road: onto the ring and straight off again.
        body(f, options.turnCost(angle: angle(from: e, to: ringOut)))
      } else {
        body(f, options.turnCost(angle: angle(from: e, to: f)))
      }
    }
  }

  /// The moves from the end of edge `e` with what each costs the search: the turn, entering
  /// a destination-only road or one under works, and the next edge's cost.
  func moves(from e: Int, options: RouterOptions) -> [(to: Int, cost: Double)] {
    var out: [(Int, Double)] = []
    forEachMove(from: e, options: options) { f, turn in
      out.append((f, turn + cost(f) + entryCost(from: e, to: f, options: options)))
    }
    return out
  }
}

extension RoutingTableRecords {
  /// Calls `body(e, moves)` for every edge in order with the moves `Router.moves(from:)`
  /// gives for a router with `options` over a map storing these records: the same moves
  /// and costs, to the bit. Reads the records in place, without a copy or a road graph.
  package func forEachEdgeMoves<Failure: Error>(
    options: RouterOptions,
    _ body: (Int, [(to: Int, cost: Double)]) throws(Failure) -> Void
  ) throws(Failure) {
    let result: Result<Void, Failure> = edges.withUnsafeBytes { edges in
      nodes.withUnsafeBytes { nodes in
        restrictions.withUnsafeBytes { restrictions in
          // The table lives only within these calls, while the pointers hold; the moves do
          // not read the classes.
          let table = RoutingTable(
            edgeCount: edgeCount, nodeCount: nodeCount, restrictionCount: restrictionCount,
            maximumSpeed: maximumSpeed, edges: Self.base(edges), nodes: Self.base(nodes),
            restrictions: Self.base(restrictions), classes: nil, owner: Self.noOwner)
          do throws(Failure) {
            for e in 0..<edgeCount { try body(e, table.moves(from: e, options: options)) }
            return .success(())
          } catch {
            return .failure(error)
          }
        }
      }
    }
    try result.get()
  }

  /// What a table read in place is tied to: nothing, the caller keeps the records.
  private static let noOwner = NoOwner()
  private final class NoOwner: Sendable {}

  private static func base(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawPointer {
    bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!
  }
}
