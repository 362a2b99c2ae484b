import Foundation
import Geo
import MapFile
import Routing

extension AddressAssembly {
  /// `MapContent.strings` with a lookup, for adding strings without repeats.
  struct StringTable {
    private(set) var strings: [String]
    private var ids: [String: UInt32] = [:]

    init(_ strings: [String]) {
      self.strings = strings
      for (i, s) in strings.enumerated() where ids[s] == nil { ids[s] = UInt32(i) }
    }

    mutating func intern(_ text: String) -> UInt32 {
      if let id = ids[text] { return id }
      let id = UInt32(strings.count)
      strings.append(text)
      ids[text] = id
      return id
    }

    mutating func intern(_ text: String?) -> UInt32 {
      text.map { intern($0) } ?? MapFileLayout.noString
    }
  }

  /// Two addresses with the same number, street and city nearer than this are one.
  static let duplicateDistance = 150.0

  /// Lays the candidates out as an address book, with road points on `roads` (the map's
  /// roads; nil: none) where `reachable` (by edge) says a route can arrive, adding its
  /// words to `strings` (the map's string table) and indexing `places` (the map's) with it.
  mutating func makeBook(
    strings: inout [String], places: [MapContent.Place], roads: RoadMap?, reachable: [Bool]
  ) -> AddressBook {
    var table = StringTable(strings)
    strings = []
    // The map's road names, folded: by string index, and the first spelling of each.
    var foldedName: [UInt32: String] = [:]
    var roadNames: [String: String] = [:]
    var longest: [String: (edge: Int, length: UInt32)] = [:]
    for id in 0..<(roads?.edgeCount ?? 0) {
      let name = roads!.edgeNameKey(id)
      guard name != 0 else { continue }
      let key = foldedName[name] ?? SearchText.fold(table.strings[Int(name)])
      foldedName[name] = key
      guard !key.isEmpty else { continue }
      if roadNames[key] == nil { roadNames[key] = table.strings[Int(name)] }
      let length = roads!.edgeLengthCentimetres(id)
      if length > longest[key]?.length ?? 0 { longest[key] = (id, length) }
    }
    for i in candidates.indices { candidates[i].streetKey = SearchText.fold(candidates[i].street) }
    let kept = deduplicated()

    // Streets: the candidates grouped by folded street and city.
    var groups: [String: [Int]] = [:]
    func groupKey(_ key: String, _ city: String?) -> String { key + "\u{0}" + (city ?? "") }
    for i in kept {
      groups[groupKey(candidates[i].streetKey, candidates[i].city), default: []].append(i)
    }
    var streetKeys = Set(kept.map { candidates[$0].streetKey })
    var roadOnly: [String: (name: String, city: String?, edge: Int)] = [:]
    for (key, road) in longest where !streetKeys.contains(key) {
      let middle = roads.map { Self.e7(Self.middle(of: road.edge, in: $0)) } ?? (0, 0)
      let city = settlements.city(at: middle)
      roadOnly[groupKey(key, city)] = (roadNames[key] ?? key, city, road.edge)
      streetKeys.insert(key)
    }

    var book = AddressBook()
    for group in Set(groups.keys).union(roadOnly.keys).sorted() {
      if let members = groups[group] {
        let first = candidates[members[0]]
        let onRoad = !first.isPlace && roadNames[first.streetKey] != nil
        let name =
          onRoad
          ? roadNames[first.streetKey]! : Self.commonest(members.map { candidates[$0].street })
        let nameID = table.intern(name)
        let ordered = members.sorted {
          let a = candidates[$0]
          let b = candidates[$1]
          return (a.number, a.position.latitude, a.position.longitude)
            < (b.number, b.position.latitude, b.position.longitude)
        }
        let firstAddress = UInt32(book.addresses.count)
        for i in ordered {
          let c = candidates[i]
          let road = roads.flatMap { map in
            map.roadPoint(
              facing: Self.coordinate(c.position), isReachable: { reachable[$0] }
            ) { edge in
              onRoad && foldedName[map.edgeNameKey(edge)] == c.streetKey
            }
          }
          count(c, onRoad: onRoad, hasRoad: road != nil)
          var flags: UInt8 = 0
          if c.atEntrance { flags |= MapFileLayout.AddressFlag.entrance }
          if c.source == .interpolation { flags |= MapFileLayout.AddressFlag.interpolated }
          if c.source == .area { flags |= MapFileLayout.AddressFlag.area }
          if c.isPlace { flags |= MapFileLayout.AddressFlag.place }
          if !c.isPlace && !onRoad { flags |= MapFileLayout.AddressFlag.streetNotOnMap }
          book.addresses.append(
            AddressBook.Address(
              number: table.intern(c.number.text), street: nameID,
              postcode: table.intern(c.postcode),
              city: table.intern(c.city), latitudeE7: c.position.latitude,
              longitudeE7: c.position.longitude, road: Self.record(road), flags: flags))
        }
        let middle = book.addresses[Int(firstAddress) + ordered.count / 2]
        book.streets.append(
          AddressBook.Street(
            name: nameID, city: table.intern(first.city), firstAddress: firstAddress,
            addressCount: UInt32(ordered.count), latitudeE7: middle.latitudeE7,
            longitudeE7: middle.longitudeE7,
            road: AddressBook.RoadPointRecord(
              edge: middle.road.edge, offsetCentimetres: middle.road.offsetCentimetres, side: 0)))
      } else if let road = roadOnly[group], let roads {
        let point = roads.roadPoint(
          onEdge: road.edge, offset: Polyline(roads.geometry(ofEdge: road.edge)).length / 2,
          side: nil)
        let at = Self.e7(point.coordinate)
        book.streets.append(
          AddressBook.Street(
            name: table.intern(road.name), city: table.intern(road.city),
            firstAddress: UInt32(book.addresses.count), addressCount: 0, latitudeE7: at.latitude,
            longitudeE7: at.longitude, road: Self.record(point)))
      }
    }
    summary.streets = book.streets.count
    book.zones = zones(
      of: book.addresses, strings: &table, roads: roads, reachable: reachable)
    book.searchKeys = searchKeys(book: book, places: places, strings: &table)
    strings = table.strings
    return book
  }

  /// The candidates to keep, by index: of those with the same number and street within
  /// `duplicateDistance` of each other (whatever city they name: "Krems" and "Krems an der
  /// Donau" are one town), the best (a building's entrance, then a building, a node, an
  /// interpolated number), with a postcode and city taken from the others when it has none.
  private mutating func deduplicated() -> [Int] {
    var order = candidates.indices.filter { !candidates[$0].streetKey.isEmpty }
    summary.noStreet += candidates.count - order.count
    order.sort {
      let a = candidates[$0]
      let b = candidates[$1]
      if (a.streetKey, a.number.folded) != (b.streetKey, b.number.folded) {
        return (a.streetKey, a.number.folded) < (b.streetKey, b.number.folded)
      }
      return (a.source, a.atEntrance ? 0 : 1, a.id, $0) < (b.source, b.atEntrance ? 0 : 1, b.id, $1)
    }
    var kept: [Int] = []
    var run: [Int] = []
    for i in order {
      let c = candidates[i]
      if let r = run.first,
        (candidates[r].streetKey, candidates[r].number.folded) != (c.streetKey, c.number.folded)
      {
        run = []
      }
      if let twin = run.first(where: {
        Earth.distance(Self.coordinate(candidates[$0].position), Self.coordinate(c.position))
          < Self.duplicateDistance
      }) {
        if candidates[twin].postcode == nil { candidates[twin].postcode = c.postcode }
        if candidates[twin].city == nil { candidates[twin].city = c.city }
        summary.duplicates += 1
        continue
      }
      run.append(i)
      kept.append(i)
    }
    return kept
  }

  private mutating func count(_ c: Candidate, onRoad: Bool, hasRoad: Bool) {
    summary.addresses += 1
    switch c.source {
    case .node: summary.fromNodes += 1
    case .area:
      if c.fromRelation { summary.fromMultipolygons += 1 } else { summary.fromBuildings += 1 }
    case .interpolation: summary.interpolated += 1
    }
    if c.atEntrance { summary.atEntrances += 1 }
    if c.isPlace { summary.onPlaces += 1 } else if !onRoad { summary.streetNotOnMap += 1 }
    if !hasRoad { summary.withoutRoad += 1 }
  }

  /// The spelling most of `names` use; the first in order among equals.
  static func commonest(_ names: [String]) -> String {
    var counts: [String: Int] = [:]
    for n in names { counts[n, default: 0] += 1 }
    return counts.min { ($1.value, $0.key) < ($0.value, $1.key) }?.key ?? names.first ?? ""
  }

  static func record(_ point: RoadPoint?) -> AddressBook.RoadPointRecord {
    guard let point else { return .none }
    return AddressBook.RoadPointRecord(
      edge: UInt32(point.edge),
      offsetCentimetres: UInt32(min((point.offset * 100).rounded(), Double(UInt32.max - 1))),
      side: point.side == .left ? 1 : point.side == .right ? 2 : 0)
  }

  static func middle(of edge: Int, in map: RoadMap) -> Coordinate {
    let line = Polyline(map.geometry(ofEdge: edge))
    return line.coordinate(at: line.length / 2)
  }
}
