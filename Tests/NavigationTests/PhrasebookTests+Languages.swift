import Geo
import Testing

@testable import Navigation

/// Worked examples in each language: plurals, word order, ordinals in context.
extension PhrasebookTests {
  @Test func russianPlurals() {
    let ru = book("ru")
    let metres = [1, 2, 5, 21, 22, 25].map { Double($0) * 10 }  // rounding: 10, 20, 50, 210…
    #expect(
      metres.map(ru.spokenDistance) == [
        "10 метров", "20 метров", "50 метров", "200 метров", "200 метров", "250 метров",
      ])
    let km = [1, 2, 5, 21, 22, 25, 11, 12, 14, 111].map { Double($0) * 1000 }
    #expect(
      km.map(ru.spokenDistance) == [
        "1 километр", "2 километра", "5 километров", "21 километр", "22 километра",
        "25 километров", "11 километров", "12 километров", "14 километров", "111 километров",
      ])
    #expect(ru.spokenDistance(1500) == "1,5 километра")
    #expect(ru.spokenDistance(2300) == "2,3 километра")
    // The plural rule itself, on counts the rounding never produces as metres.
    let c = PhraseCatalog.russian
    #expect(
      [1, 2, 5, 21, 22, 25, 11, 101, 104].map {
        PhraseCatalog.fill(
          c.plural(c.metric.metres, integer: $0, fraction: false), ["number": String($0)])
      } == [
        "1 метр", "2 метра", "5 метров", "21 метр", "22 метра", "25 метров", "11 метров",
        "101 метр", "104 метра",
      ])
    #expect(
      ru.inDistance(300, ru.instruction(for: step(.turn, .left, name: "Mannerheimintie")))
        == "Через 300 метров поверните налево на Mannerheimintie")
    #expect(
      ru.inDistance(1000, ru.arrival(for: step(.arrive, .right)))
        == "Через 1 километр пункт назначения будет справа")
    #expect(ru.then("Поверните направо", "Развернитесь") == "Поверните направо, затем развернитесь")
    #expect(ru.continueFor(21_000) == "Продолжайте движение 21 километр")
    #expect(ru.displayDistance(1240) == "1,2 км")
    #expect(
      ru.depart(for: step(.depart, name: "Fabianinkatu", bearingAfter: 180))
        == "Двигайтесь на юг по Fabianinkatu")
    #expect(
      ru.instruction(for: step(.roundabout, exit: 3))
        == "На кольце третий съезд")
  }

  @Test func germanExamples() {
    let de = book("de-DE")
    let left = de.instruction(for: step(.turn, .left, name: "Mannerheimintie"))
    #expect(left == "Links abbiegen auf Mannerheimintie")
    #expect(de.inDistance(300, left) == "In 300 Metern links abbiegen auf Mannerheimintie")
    #expect(de.inDistance(1000, "Bitte wenden") == "In 1 Kilometer bitte wenden")
    #expect(de.inDistance(1500, "Bitte wenden") == "In 1,5 Kilometern bitte wenden")
    #expect(
      de.inDistance(200, de.arrival(for: step(.arrive))) == "In 200 Metern erreichen Sie Ihr Ziel")
    #expect(
      de.inDistance(200, de.arrival(for: step(.arrive, .left)))
        == "In 200 Metern befindet sich Ihr Ziel auf der linken Seite")
    #expect(
      de.then("Rechts abbiegen", de.instruction(for: step(.turn, .uTurn)))
        == "Rechts abbiegen, dann bitte wenden")
    #expect(
      de.then("Rechts abbiegen", de.arrival(for: step(.arrive)))
        == "Rechts abbiegen, dann erreichen Sie Ihr Ziel")
    #expect(
      de.instruction(for: step(.roundabout, exit: 2, name: "Hämeentie"))
        == "Im Kreisverkehr die zweite Ausfahrt nehmen auf Hämeentie")
    #expect(
      de.inDistance(100, de.instruction(for: step(.roundabout, exit: 2)))
        == "In 100 Metern im Kreisverkehr die zweite Ausfahrt nehmen")
    #expect(
      de.instruction(for: step(.endOfRoad, .right, name: "Asema-aukio"))
        == "Am Ende der Straße rechts abbiegen auf Asema-aukio")
    #expect(
      de.depart(for: step(.depart, name: "Fabianinkatu", bearingAfter: 0))
        == "Auf Fabianinkatu nach Norden fahren")
    #expect(de.spokenDistance(300) == "300 Meter")
    #expect(de.continueFor(2000) == "Dem Straßenverlauf 2 Kilometer folgen")
    #expect(de.displayDistance(1240) == "1,2 km")
  }

  @Test func chineseExamples() {
    let zh = book("zh-CN")
    let left = zh.instruction(for: step(.turn, .left, name: "Mannerheimintie"))
    #expect(left == "左转，进入Mannerheimintie")
    #expect(zh.inDistance(300, left) == "前方300米左转，进入Mannerheimintie")
    #expect(zh.inDistance(1500, zh.arrival(for: step(.arrive))) == "前方1.5公里到达目的地")
    #expect(zh.then("右转", "掉头") == "右转，然后掉头")
    #expect(zh.instruction(for: step(.roundabout, exit: 2)) == "进入环岛，从第二个出口驶出")
    #expect(
      zh.depart(for: step(.depart, name: "Fabianinkatu", bearingAfter: 90)) == "沿Fabianinkatu向东行驶")
    #expect(zh.continueFor(2000) == "沿当前道路继续行驶2公里")
    #expect(zh.arrived(for: step(.arrive, .left)) == "您已到达目的地，目的地在您的左侧")
    #expect(book("cmn").language == "zh")
  }

  @Test func italianExamples() {
    let it = book("it_IT")
    let left = it.instruction(for: step(.turn, .left, name: "Via Roma"))
    #expect(left == "Svolta a sinistra in Via Roma")
    #expect(it.inDistance(300, left) == "Tra 300 metri svolta a sinistra in Via Roma")
    #expect(it.inDistance(1000, "Fai inversione a U") == "Tra 1 chilometro fai inversione a U")
    #expect(
      it.inDistance(1500, it.arrival(for: step(.arrive)))
        == "Tra 1,5 chilometri arriverai a destinazione")
    #expect(
      it.instruction(for: step(.roundabout, exit: 3, name: "Via Po"))
        == "Alla rotonda prendi la terza uscita e imbocca Via Po")
    #expect(
      it.then("Svolta a destra", "Fai inversione a U") == "Svolta a destra, poi fai inversione a U")
    #expect(it.continueFor(2000) == "Prosegui per 2 chilometri")
  }

  @Test func spanishExamples() {
    let es = book("es-ES")
    let left = es.instruction(for: step(.turn, .left, name: "Gran Vía"))
    #expect(left == "Gira a la izquierda hacia Gran Vía")
    #expect(es.inDistance(300, left) == "En 300 metros, gira a la izquierda hacia Gran Vía")
    #expect(
      es.inDistance(1000, es.arrival(for: step(.arrive, .left)))
        == "En 1 kilómetro, tu destino estará a la izquierda")
    #expect(
      es.instruction(for: step(.roundabout, exit: 1)) == "En la rotonda, toma la primera salida")
    #expect(
      es.then("Gira a la derecha", "Cambia de sentido")
        == "Gira a la derecha y luego cambia de sentido")
    #expect(
      es.depart(for: step(.depart, name: "Calle Mayor", bearingAfter: 225))
        == "Dirígete al suroeste por Calle Mayor")
    #expect(es.continueFor(1500) == "Continúa durante 1,5 kilómetros")
  }
}
