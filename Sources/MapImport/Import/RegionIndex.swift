/// Named areas (a settlement's outline, a municipality, a postcode area) and which of them
/// hold a point, for the addresses an import gives a city or postcode to.
///
/// Each area is its rings as `AreaAssembly` made them (outer rings and holes); a point is
/// inside by the even–odd rule over all its rings, so holes and islands in them come out
/// right. The rings' edges are filed in horizontal bands, so a lookup tests only the few
/// edges of the point's band, not a municipality's thousands. Immutable once built.
struct RegionIndex: Sendable {
  /// One area and what it names.
  struct Region: Sendable {
    var name: String
    /// What the area is, for the caller's choice among several (`admin_level`, a
    /// settlement's kind…).
    var rank: Int
    /// The area on the plane of `PlanarPoint` (1e-14 square degrees), for "smallest first".
    var area: Double
    fileprivate var south: Double
    fileprivate var north: Double
    fileprivate var west: Double
    fileprivate var east: Double
    fileprivate var bandHeight: Double
    /// Edges as `ax, ay, bx, by`, four doubles each.
    fileprivate var edges: [Double]
    /// Edge numbers whose latitudes overlap each band, south to north.
    fileprivate var bands: [[Int32]]
  }

  private(set) var regions: [Region] = []
  private var grid = PointGrid(cell: 1_000_000)
  /// Regions too large for the grid, always tested.
  private var large: [Int] = []

  init() {}

  /// Adds an area of `rings` (closed or not; fewer than 3 points in every ring adds nothing).
  mutating func add(name: String, rank: Int, rings: [[PlanarPoint]]) {
    var edges: [Double] = []
    var area = 0.0
    for ring in rings where ring.count >= 3 {
      area += PlanarRing.signedArea(ring)
      var previous = ring[ring.count - 1]
      for p in ring {
        if previous != p { edges += [previous.x, previous.y, p.x, p.y] }
        previous = p
      }
    }
    let points = rings.joined()
    guard !edges.isEmpty, let south = points.map(\.y).min(), let north = points.map(\.y).max(),
      let west = points.map(\.x).min(), let east = points.map(\.x).max()
    else { return }
    let edgeCount = edges.count / 4
    let bandCount = max(1, min(4_096, edgeCount / 4))
    let height = max((north - south) / Double(bandCount), 1)
    var bands = [[Int32]](repeating: [], count: bandCount)
    for e in 0..<edgeCount {
      let (y0, y1) = (edges[4 * e + 1], edges[4 * e + 3])
      let low = Self.band(min(y0, y1), south: south, height: height, count: bandCount)
      let high = Self.band(max(y0, y1), south: south, height: height, count: bandCount)
      for b in low...high { bands[b].append(Int32(e)) }
    }
    let index = regions.count
    regions.append(
      Region(
        name: name, rank: rank, area: abs(area) / 2, south: south, north: north, west: west,
        east: east, bandHeight: height, edges: edges, bands: bands))
    let box = (
      Int32(clamping: Int64(south.rounded(.down))), Int32(clamping: Int64(west.rounded(.down))),
      Int32(clamping: Int64(north.rounded(.up))), Int32(clamping: Int64(east.rounded(.up)))
    )
    if !grid.insert(index, box: box) { large.append(index) }
  }

  /// The numbers (in `regions`) of the regions holding `p`, ascending.
  func indices(containing p: PlanarPoint) -> [Int] {
    let e7 = p.e7
    var candidates = grid.items(in: (e7.latitude, e7.longitude, e7.latitude, e7.longitude))
    if !large.isEmpty { candidates = Array(Set(candidates + large)).sorted() }
    return candidates.filter { Self.contains(regions[$0], p) }
  }

  private static func band(_ y: Double, south: Double, height: Double, count: Int) -> Int {
    min(count - 1, max(0, Int(((y - south) / height).rounded(.down))))
  }

  /// Even–odd rule over the edges of `p`'s band (a ray to the east).
  private static func contains(_ r: Region, _ p: PlanarPoint) -> Bool {
    guard p.y >= r.south, p.y <= r.north, p.x >= r.west, p.x <= r.east else { return false }
    var inside = false
    let e = r.edges
    for i in r.bands[band(p.y, south: r.south, height: r.bandHeight, count: r.bands.count)] {
      let k = Int(i) * 4
      let (ax, ay, bx, by) = (e[k], e[k + 1], e[k + 2], e[k + 3])
      if (ay > p.y) != (by > p.y), p.x < (bx - ax) * (p.y - ay) / (by - ay) + ax {
        inside.toggle()
      }
    }
    return inside
  }
}
