import Foundation
import Geo
import Navigation
import Templates

/// Search through the provider: live results and the letters still worth typing as the
/// driver spells, and a street's house numbers, grouped by tens when there are many.
extension NavigationApp {
  /// At most this many house numbers share one list before they are grouped.
  static let numbersPerList = 12

  /// The speller: its ring ordered by the letters likeliest next (the provider's counts
  /// and the names of favourites and recents) and limited to those that still find
  /// something.
  func searchTemplate() -> SearchTemplate {
    let saved = lists.favourites + lists.recents
    var template = SearchTemplate(id: ID.search, placeNames: saved.map(\.name))
    template.speller.offer(nextLetters(after: ""))
    return template
  }

  /// The driver typed: new results and a new ring from the provider.
  mutating func searchTextChanged(_ text: String, at now: Date) {
    guard case .search(var search)? = controller.stack.last, search.id == ID.search else { return }
    let blank = text.allSatisfy(\.isWhitespace)
    searchResults = blank ? [] : found(text)
    search.appResults =
      blank
      ? nil
      : searchResults.map {
        ListItem(
          id: SearchTemplate.resultElementID($0.id), text: $0.name, image: "pin",
          accessory: $0.hasHouseNumbers ? .disclosureIndicator : .none)
      }
    search.speller.offer(nextLetters(after: text))
    request({ .update($0, .search(search)) }, at: now)
  }

  /// The letters the provider's search can still use after `text`, and those that follow
  /// it in the names of favourites and recents, each with how many names continue so.
  func nextLetters(after text: String) -> [Character: Int] {
    let saved = PlaceMatcher(names: (lists.favourites + lists.recents).map(\.name))
    return provider.nextLetters(after: text).merging(
      saved.nextLetterCounts(after: text), uniquingKeysWith: +)
  }

  /// What the provider's search finds for `text`, then the favourites and recents whose
  /// names match that it did not find, at most `RotarySpeller.maximumResults`.
  func found(_ text: String) -> [Place] {
    let limit = RotarySpeller.maximumResults
    var results = provider.search(text, near: position, limit: limit)
    let saved = lists.favourites + lists.recents
    let matcher = PlaceMatcher(names: saved.map(\.name))
    var ids = Set(results.map(\.id))
    for name in matcher.matches(text) where results.count < limit {
      for place in saved where place.name == name && ids.insert(place.id).inserted {
        results.append(place)
      }
    }
    return Array(results.prefix(limit))
  }

  /// The driver chose search result `elementID`: a street lists its numbers, anything
  /// else previews the trip there.
  mutating func choseSearchResult(_ elementID: String, at now: Date) {
    guard
      let place = searchResults.first(where: { SearchTemplate.resultElementID($0.id) == elementID })
    else { return }
    let numbers = place.hasHouseNumbers ? provider.houseNumbers(onStreet: place) : []
    guard !numbers.isEmpty else {
      choose(place, at: now)
      return
    }
    houseNumbers = numbers
    numberGroups = [:]
    pushNumbers(Array(numbers.indices), id: ID.houseNumbers, title: place.name, at: now)
  }

  /// The driver chose a row of a house-number list: a number previews the trip, a group
  /// lists its numbers.
  mutating func choseHouseNumber(_ elementID: String, at now: Date) {
    if let group = numberGroups[elementID] {
      pushNumbers(group.indices, id: elementID, title: group.title, at: now)
    } else if let index = Int(elementID.dropFirst(ID.number("").count)),
      elementID.hasPrefix(ID.number("")), houseNumbers.indices.contains(index)
    {
      choose(houseNumbers[index], at: now)
    }
    send(.itemHandled(elementID), at: now)
  }

  /// Pushes the numbers `indices` of `houseNumbers`: one row each when few, else one row
  /// per ten ("10–19"), or per hundred when even the tens are more than a list holds (the
  /// driving limit's rows while the car moves).
  private mutating func pushNumbers(_ indices: [Int], id: String, title: String, at now: Date) {
    // While driving a list shows fewer rows: the groups are made to fit them, after the
    // numbers nearest the car.
    let driving = controller.isDrivingLimited
    let near = driving && indices.count > Self.numbersPerList ? nearest(indices) : []
    let fit =
      (driving
        ? min(controller.configuration.drivingListItemLimit, ListTemplate.maximumItemCount)
        : ListTemplate.maximumItemCount) - near.count
    var size = 10
    var groups = group(indices, by: size)
    while groups.count > fit, size < 1_000_000 {
      size *= 10
      groups = group(indices, by: size)
    }
    var sections: [ListSection]
    // A ten's numbers ("11", "11 a", "11 b"…) are listed even when they are many.
    if indices.count <= Self.numbersPerList || groups.count <= 1 {
      sections = [ListSection(items: indices.map(numberRow))]
    } else {
      let rows = groups.map { key, members in
        let low = max(key * size, 1)
        let label = "\(low)–\(key * size + size - 1)"
        let rowID = "\(id).\(key * size)"
        numberGroups[rowID] = (title: "\(title) \(label)", indices: members)
        return ListItem(id: rowID, text: label, accessory: .disclosureIndicator)
      }
      sections = [ListSection(items: Array(rows.prefix(max(fit, 1))))]
      if !near.isEmpty {
        sections.insert(ListSection(header: text[.nearYou], items: near.map(numberRow)), at: 0)
      }
    }
    let list = ListTemplate(id: id, title: title, sections: sections)
    request({ .push($0, .list(list)) }, at: now)
  }

  /// The row of number `index` of `houseNumbers`.
  private func numberRow(_ index: Int) -> ListItem {
    ListItem(
      id: ID.number("\(index)"),
      text: houseNumbers[index].houseNumber ?? houseNumbers[index].name)
  }

  /// The three numbers of `indices` nearest the car, nearest first; none without a
  /// position.
  private func nearest(_ indices: [Int]) -> [Int] {
    guard let position else { return [] }
    return Array(
      indices.sorted {
        Earth.distance(houseNumbers[$0].coordinate, position)
          < Earth.distance(houseNumbers[$1].coordinate, position)
      }.prefix(3))
  }

  /// `indices` by their number's value divided by `size`, in order.
  private func group(_ indices: [Int], by size: Int) -> [(key: Int, members: [Int])] {
    var groups: [(key: Int, members: [Int])] = []
    for index in indices {
      let key = Self.value(of: houseNumbers[index].houseNumber ?? "") / size
      if groups.last?.key == key {
        groups[groups.count - 1].members.append(index)
      } else if let at = groups.firstIndex(where: { $0.key == key }) {
        groups[at].members.append(index)
      } else {
        groups.append((key, [index]))
      }
    }
    return groups.sorted { $0.key < $1.key }
  }

  /// The leading whole number of a house number ("13a" → 13), 0 when it has none.
  static func value(of number: String) -> Int {
    Int(number.prefix { $0.isASCII && $0.isNumber }) ?? 0
  }
}
