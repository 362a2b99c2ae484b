import Foundation
import Navigation
import Readers
import Testing

@testable import Commands

extension RoutingCommandTests {
  static let helsinkiTrip = [
    "route", "--from", "60.166784,24.949561", "--to", "60.174563,24.938414", "--map", map,
  ]

  @Test func routeTextIsInTheLanguageAsked() {
    let (status, captured) = run(Self.helsinkiTrip + ["--lang", "de"])
    #expect(status == .success, "\(captured.err)")
    let steps = captured.out.dropFirst().dropLast()
    #expect(steps.first?.hasPrefix("  Auf Fabianinkatu nach Norden fahren. ") == true)
    #expect(steps.contains { $0.hasPrefix("  Links abbiegen auf Pohjoisesplanadi. ") })
    #expect(steps.last?.hasPrefix("  Ihr Ziel befindet sich vor Ihnen. ") == true)
    #expect(!steps.contains { $0.contains("Turn") || $0.contains("Drive") })
    #expect(captured.out.last?.hasPrefix("  total: ") == true)
  }

  @Test func routeTextInChineseEndsWithTheIdeographicFullStop() {
    let (status, captured) = run(Self.helsinkiTrip + ["--lang", "zh"])
    #expect(status == .success, "\(captured.err)")
    #expect(captured.out.contains { $0.hasPrefix("  左转，进入Pohjoisesplanadi。 ") })
  }

  @Test func routeJSONCarriesTheInstructionsAndTheirLanguage() throws {
    for (language, first) in [
      ("en", "Drive north on Fabianinkatu."), ("de", "Auf Fabianinkatu nach Norden fahren."),
    ] {
      let (status, captured) = run(Self.helsinkiTrip + ["--json", "--lang", language])
      #expect(status == .success, "\(captured.err)")
      let json = captured.out.joined(separator: "\n")
      #expect(json.contains("\"voiceLocale\":\"\(language)\""))
      let route = try #require(try OSRMRouteReader.read(Data(json.utf8)).first)
      #expect(route.locale == language)
      #expect(route.steps.first?.instructionVariants == [first])
    }
  }
}
