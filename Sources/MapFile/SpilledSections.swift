import POSIX
import Routing

/// Sections of a map file written one after another to a scratch file (`ScratchFile`) and
/// mapped back, for `MapFileWriter.write(after:routing:to:)` to copy into the map file: the
/// routing table, which the contraction reads once at its start and the map file needs only
/// at its end.
package final class SpilledSections: @unchecked Sendable {
  // @unchecked: `sections` point into `file`'s read-only mapping, which lives as long as
  // this object; nothing here changes after `init`.
  let file: ScratchFile
  /// The sections, their bytes in the mapping.
  let sections: [MapFileWriter.LaidOut]

  /// Writes `routing`'s sections (`RTMT`, `RTED`, `RTND`, `RTRS`) to a scratch file in
  /// `folder` and maps it.
  ///
  /// - Throws: `RoutingError` when the file cannot be written or mapped back; nothing is
  ///   left behind.
  package init(writing routing: RoutingTableRecords, in folder: String) throws(RoutingError) {
    let laidOut = MapFileWriter.routingSections(routing)
    file = try ScratchFile(in: folder) { (sink) throws(Errno) in
      for (_, _, bytes) in laidOut { try bytes.forEachPiece(sink) }
    }
    var start = 0
    let storage = file.storage
    sections = laidOut.map { section, count, bytes in
      defer { start += bytes.count }
      let mapped = UnsafeRawBufferPointer(rebasing: storage.bytes[start..<start + bytes.count])
      return (section, count, .mapped(mapped, storage))
    }
  }
}
