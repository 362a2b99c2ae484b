import POSIX
import Routing

/// A map's roads, areas and addresses written to a scratch file (`ScratchFile`) and mapped
/// back, so an import can let go of them in memory while it works out the routing table and
/// the routing hierarchy, then copy them into the map file
/// (`MapFileWriter.write(after:routing:to:)`).
///
/// The scratch file is a map file of its own, without a routing table or hierarchy. Its
/// pages are the page cache's: they count as this process's memory only while read.
package final class SpilledMap: @unchecked Sendable {
  // @unchecked: `sections` point into `file`'s read-only mapping, which lives as long as
  // this object; nothing here changes after `init`.
  /// The scratch file opened as a map.
  package let map: RoadMap
  let file: ScratchFile
  /// The scratch file's sections in file order, their bytes in the mapping.
  let sections: [MapFileWriter.LaidOut]

  /// Writes `content`'s sections but its routing hierarchy and table to a scratch file
  /// in `folder`, one section laid out at a time, and maps the file.
  ///
  /// - Throws: `RoutingError` when the file cannot be written or mapped back (a full disk,
  ///   a read-only folder); nothing is left behind.
  package init(writing content: MapContent, in folder: String) throws(RoutingError) {
    var roads = content
    roads.hierarchy = nil
    roads.routing = nil
    file = try ScratchFile(in: folder) { (sink) throws(Errno) in
      try MapFileWriter(content: roads).write(to: sink)
    }
    map = try RoadMap(storage: file.storage, name: file.path)
    // In the table's order (sections without records share an offset with the next).
    let base = file.storage.bytes
    var sections: [MapFileWriter.LaidOut] = []
    let count = Int(base.loadUnaligned(fromByteOffset: 12, as: UInt32.self).littleEndian)
    for i in 0..<count {
      let entry = MapFileLayout.headerSize + i * MapFileLayout.tableEntrySize
      let tag = base.loadUnaligned(fromByteOffset: entry, as: UInt32.self).littleEndian
      guard let kind = MapFileLayout.Section.allCases.first(where: { $0.tag == tag }),
        let section = map.sections[kind]
      else { continue }
      let start = section.offset
      let end = start + section.count * section.recordSize
      let bytes = UnsafeRawBufferPointer(rebasing: base[start..<end])
      sections.append((kind, section.count, .mapped(bytes, file.storage)))
    }
    self.sections = sections
  }

  /// Lets the kernel take back the pages read so far (after the routing table is made
  /// from the map): they come back from the page cache when written out.
  package func evict() {
    file.storage.evict(file.storage.bytes)
  }
}
