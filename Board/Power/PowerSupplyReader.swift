import Foundation

/// Reads the kernel's power-supply class: `<root>/*/{type,online,status,capacity}`.
///
/// The root is configurable (`/sys/class/power_supply` on a Pi) so tests point it at a fake
/// tree in a temporary directory. Reads are blocking but cheap (sysfs attributes are
/// generated in memory); call from any thread.
public struct PowerSupplyReader: Sendable {
  /// The power-supply class directory.
  public let root: String

  public init(root: String = "/sys/class/power_supply") {
    self.root = root
  }

  /// Every supply under the root, sorted by name.
  ///
  /// An attribute that is missing or unreadable (some fuel gauges fail reads with `ENODATA`
  /// while the battery is absent) is `nil`; so is one that does not parse.
  ///
  /// - Throws: `BoardError(.unavailable)` if the root is missing or not a directory. Callers
  ///   treat that as "no supplies" and carry on.
  public func read() throws(BoardError) -> [PowerSupplyState] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: root)
    } catch {
      throw BoardError(
        .unavailable,
        "no power supply information at \(root) — external power and battery will not be "
          + "reported")
    }
    return names.sorted().compactMap { name in
      let directory = (root as NSString).appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { return nil }
      func attribute(_ file: String) -> String? {
        let path = (directory as NSString).appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: path),
          let text = String(data: data, encoding: .utf8)
        else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
      }
      return PowerSupplyState(
        name: name,
        online: attribute("online").flatMap { Int($0) }.map { $0 != 0 },
        status: attribute("status"),
        capacity: attribute("capacity").flatMap { Int($0) },
        type: attribute("type"))
    }
  }
}
