import CMalloc
import Foundation

/// Hands back to the kernel the memory that only the start needed.
///
/// Starting touches code across the whole program once (the Swift runtime's type
/// metadata, Foundation, the parsers of the config and the map), and the kernel maps the
/// program's file in 64 KB runs around each page touched: most of the executable ends up
/// resident though the running daemon uses a small part of it. After the first frame the
/// daemon asks the kernel (`madvise(MADV_PAGEOUT)`) to take back the executable's clean,
/// file-backed pages; those it still uses come back from the page cache or the card as
/// they are touched. Heap memory freed during the start goes back too (`malloc_trim`).
/// Nothing here changes what the program does; failures are ignored (an older kernel
/// without `MADV_PAGEOUT` keeps the pages).
enum StartupPages {
  /// Releases them; returns the bytes of executable mappings advised.
  @discardableResult
  static func release() -> Int {
    _ = malloc_trim(0)
    guard
      let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
      let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
    else { return 0 }
    var advised = 0
    for line in maps.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      // address perms offset dev inode path; only the program's read-only mappings: its
      // writable ones hold data that was changed and would go to swap, not away.
      guard fields.count >= 6, fields[5] == executable, !fields[1].contains("w") else { continue }
      let bounds = fields[0].split(separator: "-").compactMap { UInt(String($0), radix: 16) }
      guard bounds.count == 2, bounds[1] > bounds[0],
        let start = UnsafeMutableRawPointer(bitPattern: bounds[0])
      else { continue }
      let length = Int(bounds[1] - bounds[0])
      if madvise(start, length, MADV_PAGEOUT) == 0 { advised += length }
    }
    return advised
  }
}
