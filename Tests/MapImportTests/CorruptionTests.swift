import Foundation
import Geo
import MapFile
import Routing
import Testing

@testable import MapImport
@testable import OSMPBF

@Suite struct CorruptionTests {
  /// Imports `data`; it may succeed (a flip in a name, a truncation at a blob boundary) or
  /// throw a `RoutingError` that says where — never anything else, never a crash.
  func importResult(_ data: Data) -> RoutingError? {
    do {
      let file = try PBFFile(data: data, name: "corrupt.osm.pbf")
      let output = try MapImporter().importPBF(file)
      let map = try RoadMap(data: output.data)
      try map.verify()
      return nil
    } catch {
      return error
    }
  }

  func expectLocated(_ error: RoutingError?, _ context: String) {
    guard let error else { return }
    #expect(error.file == "corrupt.osm.pbf", "\(context): \(error)")
    #expect(
      error.blob != nil || error.code == .noData, "\(context): error without a blob: \(error)")
    if let blob = error.blob {
      #expect(error.description.contains("blob \(blob.index) at byte \(blob.offset)"))
    }
  }

  @Test func truncatedFilesNameTheBlob() throws {
    let data = SyntheticNetwork.encoder.data()
    let file = try PBFFile(data: data)
    let boundaries = Set(file.blobs.map(\.offset))
    for length in stride(from: 1, to: data.count, by: max(1, data.count / 60)) {
      let error = importResult(data.prefix(length))
      if boundaries.contains(length) { continue }
      #expect(error != nil, "truncated at \(length) of \(data.count)")
      expectLocated(error, "truncated at \(length)")
      if let error, let blob = error.blob {
        #expect(blob.offset <= length)
      }
    }
  }

  @Test func truncatedHeaderLengthAndHeader() throws {
    let data = SyntheticNetwork.encoder.data()
    let error = try #require(importResult(data.prefix(2)))
    #expect(error.code == .truncated)
    #expect(error.blob == RoutingError.BlobPosition(index: 0, offset: 0))
    #expect(error.message.contains("header length"))
  }

  @Test(arguments: [true, false])
  func randomByteFlipsNeverCrash(compressed: Bool) {
    var encoder = SyntheticNetwork.encoder
    encoder.compress = compressed
    encoder.elementsPerBlob = 6
    let data = encoder.data()
    var random = SplitMix64(seed: compressed ? 1 : 2)
    var failures = 0
    for round in 0..<200 {
      var corrupt = data
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let i = Int.random(in: 0..<corrupt.count, using: &random)
        corrupt[i] ^= UInt8.random(in: 1...255, using: &random)
      }
      let error = importResult(corrupt)
      if error != nil { failures += 1 }
      expectLocated(error, "round \(round)")
    }
    // Most flips in compressed data break the zlib checksum.
    #expect(failures > (compressed ? 150 : 20))
  }

  @Test func corruptZlibDataIsReportedAsSuch() throws {
    let data = SyntheticNetwork.encoder.data()
    let file = try PBFFile(data: data)
    let blob = file.blobs[1]
    var corrupt = data
    corrupt[blob.dataRange.upperBound - 3] ^= 0xFF  // inside the adler-32 trailer
    let error = try #require(importResult(corrupt))
    #expect(error.blob == RoutingError.BlobPosition(index: 1, offset: blob.offset))
    #expect(error.message.contains("zlib"))
  }

  @Test func unsupportedCompressionAndFeatures() throws {
    var encoder = SyntheticNetwork.encoder
    encoder.requiredFeatures.append("HistoricalInformation")
    let error = try #require(importResult(encoder.data()))
    #expect(error.code == .unsupported)
    #expect(error.message.contains("HistoricalInformation"))
    #expect(error.blob?.index == 0)

    // A blob with only lzma_data.
    var lzma = ProtobufWriter()
    lzma.varint(2, 10)
    lzma.bytes(4, [1, 2, 3])
    var header = ProtobufWriter()
    header.string(1, "OSMData")
    header.varint(3, UInt64(lzma.bytes.count))
    var data = SyntheticNetwork.encoder.data()
    data += Data([0, 0, 0, UInt8(header.bytes.count)] + header.bytes + lzma.bytes)
    let lzmaError = try #require(importResult(data))
    #expect(lzmaError.code == .unsupported)
    #expect(lzmaError.message.contains("lzma"))
  }

  @Test func notAPBFFile() throws {
    let text = Data("<?xml version='1.0'?><osm></osm>".utf8)
    let error = try #require(importResult(text))
    #expect(error.blob?.index == 0)
    #expect(importResult(Data())?.code == .noData)
  }

  @Test func helsinkiTruncatedAndFlipped() throws {
    let data = try Data(contentsOf: Helsinki.pbf)
    let file = try PBFFile(data: data)
    var random = SplitMix64(seed: 3)
    for _ in 0..<6 {
      let length = Int.random(in: 1..<data.count, using: &random)
      let error = importResult(data.prefix(length))
      if !file.blobs.map(\.offset).contains(length) { #expect(error != nil) }
      expectLocated(error, "Helsinki truncated at \(length)")
    }
    for _ in 0..<6 {
      var corrupt = data
      let blob = file.blobs[Int.random(in: 1..<file.blobs.count, using: &random)]
      corrupt[Int.random(in: blob.dataRange, using: &random)] ^= 0x5A
      let error = importResult(corrupt)
      expectLocated(error, "Helsinki flipped in blob \(blob.index)")
      #expect(error?.blob?.index == blob.index)
    }
  }
}
