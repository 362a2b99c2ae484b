import Foundation
import MapFile
import OSMPBF
import Routing

/// Imports an OpenStreetMap PBF extract into a map file for `RoadMap`.
///
/// Two passes over the mapped file: the first decodes ways and relations (skipping node
/// groups unread) and keeps the drivable roads, named place ways, areas, the coastline and
/// turn restrictions, then reads the ways once more for the members of area relations (a
/// PBF file lists ways before the relations naming them); the second decodes only the
/// blobs that hold nodes and keeps the coordinates the roads and areas need, and named
/// place nodes. Memory grows with what is kept, not with the file.
///
/// Blobs are inflated and decoded on `decodingThreads` threads at once, a few ahead of
/// the one being used (`BlobPipeline`); what they hold is used in file order, so the map is
/// the same whatever the threads do.
/// Blocking: runs on the caller's thread; `progress` is called on it after every blob, in
/// file order.
public struct MapImporter: Sendable {
  /// How far an import is: the phase, and how many of its units (blobs, or edges for the
  /// hierarchy) are done.
  public struct Progress: Sendable, Equatable {
    public enum Phase: String, Sendable {
      /// Pass 1: ways and relations, blob by blob.
      case ways
      /// Pass 2: nodes, blob by blob.
      case nodes
      /// The steps after the passes, each reported once as it begins (done 0 of 1), in
      /// this order: the road graph assembled, areas, the routing table, addresses.
      case roads, areas, routingTable, addresses
      /// The routing hierarchy, edge by edge contracted.
      case hierarchy

      /// Whether the phase is one step, reported once, rather than a count of units.
      public var isStep: Bool { ![.ways, .nodes, .hierarchy].contains(self) }
    }
    public var phase: Phase
    public var done: Int
    public var total: Int
  }

  /// The country whose default speed limits apply; nil guesses it from the data.
  public var country: String?
  /// Whether to import addresses (`false`: a map of roads and places only, as before
  /// format version 3; for measuring what addresses cost).
  public var addresses: Bool
  /// Whether to build the routing hierarchy (`false`: a map the router searches plainly,
  /// as before it had one).
  public var hierarchy: Bool
  /// How many threads inflate and decode blobs (1: all on the caller's thread). The map's
  /// bytes are the same for any number.
  public var decodingThreads: Int
  /// A folder for the scratch files that hold the map's roads and areas, its routing table
  /// and the contraction's arcs while the rest is made (`RoadMapBuilder.scratchFolder`):
  /// the output's folder, so a country's import needs no more memory for them; nil keeps
  /// them in memory. The map's bytes are the same either way.
  public var scratchFolder: String?

  public init(
    country: String? = nil, addresses: Bool = true, hierarchy: Bool = true,
    decodingThreads: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.country = country
    self.addresses = addresses
    self.hierarchy = hierarchy
    self.decodingThreads = max(1, decodingThreads)
  }

  /// Imports the PBF file at `path`.
  ///
  /// - Throws: `RoutingError` naming the file and blob when the file is unreadable,
  ///   truncated or corrupt, or `.noData` when it holds no drivable road.
  public func importFile(
    atPath path: String, progress: (Progress) -> Void = { _ in }
  ) throws(RoutingError) -> RoadMapBuilder.Output {
    try importPBF(try PBFFile(contentsOf: path), progress: progress)
  }

  /// Imports an opened PBF file.
  public func importPBF(_ file: PBFFile, progress: (Progress) -> Void = { _ in })
    throws(RoutingError) -> RoadMapBuilder.Output
  {
    let header = try file.header()
    let blobs = file.dataBlobs
    var builder = RoadMapBuilder(country: country)
    builder.extractBox = header.boundingBoxE7
    builder.addresses = addresses
    builder.hierarchy = hierarchy
    builder.scratchFolder = scratchFolder
    let pipeline = BlobPipeline(threads: decodingThreads)
    var nodeBlobs: [PBFFile.Blob] = []
    var wayBlobs: [PBFFile.Blob] = []
    try pipeline.forEach(blobs) { blob throws(RoutingError) in
      try file.block(blob, contents: [.ways, .relations])
    } consume: { i, block throws(RoutingError) in
      if block.hasNodes { nodeBlobs.append(blobs[i]) }
      if !block.ways.isEmpty { wayBlobs.append(blobs[i]) }
      for way in block.ways { builder.addWay(way) }
      for relation in block.relations { builder.addRelation(relation) }
      progress(Progress(phase: .ways, done: i + 1, total: blobs.count))
    }
    try readMemberWays(file, wayBlobs, pipeline: pipeline, into: &builder)
    let dataBox = try readNodes(
      file, nodeBlobs, needed: builder.referencedNodes, pipeline: pipeline, into: &builder,
      progress: progress)
    if builder.extractBox == nil { builder.extractBox = dataBox.box }
    // The passes are done: the file's pages need not stay while the map is made.
    file.evict()
    // The builder out of the variable the passes' closures captured, so that its build
    // owns the only copy of what it has gathered and lets each part go once used (a call
    // on the captured variable would build from a copy, the variable holding all of it).
    var gathered = RoadMapBuilder(country: country)
    swap(&gathered, &builder)
    let output = (consume gathered).build(
      step: { progress(Progress(phase: $0, done: 0, total: 1)) },
      hierarchyProgress: { progress(Progress(phase: .hierarchy, done: $0, total: $1)) })
    guard output.summary.edges > 0 else {
      throw RoutingError(
        .noData,
        "no drivable road in the file (\(output.summary.waysDropped) drivable ways without their nodes)",
        file: file.name)
    }
    return output
  }

  /// Pass 2: the nodes the roads and areas need (`needed`, let go when the pass ends), and
  /// named places and addresses, into `builder`; returns the box of every node seen.
  private func readNodes(
    _ file: PBFFile, _ nodeBlobs: [PBFFile.Blob], needed: SortedIDs, pipeline: BlobPipeline,
    into builder: inout RoadMapBuilder, progress: (Progress) -> Void
  ) throws(RoutingError) -> DataBox {
    let addresses = addresses
    var dataBox = DataBox()
    try pipeline.forEach(nodeBlobs) { blob throws(RoutingError) in
      let block = try file.block(blob, contents: .nodes)
      var box = DataBox()
      var kept: [OSMNode] = []
      for node in block.nodes {
        box.add(node)
        if needed.contains(node.id)
          || (!node.tags.isEmpty
            && (PlaceCategory.of(node.tags) != nil
              || (addresses && RoadMapBuilder.keepsNode(tags: node.tags))))
        {
          kept.append(node)
        }
      }
      return (kept, box)
    } consume: { i, decoded throws(RoutingError) in
      dataBox.add(decoded.1)
      for node in decoded.0 { builder.addNode(node) }
      progress(Progress(phase: .nodes, done: i + 1, total: nodeBlobs.count))
    }
    return dataBox
  }
}
