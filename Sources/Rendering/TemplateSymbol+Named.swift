extension TemplateSymbol {
  /// The symbol for an image name of a template ("star", "clock", "fuel", …); names the
  /// renderer does not draw become their first letter.
  public init(named name: String) {
    switch name.lowercased() {
    case "star", "favorite", "favourite", "favorites", "favourites": self = .star
    case "clock", "recent", "recents", "history": self = .clock
    case "pin", "place", "location", "destination", "poi": self = .pin
    case "home", "house": self = .home
    case "work", "briefcase", "office": self = .work
    case "fuel", "gas", "petrol": self = .fuel
    case "ev", "ev.charger", "charger", "charging": self = .letters("EV")
    case "parking", "car park": self = .parking
    case "food", "restaurant", "fork.knife": self = .food
    case "search", "magnifyingglass": self = .search
    case "settings", "gear", "gearshape": self = .settings
    case "navigation", "navigate", "map", "location.north": self = .navigation
    case "phone", "call": self = .phone
    case "warning", "exclamationmark.triangle", "hazard", "roadworks": self = .warning
    case "speaker", "sound", "voice": self = .speaker
    case "list", "playlist": self = .list
    case "music", "note", "song", "music.note": self = .music
    case "folder": self = .folder
    case "person", "artist", "contact": self = .person
    case "grid": self = .grid
    case "info", "information": self = .info
    default: self = .letters(String(name.prefix(1)).uppercased())
    }
  }
}
