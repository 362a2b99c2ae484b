/// Which country a point is in, roughly: the bounding boxes of every country's parts
/// (`CountryBoxes+Table`, from Natural Earth), and of those that hold the point the
/// smallest — Liechtenstein inside Switzerland's and Austria's boxes is Liechtenstein;
/// Andorra, Monaco, San Marino and the Vatican are themselves.
///
/// A box is not a border: near one, a neighbour's smaller box may win. The importer asks only
/// when the data says nothing (see `CountryEvidence`).
enum CountryBoxes {
  struct Box: Sendable {
    var code: String
    var south, west, north, east: Double

    var area: Double { (north - south) * (east - west) }

    func contains(_ latitude: Double, _ longitude: Double) -> Bool {
      latitude >= south && latitude <= north && longitude >= west && longitude <= east
    }
  }

  /// The table, parsed once.
  static let boxes: [Box] = table.split(separator: "\n").compactMap { line in
    let parts = line.split(separator: " ")
    guard parts.count == 5, let s = Double(parts[1]), let w = Double(parts[2]),
      let n = Double(parts[3]), let e = Double(parts[4])
    else { return nil }
    return Box(code: String(parts[0]), south: s, west: w, north: n, east: e)
  }

  /// The code of the smallest box holding the point; nil outside every box.
  static func country(_ latitude: Double, _ longitude: Double) -> String? {
    boxes.filter { $0.contains(latitude, longitude) }.min { $0.area < $1.area }?.code
  }
}
