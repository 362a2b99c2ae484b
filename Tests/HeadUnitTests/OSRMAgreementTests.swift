import Foundation
import Geo
import MapFile
import Routing
import Testing

@testable import Bench
@testable import HeadUnit

/// The offline router's routes beside real OSRM's, built from the same extract and served
/// on loopback (`Deploy/engines`, `Deploy/engines-serve`): route choice follows OSRM's car
/// profile, so their lengths agree.
@Suite("Route lengths against OSRM on the same extract")
struct OSRMAgreementTests {
  /// The bench's pairs of road points on the embedded Helsinki map: at least 90 % within
  /// max(15 m, 3 %) of OSRM's length, as `bench routing --osrm` reports on every extract.
  @Test func lengthsAgreeWithOSRM() throws {
    let osrm = try LoopbackEngines.served("osrm").url
    let map = try RoadMap(contentsOf: try #require(EmbeddedData.mapURL))
    let router = Router(graph: map)
    let pairs = RoutingBenchmark.pairs(in: map, count: 300) { router.isOnMainComponent(edge: $0) }
    #expect(pairs.count == 300)
    let server = RemoteRouter(engine: .osrm, url: osrm, timeout: .seconds(10))
    let theirs = pairs.map { RoutingServers.ask(server, from: $0.from, to: $0.to).distance }
    let ours = pairs.map { pair in
      (try? router.paths(from: pair.from, to: pair.to))?.first?.distance
    }
    let agreement = LengthAgreement(lengths: ours, reference: theirs)
    #expect(agreement.compared >= 290, "\(agreement)")
    let share = try #require(agreement.share)
    #expect(share >= 0.9, "\(agreement.agreeing) of \(agreement.compared) agree")
  }
}
