import Routing

/// The `OSMHeader` block of a PBF file: what a reader must support, and the extract's box.
public struct OSMHeader: Sendable, Equatable {
  /// Features this reader understands when a file requires them.
  public static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

  public var requiredFeatures: [String] = []
  public var optionalFeatures: [String] = []
  public var writingProgram: String?
  /// The extract's bounding box in 1e-7 degrees: min latitude, min longitude, max latitude,
  /// max longitude; nil when the file does not say.
  public var boundingBoxE7:
    (
      minLatitude: Int32, minLongitude: Int32, maxLatitude: Int32,
      maxLongitude: Int32
    )?

  public static func == (a: OSMHeader, b: OSMHeader) -> Bool {
    a.requiredFeatures == b.requiredFeatures && a.optionalFeatures == b.optionalFeatures
      && a.writingProgram == b.writingProgram
      && a.boundingBoxE7.map { [$0.0, $0.1, $0.2, $0.3] }
        == b.boundingBoxE7.map { [$0.0, $0.1, $0.2, $0.3] }
  }

  init(decoding bytes: UnsafeRawBufferPointer) throws(RoutingError) {
    var reader = ProtobufReader(bytes, message: "HeaderBlock")
    while let key = try reader.nextKey() {
      switch key.number {
      case 1:
        try reader.expect(key, .lengthDelimited)
        var box = ProtobufReader(try reader.lengthDelimited(), message: "HeaderBBox")
        var values: [Int: Int64] = [:]
        while let field = try box.nextKey() {
          if (1...4).contains(field.number) {
            values[field.number] = try box.sint64()
          } else {
            try box.skip(field.wireType)
          }
        }
        if let left = values[1], let right = values[2], let top = values[3],
          let bottom = values[4]
        {
          let e7 = { (nano: Int64) -> Int32 in
            Int32(clamping: nano / 100)
          }
          boundingBoxE7 = (e7(bottom), e7(left), e7(top), e7(right))
        }
      case 4:
        try reader.expect(key, .lengthDelimited)
        requiredFeatures.append(try reader.string())
      case 5:
        try reader.expect(key, .lengthDelimited)
        optionalFeatures.append(try reader.string())
      case 16:
        try reader.expect(key, .lengthDelimited)
        writingProgram = try reader.string()
      default:
        try reader.skip(key.wireType)
      }
    }
    let unsupported = requiredFeatures.filter { !Self.supportedFeatures.contains($0) }
    guard unsupported.isEmpty else {
      throw RoutingError(
        .unsupported,
        "the file requires \(unsupported.joined(separator: ", ")), which this reader does not support (it reads \(Self.supportedFeatures.sorted().joined(separator: ", ")))"
      )
    }
  }
}
