import Foundation
import Geo
import Maneuvers
import MapFile
import Navigation
import Routing
import TestSupport
import Testing

@testable import HeadUnit

#if canImport(Glibc)
  import Glibc
#endif

/// The real Valhalla and OSRM on loopback, as `Deploy/engines` builds them and
/// `Deploy/engines-serve` runs them. Set up once per test process: the build is skipped
/// when it is already there (about 15 s when it is not), a running engine is left running.
enum LoopbackEngines {
  static let root = PreloadLibrary.root

  /// nil once both engines answer; otherwise what went wrong, with the scripts' output.
  static let problem: String? = {
    if script("engines-serve", ["status"]).status == 0 { return nil }
    let (built, buildOutput) = script("engines", [])
    guard built == 0 else { return "Deploy/engines failed (\(built)):\n\(buildOutput)" }
    let (started, startOutput) = script("engines-serve", ["start"])
    guard started == 0 else { return "Deploy/engines-serve start failed:\n\(startOutput)" }
    return nil
  }()

  /// What `.engines/run/ENGINE.json` says: the URL and port.
  static func served(_ engine: String) throws -> (url: URL, port: Int) {
    if let problem { Issue.record(Comment(rawValue: problem)) }
    let file = root.appendingPathComponent(".engines/run/\(engine).json")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    let url = try #require((object?["url"] as? String).flatMap { URL(string: $0) })
    return (url, try #require(object?["port"] as? Int))
  }

  /// Runs `Deploy/engines-serve` with `arguments`; its exit status and output.
  @discardableResult
  static func serve(_ arguments: [String]) -> (status: Int32, output: String) {
    script("engines-serve", arguments)
  }

  /// Runs `Deploy/NAME` to its end; its exit status (-1 when it did not start) and output.
  /// Blocks.
  ///
  /// `posix_spawn` and `waitpid`, not `Process`: Foundation's `waitUntilExit` on Linux was
  /// seen to miss the end of a script that leaves a server running in the background.
  static func script(_ name: String, _ arguments: [String]) -> (status: Int32, output: String) {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("engines-\(UUID().uuidString).log").path
    defer { unlink(log) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // The servers the script leaves running outlive the test: they get none of this
    // process's other descriptors (bash closes them before running the script), which
    // would otherwise keep the tests' connections and pipes open.
    let closing =
      #"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done 2>/dev/null; exec /bin/bash "$0" "$@""#
    let argv =
      ["/bin/bash", "-c", closing, root.appendingPathComponent("Deploy/\(name)").path]
      + arguments
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/bin/bash", &actions, nil, cArguments, environ) == 0 else {
      return (-1, "cannot start /bin/bash")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
  }
}

/// Valhalla and OSRM as routing servers, and the fall back to the offline router, against
/// the real engines on loopback. Serialized: one test stops Valhalla for a while.
@Suite("Routing servers with offline fallback", .serialized)
struct RemoteRouterTests {
  static let map: RoadMap? = EmbeddedData.mapURL.flatMap { try? RoadMap(contentsOf: $0) }
  /// Generous: CI machines are slow and the first Valhalla query loads its tiles.
  static let timeout: Duration = .seconds(20)

  func offline() throws -> Router<RoadMap> {
    Router(graph: try #require(Self.map, "the embedded map does not open"))
  }

  func server(_ engine: RemoteRouter.Engine, language: String = "en") throws -> RemoteRouter {
    RemoteRouter(
      engine: engine, url: try LoopbackEngines.served(engine.rawValue).url,
      timeout: Self.timeout, language: language)
  }

  /// Origin and destination of the embedded drive `helsinki-3`: 2.6 km, where Valhalla,
  /// OSRM and the offline router agree within 5 % (on `helsinki-1` the offline router's
  /// route is 14 % longer than both engines').
  func helsinkiPair() throws -> (Coordinate, Coordinate) {
    let route = try DriveFixtures.route("helsinki-3-clean")
    return (try #require(route.origin), try #require(route.destination))
  }

  @Test(arguments: RemoteRouter.Engine.allCases)
  func routesAHelsinkiPair(engine: RemoteRouter.Engine) throws {
    let (from, to) = try helsinkiPair()
    let routes = try server(engine).routes(from: from, to: to, alternatives: 1)
    let route = try #require(routes.first)
    let reference = try #require(try offline().routes(from: from, to: to).first)
    #expect(route.steps.count >= 3, "\(route.steps.map(\.name))")
    #expect(route.steps.first?.maneuver.kind == .depart)
    #expect(route.steps.last?.maneuver.kind == .arrive)
    #expect(
      abs(route.distance - reference.distance) <= 0.1 * reference.distance,
      "\(engine): \(route.distance) m, offline \(reference.distance) m")
    #expect(route.geometry.count > 10)
    if engine == .valhalla {
      #expect(route.locale == "en-US")
      #expect(route.steps.contains { !$0.instructionVariants.isEmpty })
    }
  }

  @Test func valhallaSpeaksTheConfiguredLanguageOrEnglish() throws {
    let (from, to) = try helsinkiPair()
    let german = try server(.valhalla, language: "de").routes(from: from, to: to)
    #expect(german.first?.locale == "de-DE")
    // Valhalla 3.9 has no Chinese: it answers in English and says so.
    let chinese = try server(.valhalla, language: "zh").routes(from: from, to: to)
    #expect(chinese.first?.locale == "en-US")
  }

  /// The car at the wrong turn of `helsinki-1-wrongturn`, some seconds after it, asks for
  /// a new route to the same destination, with its heading.
  @Test(arguments: RemoteRouter.Engine.allCases)
  func reroutesFromTheWrongTurn(engine: RemoteRouter.Engine) throws {
    let drive = "helsinki-1-wrongturn"
    let truthURL = try #require(EmbeddedData.truthURL(forDrive: drive))
    let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: truthURL))
    let wrongTurn = try #require((truth as? [String: Any])?["wrong_turn_t"] as? Double)
    let fixes = try DriveFixtures.fixes(drive)
    let start = try #require(fixes.first?.time)
    let offRoute = try #require(
      fixes.first {
        $0.time.timeIntervalSince(start) >= wrongTurn + 15 && $0.coordinate != nil
          && $0.course != nil
      })
    let destination = try #require(try DriveFixtures.route(drive).destination)
    let service = RoutingService(server: try server(engine), offline: try offline())
    let answer = try service.routes(
      from: try #require(offRoute.coordinate), heading: offRoute.course, to: destination)
    #expect(answer.source == .server(try server(engine).name))
    let route = try #require(answer.routes.first)
    let origin = try #require(offRoute.coordinate)
    let (first, last) = (try #require(route.origin), try #require(route.destination))
    #expect(Earth.distance(first, origin) < 100)
    #expect(Earth.distance(last, destination) < 100)
  }

  @Test func closedPortFallsBackToTheOfflineRouter() throws {
    let (from, to) = try helsinkiPair()
    let closed = try #require(URL(string: "http://127.0.0.1:\(try closedPort())"))
    let remote = RemoteRouter(engine: .valhalla, url: closed, timeout: .seconds(5))
    do {
      _ = try remote.routes(from: from, to: to)
      Issue.record("a route from a closed port")
    } catch {
      #expect(error.code == .unreachable)
      #expect(error.description.hasPrefix("Valhalla at http://127.0.0.1:"), "\(error)")
    }
    let answer = try RoutingService(server: remote, offline: try offline()).routes(
      from: from, to: to)
    #expect(!answer.routes.isEmpty)
    guard case .offline(let reason?) = answer.source else {
      Issue.record("answered by \(answer.source)")
      return
    }
    #expect(reason.contains("Valhalla at \(closed.absoluteString)"), "\(reason)")
    #expect(answer.source.description.hasPrefix("offline router (Valhalla at"))
  }

  @Test func silentServerTimesOut() throws {
    let (from, to) = try helsinkiPair()
    let listener = try SilentListener()
    let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)"))
    let remote = RemoteRouter(engine: .osrm, url: url, timeout: .milliseconds(500))
    let started = ContinuousClock.now
    let answer = try RoutingService(server: remote, offline: try offline()).routes(
      from: from, to: to)
    #expect(started.duration(to: .now) < .seconds(5))
    guard case .offline(let reason?) = answer.source else {
      Issue.record("answered by \(answer.source)")
      return
    }
    #expect(reason.contains("no answer within 0.5 s"), "\(reason)")
  }

  @Test func valhallaStoppedMidwayFallsBackThenComesBack() throws {
    let (from, to) = try helsinkiPair()
    let remote = try server(.valhalla)
    let port = try LoopbackEngines.served("valhalla").port
    let service = RoutingService(server: remote, offline: try offline())
    #expect(try service.routes(from: from, to: to).source == .server(remote.name))

    let stopped = LoopbackEngines.serve(["stop", "valhalla"])
    #expect(stopped.status == 0, "\(stopped.output)")
    defer {
      let restarted = LoopbackEngines.serve([
        "start", "valhalla", "--valhalla-port", "\(port)",
      ])
      #expect(restarted.status == 0, "\(restarted.output)")
    }
    let answer = try service.routes(from: from, to: to)
    #expect(!answer.routes.isEmpty)
    guard case .offline(let reason?) = answer.source else {
      Issue.record("answered by \(answer.source)")
      return
    }
    #expect(reason.hasPrefix(remote.name), "\(reason)")
  }

  @Test func requestsAreWhatTheEnginesExpect() throws {
    let url = try #require(URL(string: "http://127.0.0.1:5000"))
    let a = Coordinate(latitude: 60.1699, longitude: 24.9384)
    let b = Coordinate(latitude: 60.175, longitude: 24.95)
    let osrm = RemoteRouter(engine: .osrm, url: url).request(
      from: a, heading: 90, to: b, alternatives: 2)
    #expect(
      osrm.url.absoluteString
        == "http://127.0.0.1:5000/route/v1/driving/24.938400,60.169900;24.950000,60.175000"
        + "?steps=true&overview=full&geometries=polyline6&alternatives=2&bearings=90,60;")
    let valhalla = RemoteRouter(engine: .valhalla, url: url, language: "ru").request(
      from: a, heading: nil, to: b, alternatives: 0)
    #expect(valhalla.method == "POST")
    #expect(valhalla.url.absoluteString == "http://127.0.0.1:5000/route")
    #expect(valhalla.header("content-type") == "application/json")
    let data = try #require(valhalla.body)
    let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(body["costing"] as? String == "auto")
    #expect(body["format"] as? String == "osrm")
    #expect(body["language"] as? String == "ru-RU")
    #expect(body["banner_instructions"] as? Bool == true)
    #expect(body["voice_instructions"] as? Bool == true)
  }

  @Test("stops go to OSRM as waypoints and to Valhalla as break locations, without alternatives")
  func stopsInTheRequests() throws {
    let url = try #require(URL(string: "http://127.0.0.1:5000"))
    let a = Coordinate(latitude: 60.1699, longitude: 24.9384)
    let s = Coordinate(latitude: 60.172, longitude: 24.944)
    let b = Coordinate(latitude: 60.175, longitude: 24.95)
    let osrm = RemoteRouter(engine: .osrm, url: url).request(
      from: a, heading: 90, via: [s], to: b, alternatives: 2)
    #expect(
      osrm.url.absoluteString
        == "http://127.0.0.1:5000/route/v1/driving/24.938400,60.169900;24.944000,60.172000;"
        + "24.950000,60.175000?steps=true&overview=full&geometries=polyline6"
        + "&alternatives=false&bearings=90,60;;")
    let valhalla = RemoteRouter(engine: .valhalla, url: url).request(
      from: a, heading: nil, via: [s], to: b, alternatives: 2)
    let body = try #require(
      try JSONSerialization.jsonObject(with: valhalla.body ?? Data()) as? [String: Any])
    let locations = try #require(body["locations"] as? [[String: Any]])
    #expect(locations.count == 3)
    #expect(locations[1]["type"] as? String == "break")
    #expect(locations[1]["lat"] as? Double == 60.172)
    #expect(body["alternates"] == nil)
  }

  @Test("a trip of stops with no server: the offline router's, a leg per stop")
  func tripOffline() throws {
    let map = try #require(KnobAddressTests.map)
    let router = Router(graph: map)
    let stops = [
      Coordinate(latitude: 60.166784, longitude: 24.949561),
      Coordinate(latitude: 60.1699, longitude: 24.9384),
      Coordinate(latitude: 60.174563, longitude: 24.938414),
    ]
    let answer = try RoutingService(server: nil, offline: router).trip(through: stops)
    let route = try #require(answer.routes.first)
    #expect(route.legs.count == 2)
    #expect(answer.source == .offline(reason: nil))
    let alone = try router.trip(through: stops)
    #expect(abs(route.distance - alone.distance) < 0.1)
    #expect(throws: RoutingError.self) {
      try RoutingService(server: nil, offline: router).trip(through: [stops[0]])
    }
  }

  @Test(
    "route options go to OSRM as exclude= (no unpaved class) and to Valhalla as costing options")
  func routeOptionsInTheRequests() throws {
    let url = try #require(URL(string: "http://127.0.0.1:5000"))
    let a = Coordinate(latitude: 60.1699, longitude: 24.9384)
    let b = Coordinate(latitude: 60.175, longitude: 24.95)
    let osrm = RemoteRouter(engine: .osrm, url: url).request(
      from: a, heading: nil, to: b, alternatives: 0, avoid: [.tolls, .ferries, .unpaved])
    #expect(osrm.url.absoluteString.hasSuffix("&alternatives=false&exclude=toll,ferry"))
    let unpavedOnly = RemoteRouter(engine: .osrm, url: url).request(
      from: a, heading: nil, to: b, alternatives: 0, avoid: .unpaved)
    #expect(!unpavedOnly.url.absoluteString.contains("exclude"))
    let valhalla = RemoteRouter(engine: .valhalla, url: url).request(
      from: a, heading: nil, to: b, alternatives: 0, avoid: [.motorways, .unpaved])
    let data = try #require(valhalla.body)
    let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let auto = (body["costing_options"] as? [String: Any])?["auto"] as? [String: Any]
    #expect(auto?["use_highways"] as? Double == 0)
    #expect(auto?["exclude_unpaved"] as? Bool == true)
    #expect(auto?["use_tolls"] == nil)
    let none = RemoteRouter(engine: .valhalla, url: url).request(
      from: a, heading: nil, to: b, alternatives: 0)
    let plain = try #require(
      try JSONSerialization.jsonObject(with: none.body ?? Data()) as? [String: Any])
    #expect(plain["costing_options"] == nil)
  }

  @Test("an answer larger than a route document can be is a bad answer, not unreachable")
  func oversizedAnswer() async throws {
    let script = """
      import http.server, sys
      class Big(http.server.BaseHTTPRequestHandler):
          def do_GET(self):
              self.send_response(200); self.end_headers()
              chunk = b" " * 65536
              try:
                  for _ in range(160): self.wfile.write(chunk)
              except OSError: pass
          def log_message(self, *args): pass
      server = http.server.HTTPServer(("127.0.0.1", 0), Big)
      print(server.server_address[1], flush=True)
      server.serve_forever()
      """
    let server = try ChildProcess("/usr/bin/env", ["python3", "-c", script])
    defer { server.signal(SIGKILL) }
    let portLine = try #require(await server.waitForLine(inOutput: true) { Int($0) != nil })
    let url = try #require(URL(string: "http://127.0.0.1:\(portLine)"))
    let (from, to) = try helsinkiPair()
    let remote = RemoteRouter(engine: .osrm, url: url, timeout: .seconds(10))
    do {
      _ = try remote.routes(from: from, to: to)
      Issue.record("a route from a 10 MB answer")
    } catch {
      #expect(error.code == .badResponse, "\(error)")
      #expect(error.message.contains("the answer is larger than 8388608 bytes"), "\(error)")
    }
  }

  @Test func badJSONNamesThePath() throws {
    let remote = RemoteRouter(engine: .osrm, url: try #require(URL(string: "http://x")))
    do {
      _ = try remote.parse(Data(#"{"code": "Ok", "routes": [{"legs": 3}]}"#.utf8))
      Issue.record("a route from bad JSON")
    } catch {
      #expect(error.code == .badResponse)
      #expect(error.message.contains("$.routes[0]"), "\(error)")
    }
  }

  /// A loopback port nothing listens on: bound, read, closed.
  func closedPort() throws -> Int {
    let listener = try SilentListener()
    return listener.port
  }
}

/// A loopback TCP socket that listens and never accepts: connections complete (in the
/// kernel's backlog) and requests are sent, but no answer ever comes. Closed on deinit.
final class SilentListener {
  let descriptor: Int32
  let port: Int

  init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(descriptor, pointer, length) == 0 && listen(descriptor, 8) == 0
          && getsockname(descriptor, pointer, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw POSIXError(.EADDRINUSE)
    }
    self.descriptor = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit { close(descriptor) }
}
