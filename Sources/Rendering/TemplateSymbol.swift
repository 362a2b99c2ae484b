import Templates

/// A small picture beside a list item, on a grid button or a tab, drawn as vectors in
/// the theme's colours (the head unit ships no bitmaps).
public enum TemplateSymbol: Hashable, Sendable {
  case star
  case clock
  case pin
  case home
  case work
  case fuel
  case parking
  case food
  case search
  case settings
  case navigation
  case phone
  case warning
  case speaker
  case list
  case grid
  case info
  /// Two beamed notes: music, a song.
  case music
  case folder
  /// A head and shoulders: a person, an artist.
  case person
  /// A map button's icon.
  case map(MapButton.Symbol)
  /// Up to four letters (shrunk to fit), for things that have no symbol.
  case letters(String)
  /// A number on a filled disc (a point of interest's pin number).
  case number(Int)
}
