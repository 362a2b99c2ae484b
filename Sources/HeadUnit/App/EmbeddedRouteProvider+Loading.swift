import Core
import Foundation
import Navigation
import Readers

extension EmbeddedRouteProvider {
  /// The embedded Helsinki route files (`helsinki-N.json`), in order.
  public static var embeddedRouteURLs: [URL] {
    guard let directory = EmbeddedData.directory,
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    return names.filter { $0.hasPrefix("helsinki-") && $0.hasSuffix(".json") }
      .filter { !$0.hasSuffix(".truth.json") }.sorted()
      .map { directory.appendingPathComponent($0) }
  }

  /// Reads the embedded route files; each one's end becomes a place. Blocks on file reads.
  ///
  /// - Throws: the first route file that cannot be read.
  public static func loadEmbedded(categories: [String: String] = [:]) throws
    -> EmbeddedRouteProvider
  {
    let routes = try embeddedRouteURLs.map { try RouteReader.firstRoute(contentsOf: $0) }
    return EmbeddedRouteProvider(routes: routes, categories: categories)
  }
}
