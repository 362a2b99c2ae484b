import Audio
import Foundation
import JSON
import Navigation

extension DaemonConfiguration {
  /// Where `config check` finds the speaking rates too slow: for each language whose
  /// `audio.rate` is below its tuned rate, the first of its longest final prompts
  /// (`VoiceCheck.longestFinals`) that espeak-ng, at that rate, makes last longer than a
  /// final prompt may (`VoicePrompt.finalLimit` per maneuver it announces) — one problem
  /// per language, naming the JSON path, the prompt and how long it lasted. A rate at or
  /// above the tuned one only shortens prompts and is not synthesized.
  ///
  /// The daemon never calls this (it would hold up the start); it speaks at the rate
  /// given, and says so (`speechRateNote`). Blocks for the synthesis: at most
  /// `VoiceCheck.longestFinalCount` prompts a language, about 10 ms each on a desktop
  /// processor.
  ///
  /// - Parameter dataPath: espeak-ng's data, as `EspeakSynthesizer` takes it.
  public func speechRateProblems(dataPath: String? = nil) -> [String] {
    let rates = audio.speechRates
    let languages = rates.slowerThanTuned
    guard !languages.isEmpty else { return [] }
    let check: VoiceCheck
    do {
      let settings = EspeakSynthesizer.Settings(rates: rates.byLanguage)
      check = VoiceCheck(
        synthesizer: try EspeakSynthesizer(settings: settings, dataPath: dataPath))
    } catch {
      return ["$.audio.rate: cannot check the rates without espeak-ng (\(error.message))"]
    }
    var problems: [String] = []
    for code in languages {
      let rate = rates.byLanguage[code, default: 0]
      let path = rates.path(of: code, under: "$.audio.rate")
      do {
        let phrases = try Phrasebook(language: code)
        let longest = VoiceCheck.longestFinals(phrases)
        guard let result = try check.firstTooLong(longest, language: code) else { continue }
        let limit = result.prompt.maximumDuration ?? VoicePrompt.finalLimit
        let which = rates.everyLanguage == nil ? "the" : "the \(code)"
        problems.append(
          "\(path): at \(rate) wpm \(which) final prompt \(JSONNode.quoted(result.prompt.text, limit: 120)) "
            + "lasts \(Self.seconds(result.statistics.duration)) s, over the "
            + "\(JSONValue.format(limit)) s it may (\(code) at its own rate, "
            + "\(EspeakSynthesizer.defaultRates[code, default: 0]) wpm, keeps every final "
            + "prompt within it)")
      } catch {
        problems.append("\(path): cannot check the rate (\(error))")
      }
    }
    return problems
  }

  /// What the daemon says at start-up, without synthesizing, when the configured language
  /// speaks slower than its tuned rate: its final prompts may run over, and `config check`
  /// tells. Nil at or above the tuned rate.
  public var speechRateNote: String? {
    guard audio.speechRates.slowerThanTuned.contains(language) else { return nil }
    let rate = audio.speechRates.byLanguage[language, default: 0]
    let tuned = EspeakSynthesizer.defaultRates[language, default: 0]
    return "\(audio.speechRates.path(of: language, under: "$.audio.rate")): \(language) at "
      + "\(rate) wpm, slower than its own \(tuned): final prompts may last over "
      + "\(JSONValue.format(VoicePrompt.finalLimit)) s (`headunit config check` synthesizes them)"
  }

  /// `3.62`.
  private static func seconds(_ value: Double) -> String {
    String(format: "%.2f", value)
  }
}
