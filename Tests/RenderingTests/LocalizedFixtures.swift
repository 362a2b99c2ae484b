import Foundation
import Navigation
import Rendering

@testable import Templates

/// Template screens with their words in each of the six languages, as an app would hand
/// them in: the layout tests check that none of them is cut at any supported size.
enum LocalizedFixtures {
  /// The words of the template screens in one language.
  struct Words {
    var destinations, favourites, recent, home, work, station, kamppi: String
    var endTitle, endMessage, endTrip, pause, cancel: String
    var alertTitles: [String]
    var takeIt, keepRoute: String
    var nearby: String
    var tiles: [String]
    var back: String
  }

  static let words: [String: Words] = [
    "en": Words(
      destinations: "Destinations", favourites: "Favourites", recent: "Recent", home: "Home",
      work: "Work", station: "Central Station", kamppi: "Kamppi",
      endTitle: "End the trip?", endMessage: "Guidance stops and the map stays.",
      endTrip: "End trip", pause: "Pause guidance", cancel: "Cancel",
      alertTitles: [
        "A faster route via Mannerheimintie saves 4 minutes. Take it?",
        "Faster route: save 4 min?",
      ],
      takeIt: "Take it", keepRoute: "Keep route", nearby: "Nearby",
      tiles: ["Fuel", "Parking", "Food", "Charging", "Favourites", "Recent", "Search", "Settings"],
      back: "Map"),
    "de": Words(
      destinations: "Ziele", favourites: "Favoriten", recent: "Zuletzt", home: "Zuhause",
      work: "Arbeit", station: "Hauptbahnhof", kamppi: "Kamppi",
      endTitle: "Fahrt beenden?", endMessage: "Die Führung endet, die Karte bleibt.",
      endTrip: "Beenden", pause: "Pausieren", cancel: "Abbrechen",
      alertTitles: [
        "Eine schnellere Route über Mannerheimintie spart 4 Minuten. Nehmen?",
        "Schneller: 4 min sparen?",
      ],
      takeIt: "Nehmen", keepRoute: "Behalten", nearby: "In der Nähe",
      tiles: ["Tanken", "Parken", "Essen", "Laden", "Favoriten", "Zuletzt", "Suche", "Optionen"],
      back: "Karte"),
    "es": Words(
      destinations: "Destinos", favourites: "Favoritos", recent: "Recientes", home: "Casa",
      work: "Trabajo", station: "Estación central", kamppi: "Kamppi",
      endTitle: "¿Terminar el viaje?", endMessage: "La guía se detiene y el mapa queda.",
      endTrip: "Terminar", pause: "Pausar guía", cancel: "Cancelar",
      alertTitles: [
        "Una ruta más rápida por Mannerheimintie ahorra 4 minutos. ¿Tomarla?",
        "¿Ruta más rápida: −4 min?",
      ],
      takeIt: "Tomarla", keepRoute: "Mantener", nearby: "Cerca",
      tiles: [
        "Gasolina", "Aparcar", "Comida", "Carga", "Favoritos", "Recientes", "Buscar", "Ajustes",
      ],
      back: "Mapa"),
    "it": Words(
      destinations: "Destinazioni", favourites: "Preferiti", recent: "Recenti", home: "Casa",
      work: "Lavoro", station: "Stazione centrale", kamppi: "Kamppi",
      endTitle: "Terminare il viaggio?", endMessage: "La guida si ferma, la mappa resta.",
      endTrip: "Termina", pause: "Pausa guida", cancel: "Annulla",
      alertTitles: [
        "Un percorso più veloce per Mannerheimintie fa risparmiare 4 minuti. Prenderlo?",
        "Più veloce: −4 min?",
      ],
      takeIt: "Sì", keepRoute: "Mantieni", nearby: "Vicino",
      tiles: [
        "Benzina", "Parcheggi", "Cibo", "Ricarica", "Preferiti", "Recenti", "Cerca", "Opzioni",
      ],
      back: "Mappa"),
    "ru": Words(
      destinations: "Маршруты", favourites: "Избранное", recent: "Недавние", home: "Дом",
      work: "Работа", station: "Вокзал", kamppi: "Камппи",
      endTitle: "Завершить поездку?", endMessage: "Ведение остановится, карта останется.",
      endTrip: "Завершить", pause: "Пауза", cancel: "Отмена",
      alertTitles: [
        "Более быстрый маршрут по Маннергейминтие сэкономит 4 минуты. Принять?",
        "Быстрее на 4 мин?",
      ],
      takeIt: "Принять", keepRoute: "Оставить", nearby: "Рядом",
      tiles: ["Топливо", "Парковка", "Еда", "Зарядка", "Избранное", "Недавние", "Поиск", "Опции"],
      back: "Карта"),
    "zh": Words(
      destinations: "目的地", favourites: "收藏", recent: "最近", home: "家", work: "公司",
      station: "中央火车站", kamppi: "坎皮",
      endTitle: "结束行程？", endMessage: "导航将停止，地图保留。",
      endTrip: "结束行程", pause: "暂停导航", cancel: "取消",
      alertTitles: ["经曼纳海姆路的更快路线可节省4分钟。要走吗？", "更快路线：省4分钟？"],
      takeIt: "走这条", keepRoute: "保持路线", nearby: "附近",
      tiles: ["加油", "停车", "餐饮", "充电", "收藏", "最近", "搜索", "设置"],
      back: "地图"),
  ]

  /// The words in `language`: the built-in app's from the screen-text catalog, an app's
  /// own (places, messages, tiles) from the table above.
  static func words(_ language: String) -> Words {
    var w = words[language] ?? words["en"]!
    guard let text = try? ScreenText(language: language) else { return w }
    w.destinations = text[.destinations]
    w.favourites = text[.favourites]
    w.recent = text[.recents]
    w.nearby = text[.nearby]
    w.endTitle = text[.endTripQuestion]
    w.endTrip = text[.endTrip]
    w.back = text[.map]
    return w
  }

  static func destinations(_ w: Words) -> ListTemplate {
    ListTemplate(
      id: "destinations", title: w.destinations,
      sections: [
        ListSection(
          header: w.favourites,
          items: [
            .init(
              id: "home", text: w.home, detailText: "Runeberginkatu 43", image: "home",
              accessory: .disclosureIndicator),
            .init(id: "work", text: w.work, detailText: "Keskuskatu 7", image: "work"),
          ]),
        ListSection(
          header: w.recent,
          items: [
            .init(
              id: "r1", text: w.station, detailText: "1.2 km · Kaivokatu 1", image: "clock",
              accessory: .checkmark),
            .init(id: "r3", text: w.kamppi, image: "clock", accessory: .disclosureIndicator),
          ]),
      ])
  }

  static func grid(_ w: Words) -> GridTemplate {
    let ids = ["fuel", "parking", "food", "charging", "favourites", "recent", "search", "settings"]
    let images = ["fuel", "parking", "food", "ev.charger", "star", "clock", "search", "settings"]
    return GridTemplate(
      id: "nearby", title: w.nearby,
      buttons: ids.indices.map { .init(id: ids[$0], title: w.tiles[$0], image: images[$0]) })
  }

  static func endTrip(_ w: Words) -> ActionSheetTemplate {
    ActionSheetTemplate(
      id: "end", title: w.endTitle, message: w.endMessage,
      actions: [
        .init(id: "end", title: w.endTrip, style: .destructive),
        .init(id: "pause", title: w.pause),
        .init(id: "cancel", title: w.cancel, style: .cancel),
      ])
  }

  static func alert(_ w: Words) -> AlertTemplate {
    AlertTemplate(
      id: "reroute", titleVariants: w.alertTitles,
      actions: [
        .init(id: "accept", title: w.takeIt, style: .primary),
        .init(id: "decline", title: w.keepRoute, style: .cancel),
      ])
  }

  /// The trip preview of `TemplateFixtures` as the built-in app words it in the language of
  /// `text`: times, distances, the fastest route's note and the start button.
  static func tripPreview(_ text: ScreenText) throws -> TripPreview {
    let (english, _) = try TemplateFixtures.tripPreview()
    let trip = english.trips[0]
    let choices = [(1_800.0, 300.0, true), (2_100, 420, false), (1_700, 480, false)].map {
      metres, seconds, fastest in
      RouteChoice(
        summaryVariants: [text.distance(metres)],
        selectionSummaryVariants: [text.duration(seconds)],
        additionalInformationVariants: fastest ? [text[.fastest]] : [])
    }
    return TripPreview(
      trips: [
        Trip(
          id: trip.id, origin: trip.origin, destination: trip.destination,
          destinationNameVariants: trip.destinationNameVariants, routeChoices: choices)
      ], startButtonTitle: text[.go])
  }

  /// The template screens the layout tests and the golden grid look at.
  static let names = ["list", "grid", "alert", "actionsheet", "search", "preview"]

  /// A named template scene in `language` at `size` in `theme`.
  static func scene(
    _ name: String, _ size: ScreenSize, _ theme: Theme, language: String
  ) throws -> TemplateScene {
    let w = words(language)
    func make(
      _ content: TemplateScene.Content, modal: TemplateScene.Modal? = nil, focus: String?
    ) -> TemplateScene {
      var scene = TemplateScene(
        size: size, theme: theme, content: content, modal: modal, backTitle: w.back,
        focusedID: focus)
      scene.text = (try? ScreenText(language: language)) ?? ScreenText()
      return scene
    }
    switch name {
    case "list": return make(.list(destinations(w)), focus: "r1")
    case "grid": return make(.grid(grid(w)), focus: "food")
    case "alert": return make(.list(destinations(w)), modal: .alert(alert(w)), focus: "accept")
    case "actionsheet":
      return make(.grid(grid(w)), modal: .actionSheet(endTrip(w)), focus: "pause")
    case "search":
      return make(.search(TemplateFixtures.search()), focus: "key.e")
    case "preview":
      var scene = try TemplateFixtures.scene("preview", size, theme)
      scene.backTitle = nil
      let text = try ScreenText(language: language)
      scene.text = text
      if case .map(var screen) = scene.content, case .tripPreview(_, let routes) = screen.overlay {
        screen.overlay = .tripPreview(try tripPreview(text), routes: routes)
        scene.content = .map(screen)
      }
      return scene
    default:
      throw RenderingError(.invalidArgument, "no template scene \(name)")
    }
  }
}
