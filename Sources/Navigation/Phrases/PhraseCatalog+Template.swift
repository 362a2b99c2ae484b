extension PhraseCatalog {
  /// Every catalog, one per supported language, sorted by code.
  static let all: [PhraseCatalog] = [german, english, spanish, italian, russian, chinese]

  /// The catalog with `code`, a code `Phrasebook` has normalised; English for any other.
  static func catalog(for code: String) -> PhraseCatalog {
    all.first { $0.code == code } ?? english
  }

  /// Replaces each `{name}` in `template` with `values[name]` in one pass, so braces in
  /// substituted text are left alone. Unknown placeholders are kept as written.
  static func fill(_ template: String, _ values: [String: String]) -> String {
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}") else { break }
      let name = String(rest[rest.index(after: open)..<close])
      result += values[name] ?? String(rest[open...close])
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// `template` with the longest of `referenceForms`' keys it contains replaced by its
  /// form, for a road known by its reference; `template` itself when it contains none.
  func referenceForm(of template: String) -> String {
    guard
      let piece = referenceForms.keys.filter({ template.contains($0) })
        .max(by: { ($0.count, $1) < ($1.count, $0) }),
      let form = referenceForms[piece]
    else { return template }
    return template.replacingOccurrences(of: piece, with: form)
  }

  /// The placeholder names in `template`, in order.
  static func placeholders(in template: String) -> [String] {
    var names: [String] = []
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"),
      let close = rest[open...].firstIndex(of: "}")
    {
      names.append(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  /// The form of `forms` for a number whose integer part is `integer` (`fraction` when it
  /// has a non-zero decimal), by `pluralRule`.
  func plural(_ forms: PluralForms, integer: Int, fraction: Bool) -> String {
    let category: String? =
      switch pluralRule {
      case .invariant: nil
      case .oneOther: !fraction && integer == 1 ? forms.one : nil
      case .eastSlavic:
        if fraction {
          nil
        } else if integer % 10 == 1 && integer % 100 != 11 {
          forms.one
        } else if (2...4).contains(integer % 10) && !(12...14).contains(integer % 100) {
          forms.few
        } else {
          forms.many
        }
      }
    return category ?? forms.other
  }

  /// The ordinal for `n`: spelled when `ordinals` has it, else digits with a suffix.
  func ordinal(_ n: Int) -> String {
    if n >= 1 && n <= ordinals.count { return ordinals[n - 1] }
    let forms = ordinalDigits
    let template: String? =
      switch ordinalRule {
      case .invariant: nil
      case .english:
        switch (n % 10, n % 100) {
        case (1, let h) where h != 11: forms.one
        case (2, let h) where h != 12: forms.two
        case (3, let h) where h != 13: forms.few
        default: nil
        }
      }
    return Self.fill(template ?? forms.other, ["number": String(n)])
  }
}
