import Foundation
import OSMPBF

extension JunctionScenario {
  /// The scenario as an OSM extract: a node per drawn letter (ids 1… in letter order), a way
  /// per line of the ways block (ids 1… in order), a relation per line of the relations
  /// block. Digits are not part of it.
  public func extract() -> PBFWriter {
    var writer = PBFWriter()
    let letters = points.keys.filter(JunctionFile.isNodeLetter).sorted()
    var nodeIDs: [Character: Int64] = [:]
    for (i, letter) in letters.enumerated() {
      let id = Int64(i + 1)
      nodeIDs[letter] = id
      let c = coordinate(of: letter)!
      writer.nodes.append(
        OSMNode(
          id: id, latitudeE7: Int32((c.latitude * 1e7).rounded()),
          longitudeE7: Int32((c.longitude * 1e7).rounded()), tags: nodeTags[letter] ?? [:]))
    }
    var wayIDs: [String: Int64] = [:]
    for (i, way) in ways.enumerated() {
      let id = Int64(i + 1)
      wayIDs[way.nodes] = wayIDs[way.nodes] ?? id
      writer.ways.append(OSMWay(id: id, nodes: way.nodes.map { nodeIDs[$0]! }, tags: way.tags))
    }
    for (i, relation) in relations.enumerated() {
      let members = relation.members.map { m in
        switch m.member {
        case .node(let c): OSMRelation.Member(type: .node, ref: nodeIDs[c]!, role: m.role)
        case .way(let w): OSMRelation.Member(type: .way, ref: wayIDs[w]!, role: m.role)
        }
      }
      writer.relations.append(OSMRelation(id: Int64(i + 1), members: members, tags: relation.tags))
    }
    return writer
  }
}
