import Geo

extension MapAssembly {
  /// The km/h a ferry keeps to cross along `nodes` in `seconds` (1–100 km/h).
  static func ferryKmh(
    _ nodes: some Collection<Int64>, seconds: Double, coordinates: NodeCoordinates
  ) -> Double {
    var metres = 0.0
    var previous: Coordinate?
    for ref in nodes {
      guard let c = coordinates[ref].map(Self.coordinate) else { continue }
      if let previous { metres += Earth.distance(previous, c) }
      previous = c
    }
    return min(max(metres / seconds * 3.6, 1), 100)
  }
}
