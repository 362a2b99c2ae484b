import Foundation
import Navigation
import Testing

@testable import Readers

/// The error `body` throws, or nil (and a recorded issue) when it does not throw.
private func fail<T>(
  _ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) -> NavigationError? {
  ReaderFixtures.failure(body, sourceLocation: sourceLocation)
}

@Suite("Malformed GPX")
struct MalformedGPXTests {
  func trackError(_ gpx: String) -> NavigationError? {
    fail { try GPXReader.readTrack(Data(gpx.utf8), file: "t.gpx") }
  }

  @Test("elements nested 50,000 deep are an error, not a stack overflow")
  func deepNesting() throws {
    let depth = 50_000
    let gpx =
      "<gpx>\n" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
      + "</gpx>"
    let error = try #require(trackError(gpx))
    #expect(error.code == .malformed)
    #expect(error.line == 2)
    #expect(error.message == "malformed XML: <a> is nested more than 64 elements deep")
    // As deep as a real file gets is fine.
    let shallow =
      "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><extensions><x><y/></x></extensions>"
      + "</trkpt></trkseg></trk></gpx>"
    #expect(try GPXReader.readTrack(Data(shallow.utf8)).fixes.count == 1)
  }

  @Test func malformedXML() throws {
    let mismatched = "<gpx>\n<trk>\n<trkseg>\n<trkpt lat=\"1\" lon=\"2\"/>\n</trk>\n</gpx>"
    let error = try #require(trackError(mismatched))
    #expect(error.code == .malformed)
    #expect(error.file == "t.gpx")
    #expect(error.line == 5)
    #expect(error.message == "malformed XML: expected </trkseg> (opened on line 3), found </trk>")

    let cases: [(String, Int, String)] = [
      ("<gpx>\n<trk><trkseg>\n", 3, "the file ends inside <trkseg> opened on line 2"),
      ("<gpx>\n<trk name=x></trk></gpx>", 2, "expected a quoted value"),
      ("<gpx>\n<trk>&nbsp;</trk></gpx>", 2, "unknown entity &nbsp;"),
      ("<gpx>\n<!-- never closed\n</gpx>", 2, "unterminated comment"),
      ("<gpx></gpx>\n<gpx></gpx>", 2, "a second root element"),
      ("not xml", 1, "text outside the root element"),
      ("<gpx>\n</trk>", 2, "expected </gpx>"),
    ]
    for (xml, line, message) in cases {
      let error = try #require(trackError(xml))
      #expect(error.code == .malformed)
      #expect(error.line == line, "\(xml)")
      #expect(error.message.hasPrefix("malformed XML: " + message), "\(error)")
    }
  }

  @Test func missingOrInvalidCoordinates() throws {
    let gpx = """
      <gpx version="1.1">
        <trk><trkseg>
          <trkpt lat="60.1" lon="24.9"/>
          <trkpt lon="24.9"/>
        </trkseg></trk>
      </gpx>
      """
    let missing = try #require(trackError(gpx))
    #expect(missing.code == .malformed)
    #expect(missing.line == 4)
    #expect(missing.path == "/gpx/trk[1]/trkseg[1]/trkpt[2]/@lat")
    #expect(missing.message == "missing required attribute lat")

    let invalid = try #require(
      trackError(gpx.replacingOccurrences(of: "<trkpt lon", with: "<trkpt lat=\"abc\" lon")))
    #expect(invalid.message == "expected a number in -90…90, found \"abc\"")
    let outOfRange = try #require(
      trackError(gpx.replacingOccurrences(of: "lon=\"24.9\"/>\n  ", with: "lon=\"190\"/>\n  ")))
    #expect(outOfRange.path == "/gpx/trk[1]/trkseg[1]/trkpt[1]/@lon")

    let badTime = try #require(
      trackError(
        "<gpx>\n<trk><trkseg><trkpt lat=\"1\" lon=\"2\">\n<time>noon</time></trkpt></trkseg></trk></gpx>"
      ))
    #expect(badTime.line == 3)
    #expect(badTime.path == "/gpx/trk[1]/trkseg[1]/trkpt[1]/time")
    let badEle = try #require(
      trackError(
        "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>high</ele></trkpt></trkseg></trk></gpx>")
    )
    #expect(badEle.message == "expected a number, found \"high\"")

    let route = "<gpx>\n<rte>\n<rtept lat=\"1\"/>\n</rte></gpx>"
    let routeError = try #require(
      fail { try GPXReader.readRoutes(Data(route.utf8), file: "r.gpx") })
    #expect(routeError.line == 3)
    #expect(routeError.path == "/gpx/rte[1]/rtept[1]/@lon")
  }

  @Test func documentsWithoutPoints() throws {
    #expect(trackError("<gpx version=\"1.1\"><trk><trkseg/></trk></gpx>")?.code == .noData)
    #expect(trackError("")?.code == .empty)
    let kml = try #require(trackError("<?xml version=\"1.0\"?>\n<kml></kml>"))
    #expect(kml.code == .malformed && kml.line == 2 && kml.message.contains("<gpx>"))
    let noRoute = fail { try GPXReader.readRoutes(Data("<gpx><trk/></gpx>".utf8)) }
    #expect(noRoute?.code == .noData)
    let onePoint =
      "<gpx>\n<rte><rtept lat=\"1\" lon=\"2\"/><rtept lat=\"1\" lon=\"2\"/></rte></gpx>"
    let tooShort = try #require(fail { try GPXReader.readRoutes(Data(onePoint.utf8)) })
    #expect(tooShort.code == .malformed)
    #expect(tooShort.line == 2)
    #expect(tooShort.path == "/gpx/rte[1]")
  }
}
