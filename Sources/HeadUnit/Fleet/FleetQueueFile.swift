import Core
import Foundation
import JSON

/// Keeps the fleet reporter's queue in `fleet-queue.json` in the state directory, by the
/// trip's rules: every save replaces the file atomically (`AtomicFile`: temporary file,
/// `fsync`, `rename`, directory `fsync`), so a power cut leaves the previous queue or the
/// new one.
///
///     {"nextSequence": 412, "reports": [{…a report as sent…}, …], "version": 1}
///
/// Each report is its request body (``FleetReport/object``), so what is sent after a
/// restart is byte for byte what would have been sent before it. A file that does not
/// load — not JSON, another `version`, a report out of range, sequence numbers not
/// increasing, more reports than the queue's limit, more than ``maxBytes`` — is moved
/// aside as `fleet-queue.json.corrupt-TIME` with a warning naming the JSON path and what
/// was expected, and the reporter starts with an empty queue. Blocking disk I/O: the
/// service calls it on its own queue.
public struct FleetQueueFile: FleetQueueStore {
  /// The one format this reader takes.
  public static let version = 1
  /// The largest file read: an hour's queue (360 reports) each with a 5,000-point route
  /// ahead is about 14 MB.
  public static let maxBytes = 32 << 20

  public let url: URL

  /// The file in `directory` (the configuration's `stateDirectory`).
  public init(directory: URL) {
    url = directory.appendingPathComponent("fleet-queue.json")
  }

  public func load(limit: Int) -> (backlog: FleetBacklog, warning: String?) {
    load(limit: limit, now: Date())
  }

  /// ``load(limit:)``, `now` stamping the name of a file moved aside.
  public func load(limit: Int, now: Date) -> (backlog: FleetBacklog, warning: String?) {
    var backlog = FleetBacklog.empty
    let result = AtomicFile.read(url, now: now, maxBytes: Self.maxBytes) { data in
      do throws(JSONError) {
        backlog = try Self.decode(data, limit: limit)
        return nil
      } catch {
        return error.description
      }
    }
    return (result.data == nil ? .empty : backlog, result.warning)
  }

  public func save(_ backlog: FleetBacklog) throws(AtomicFile.Error) {
    try AtomicFile.write(Self.encode(backlog), to: url)
  }

  /// The file's contents for `backlog`: compact JSON, keys sorted, a newline at the end.
  public static func encode(_ backlog: FleetBacklog) -> Data {
    let document = JSONValue.object([
      ("nextSequence", .number(Double(backlog.nextSequence))),
      ("reports", .array(backlog.reports.map(\.object))),
      ("version", .number(Double(version))),
    ])
    return Data((document.serialized + "\n").utf8)
  }

  /// The backlog `encode` wrote, every value checked.
  ///
  /// - Parameter limit: the most reports taken; a file with more was not written with this
  ///   queue's limit.
  /// - Throws: `JSONError` at the path of the first problem.
  public static func decode(_ data: Data, limit: Int) throws(JSONError) -> FleetBacklog {
    let root = try JSONNode(parsing: data)
    _ = try root.object(keys: ["nextSequence", "reports", "version"])
    let versionNode = try root.required("version")
    let version = try versionNode.integer(in: 0...Int(JSONNode.integerLimit) - 1)
    guard version == Self.version else {
      throw versionNode.error(
        expected: "version \(Self.version) (a file of another version of headunit)",
        code: .outOfRange)
    }
    let reportsNode = try root.required("reports")
    let nodes = try reportsNode.array()
    guard nodes.count <= limit else {
      throw reportsNode.error(
        "\(nodes.count) reports, more than the queue's limit of \(limit)")
    }
    var reports: [FleetReport] = []
    reports.reserveCapacity(nodes.count)
    for node in nodes {
      let report = try FleetReport(object: node)
      if let last = reports.last, report.sequence <= last.sequence {
        throw try node.required("sequence").error(
          expected: "a sequence number above the one before, \(last.sequence)",
          code: .outOfRange)
      }
      reports.append(report)
    }
    let nextNode = try root.required("nextSequence")
    let next = try nextNode.integer(in: 1...Int(JSONNode.integerLimit) - 1)
    if let last = reports.last, next <= last.sequence {
      throw nextNode.error(
        expected: "a number above the last report's sequence, \(last.sequence)",
        code: .outOfRange)
    }
    return FleetBacklog(reports: reports, nextSequence: next)
  }
}
