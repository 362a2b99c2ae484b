import Foundation

/// Which named OSM objects become places on the map, and the word that says what they are.
///
/// A node (or a closed way, at its centroid) with a `name` and one of `place`, `amenity`,
/// `shop`, `tourism` or `railway=station|halt` is a place. Its category is a human word:
/// "Fuel", "Parking", "Café", "Suburb", "Supermarket"; values without a word of their own
/// are turned into one (`bicycle_rental` → "Bicycle rental"); `shop=yes` is "Shop".
public enum PlaceCategory {
  static let words: [String: [String: String]] = [
    "amenity": [
      "fuel": "Fuel", "parking": "Parking", "restaurant": "Restaurant", "cafe": "Café",
      "fast_food": "Fast food", "hospital": "Hospital", "pharmacy": "Pharmacy", "bar": "Bar",
      "pub": "Pub", "bank": "Bank", "atm": "ATM", "charging_station": "Charging station",
      "car_wash": "Car wash", "car_rental": "Car rental", "police": "Police",
      "fire_station": "Fire station", "post_office": "Post office", "library": "Library",
      "school": "School", "university": "University", "cinema": "Cinema", "theatre": "Theatre",
      "townhall": "Town hall", "toilets": "Toilets", "place_of_worship": "Place of worship",
      "ferry_terminal": "Ferry terminal", "bus_station": "Bus station", "taxi": "Taxi",
      "doctors": "Doctor", "dentist": "Dentist", "clinic": "Clinic",
      "ice_cream": "Ice cream", "nightclub": "Nightclub", "parking_entrance": "Parking",
    ],
    "shop": [
      "yes": "Shop", "supermarket": "Supermarket", "convenience": "Convenience store",
      "bakery": "Bakery", "clothes": "Clothes", "books": "Books", "car": "Car dealer",
      "car_repair": "Car repair", "mall": "Shopping centre", "department_store": "Department store",
      "kiosk": "Kiosk", "hairdresser": "Hairdresser",
    ],
    "tourism": [
      "hotel": "Hotel", "hostel": "Hostel", "guest_house": "Guest house", "museum": "Museum",
      "attraction": "Attraction", "viewpoint": "Viewpoint", "information": "Information",
      "artwork": "Artwork", "gallery": "Gallery", "camp_site": "Camp site",
    ],
    "place": [
      "city": "City", "town": "Town", "village": "Village", "hamlet": "Hamlet",
      "suburb": "Suburb", "quarter": "Quarter", "neighbourhood": "Neighbourhood",
      "square": "Square", "island": "Island", "islet": "Islet", "locality": "Locality",
    ],
    "railway": ["station": "Station", "halt": "Station"],
  ]
  static let keys = ["place", "amenity", "shop", "tourism", "railway"]

  /// The category of a named object with these tags, or nil when it is not a place (no
  /// name, or none of the keys above).
  public static func of(_ tags: [String: String]) -> String? {
    guard let name = tags["name"], !name.isEmpty else { return nil }
    for key in keys {
      guard let value = tags[key] else { continue }
      if key == "railway" && !["station", "halt"].contains(value) { continue }
      return words[key]?[value] ?? humanized(value) ?? humanized(key)
    }
    return nil
  }

  /// `bicycle_rental` → "Bicycle rental"; nil for an empty value.
  static func humanized(_ value: String) -> String? {
    let words = value.replacingOccurrences(of: "_", with: " ").trimmingCharacters(in: .whitespaces)
    guard let first = words.first else { return nil }
    return first.uppercased() + words.dropFirst()
  }
}
