import Navigation

/// Reads OSM signpost tags into `Signpost`s for the edges of the map.
///
/// On a way: `destination`, `destination:ref` and `junction:ref`, with `:forward` and
/// `:backward` forms for one direction of a two-way road (the plain form applies in the
/// direction of travel of a oneway, and forward otherwise), and `destination:lanes` when
/// there is no `destination` (the places of every lane, in order). At the node a ramp
/// leaves from, a `highway=motorway_junction` gives the exit number (`ref`, unless the
/// way has its own `junction:ref`) and, when the way names nowhere, its `exit_to`.
enum SignpostTags {
  /// What a `highway=motorway_junction` node's sign says.
  struct Junction: Sendable, Equatable {
    var ref: String?
    var exitTo: String?

    /// The junction sign of a node with these tags; nil for other nodes and for junctions
    /// that say nothing.
    init?(tags: [String: String]) {
      guard tags["highway"] == "motorway_junction" else { return nil }
      ref = tags["ref"]
      exitTo = tags["exit_to"]
      if ref == nil && exitTo == nil { return nil }
    }
  }

  /// The signpost of an edge of a way with `tags`, driven `forward` (along the way's node
  /// order) or not; `oneway` when the way is driven in one direction only; `junction` is
  /// the sign of the node the edge starts at, used only for ramps (`isLink`).
  static func signpost(
    tags: [String: String], forward: Bool, oneway: Bool, isLink: Bool, junction: Junction?
  ) -> Signpost? {
    func value(_ key: String) -> String? {
      let directed = tags["\(key):\(forward ? "forward" : "backward")"]
      return directed ?? (forward || oneway ? tags[key] : nil)
    }
    let junction = isLink ? junction : nil
    var destination = value("destination")
    if destination == nil, let lanes = value("destination:lanes") {
      destination = lanes.split(separator: "|").joined(separator: ";")
    }
    return Signpost(
      destination: destination ?? junction?.exitTo, destinationRef: value("destination:ref"),
      exit: value("junction:ref") ?? junction?.ref)
  }
}
