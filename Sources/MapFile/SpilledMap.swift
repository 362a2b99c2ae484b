import Foundation
import POSIX
import Routing

/// A map's roads, areas and addresses written to a scratch file and mapped back, so an
/// import can let go of them in memory while it works out the routing table and the
/// routing hierarchy, then copy them into the map file (`MapFileWriter.write(after:to:)`).
///
/// The scratch file is a map file of its own (without a routing table or hierarchy) in
/// the folder given, named `.headunit-scratch-PID-N.map`; it is removed when this is let
/// go, and at once if writing it fails. Its pages are the page cache's: they count as
/// this process's memory only while they are read.
package final class SpilledMap: @unchecked Sendable {
  // @unchecked: `sections` point into `storage`'s read-only mapping, which lives as long
  // as this object; nothing here changes after `init`.
  /// The scratch file opened as a map.
  package let map: RoadMap
  let storage: MappedBytes
  /// The scratch file's sections in file order, with their bytes in the mapping.
  let sections: [(section: MapFileLayout.Section, count: Int, bytes: UnsafeRawBufferPointer)]
  private let path: String

  private static let serial = Serial()

  private final class Serial: @unchecked Sendable {
    // @unchecked: the counter is read and changed only under `lock`.
    private let lock = NSLock()
    private var next = 0

    func take() -> Int {
      lock.lock()
      defer { lock.unlock() }
      next += 1
      return next
    }
  }

  /// Writes `content`'s sections but its routing hierarchy and table to a scratch file
  /// in `folder`, one section laid out at a time, and maps the file.
  ///
  /// - Throws: `RoutingError` `.unreadable` when the file cannot be written or mapped back
  ///   (a full disk, a read-only folder); nothing is left behind.
  package init(writing content: MapContent, in folder: String) throws(RoutingError) {
    var roads = content
    roads.hierarchy = nil
    roads.routing = nil
    let path =
      (folder.isEmpty ? "." : folder)
      + "/.headunit-scratch-\(getpid())-\(Self.serial.take()).map"
    do throws(Errno) {
      let file = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL)
      defer { file.close() }
      try MapFileWriter(content: roads).write { (part: UnsafeRawBufferPointer) throws(Errno) in
        try file.writeAll(part)
      }
    } catch {
      unlink(path)
      throw RoutingError(.unreadable, "cannot write a scratch map: \(error)", file: path)
    }
    let map: RoadMap
    do {
      map = try RoadMap(storage: try MappedBytes(contentsOf: path), name: path)
    } catch {
      unlink(path)
      throw error
    }
    self.path = path
    self.map = map
    storage = map.storage
    // In the table's order (sections without records share an offset with the next).
    let base = map.storage.bytes
    var sections: [(MapFileLayout.Section, Int, UnsafeRawBufferPointer)] = []
    let count = Int(base.loadUnaligned(fromByteOffset: 12, as: UInt32.self).littleEndian)
    for i in 0..<count {
      let entry = MapFileLayout.headerSize + i * MapFileLayout.tableEntrySize
      let tag = base.loadUnaligned(fromByteOffset: entry, as: UInt32.self).littleEndian
      guard let kind = MapFileLayout.Section.allCases.first(where: { $0.tag == tag }),
        let section = map.sections[kind]
      else { continue }
      let start = section.offset
      let end = start + section.count * section.recordSize
      sections.append((kind, section.count, UnsafeRawBufferPointer(rebasing: base[start..<end])))
    }
    self.sections = sections
  }

  /// Lets the kernel take back the pages read so far (after the routing table is made
  /// from the map): they come back from the page cache when written out.
  package func evict() {
    storage.evict(storage.bytes)
  }

  deinit {
    unlink(path)
  }
}
