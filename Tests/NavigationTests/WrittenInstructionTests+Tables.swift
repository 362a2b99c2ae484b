extension WrittenInstructionTests {
  /// `WrittenCases.steps` in German: (case, the longest text, the shortest).
  static let german: [(String, String, String)] = [
    ("turn left", "Links abbiegen auf Landstrasse.", "Links abbiegen."),
    ("turn right", "Rechts abbiegen auf Landstrasse.", "Rechts abbiegen."),
    ("turn slight left", "Leicht links abbiegen auf Landstrasse.", "Leicht links abbiegen."),
    ("turn sharp right", "Scharf rechts abbiegen auf Landstrasse.", "Scharf rechts abbiegen."),
    ("u-turn", "Bitte wenden und weiterfahren auf Landstrasse.", "Bitte wenden."),
    ("continue", "Weiterfahren auf Landstrasse.", "Geradeaus weiterfahren."),
    ("new name", "Weiterfahren auf Äulestrasse.", "Geradeaus weiterfahren."),
    ("fork", "An der Gabelung links halten Richtung Chur.", "An der Gabelung links halten."),
    (
      "off ramp", "Rechts die Ausfahrt 4 Richtung Vaduz und Feldkirch nehmen.",
      "Rechts die Ausfahrt nehmen."
    ),
    ("on ramp", "Rechts die Auffahrt auf die A13 nehmen.", "Rechts die Auffahrt nehmen."),
    ("merge", "Links einfädeln auf die A13.", "Links einfädeln."),
    (
      "end of road", "Am Ende der Straße links abbiegen auf Landstrasse.",
      "Am Ende der Straße links abbiegen."
    ),
    (
      "roundabout", "Im Kreisverkehr die zweite Ausfahrt nehmen auf Landstrasse.",
      "Im Kreisverkehr die zweite Ausfahrt nehmen."
    ),
    (
      "rotary", "Im Kreisverkehr die dritte Ausfahrt nehmen.",
      "Im Kreisverkehr die dritte Ausfahrt nehmen."
    ),
    (
      "exit roundabout", "Den Kreisverkehr verlassen auf Landstrasse.",
      "Den Kreisverkehr verlassen."
    ),
    ("depart", "Auf Landstrasse nach Osten fahren.", "Nach Osten fahren."),
    (
      "arrive left", "Ihr Ziel befindet sich auf der linken Seite.",
      "Ihr Ziel befindet sich auf der linken Seite."
    ),
    (
      "arrive right", "Ihr Ziel befindet sich auf der rechten Seite.",
      "Ihr Ziel befindet sich auf der rechten Seite."
    ),
    ("name with a dot", "Links abbiegen auf Franz-Josef-Oehri-Str.", "Links abbiegen."),
    ("ref only", "Weiterfahren auf der BT 14.", "Geradeaus weiterfahren."),
    ("no name", "Links abbiegen.", "Links abbiegen."),
  ]

  /// `WrittenCases.steps` in English: (case, the longest text, the shortest).
  static let english: [(String, String, String)] = [
    ("turn left", "Turn left onto Landstrasse.", "Turn left."),
    ("turn right", "Turn right onto Landstrasse.", "Turn right."),
    ("turn slight left", "Turn slightly left onto Landstrasse.", "Turn slightly left."),
    ("turn sharp right", "Turn sharp right onto Landstrasse.", "Turn sharp right."),
    ("u-turn", "Make a U-turn onto Landstrasse.", "Make a U-turn."),
    ("continue", "Continue onto Landstrasse.", "Continue straight."),
    ("new name", "Continue onto Äulestrasse.", "Continue straight."),
    ("fork", "Keep left at the fork towards Chur.", "Keep left at the fork."),
    (
      "off ramp", "Take exit 4 on the right towards Vaduz and Feldkirch.",
      "Take exit 4 on the right."
    ),
    ("on ramp", "Take the ramp on the right onto A13.", "Take the ramp on the right."),
    ("merge", "Merge left onto A13.", "Merge left."),
    (
      "end of road", "At the end of the road, turn left onto Landstrasse.",
      "At the end of the road, turn left."
    ),
    (
      "roundabout", "Enter the roundabout and take the second exit onto Landstrasse.",
      "Enter the roundabout and take the second exit."
    ),
    (
      "rotary", "Enter the roundabout and take the third exit.",
      "Enter the roundabout and take the third exit."
    ),
    ("exit roundabout", "Exit the roundabout onto Landstrasse.", "Exit the roundabout."),
    ("depart", "Head east on Landstrasse.", "Head east."),
    (
      "arrive left", "Your destination is ahead, on the left.",
      "Your destination is ahead, on the left."
    ),
    (
      "arrive right", "Your destination is ahead, on the right.",
      "Your destination is ahead, on the right."
    ),
    ("name with a dot", "Turn left onto Franz-Josef-Oehri-Str.", "Turn left."),
    ("ref only", "Continue onto BT 14.", "Continue straight."),
    ("no name", "Turn left.", "Turn left."),
  ]

  /// `WrittenCases.steps` in Spanish: (case, the longest text, the shortest).
  static let spanish: [(String, String, String)] = [
    ("turn left", "Gira a la izquierda hacia Landstrasse.", "Gira a la izquierda."),
    ("turn right", "Gira a la derecha hacia Landstrasse.", "Gira a la derecha."),
    (
      "turn slight left", "Gira ligeramente a la izquierda hacia Landstrasse.",
      "Gira ligeramente a la izquierda."
    ),
    (
      "turn sharp right", "Gira bruscamente a la derecha hacia Landstrasse.",
      "Gira bruscamente a la derecha."
    ),
    ("u-turn", "Cambia de sentido hacia Landstrasse.", "Cambia de sentido."),
    ("continue", "Continúa por Landstrasse.", "Sigue recto."),
    ("new name", "Continúa por Äulestrasse.", "Sigue recto."),
    (
      "fork", "En la bifurcación, mantente a la izquierda en dirección a Chur.",
      "En la bifurcación, mantente a la izquierda."
    ),
    (
      "off ramp", "Toma la salida 4 de la derecha en dirección a Vaduz y Feldkirch.",
      "Toma la salida de la derecha."
    ),
    (
      "on ramp", "Toma la vía de acceso de la derecha hacia la A13.",
      "Toma la vía de acceso de la derecha."
    ),
    ("merge", "Incorpórate por la izquierda a la A13.", "Incorpórate por la izquierda."),
    (
      "end of road", "Al final de la calle, gira a la izquierda hacia Landstrasse.",
      "Al final de la calle, gira a la izquierda."
    ),
    (
      "roundabout", "En la rotonda, toma la segunda salida hacia Landstrasse.",
      "En la rotonda, toma la segunda salida."
    ),
    ("rotary", "En la rotonda, toma la tercera salida.", "En la rotonda, toma la tercera salida."),
    ("exit roundabout", "Sal de la rotonda hacia Landstrasse.", "Sal de la rotonda."),
    ("depart", "Dirígete al este por Landstrasse.", "Dirígete al este."),
    ("arrive left", "Tu destino está a la izquierda.", "Tu destino está a la izquierda."),
    ("arrive right", "Tu destino está a la derecha.", "Tu destino está a la derecha."),
    ("name with a dot", "Gira a la izquierda hacia Franz-Josef-Oehri-Str.", "Gira a la izquierda."),
    ("ref only", "Continúa por la BT 14.", "Sigue recto."),
    ("no name", "Gira a la izquierda.", "Gira a la izquierda."),
  ]

  /// `WrittenCases.steps` in Italian: (case, the longest text, the shortest).
  static let italian: [(String, String, String)] = [
    ("turn left", "Svolta a sinistra in Landstrasse.", "Svolta a sinistra."),
    ("turn right", "Svolta a destra in Landstrasse.", "Svolta a destra."),
    (
      "turn slight left", "Svolta leggermente a sinistra in Landstrasse.",
      "Svolta leggermente a sinistra."
    ),
    (
      "turn sharp right", "Svolta decisamente a destra in Landstrasse.",
      "Svolta decisamente a destra."
    ),
    ("u-turn", "Fai inversione a U e prosegui su Landstrasse.", "Fai inversione a U."),
    ("continue", "Prosegui su Landstrasse.", "Prosegui dritto."),
    ("new name", "Prosegui su Äulestrasse.", "Prosegui dritto."),
    ("fork", "Al bivio mantieni la sinistra verso la A13.", "Al bivio mantieni la sinistra."),
    (
      "off ramp", "Prendi l'uscita 4 a destra verso Vaduz e Feldkirch.", "Prendi l'uscita a destra."
    ),
    ("on ramp", "Prendi la rampa a destra per la A13.", "Prendi la rampa a destra."),
    ("merge", "Immettiti a sinistra sulla A13.", "Immettiti a sinistra."),
    (
      "end of road", "Alla fine della strada svolta a sinistra in Landstrasse.",
      "Alla fine della strada svolta a sinistra."
    ),
    (
      "roundabout", "Alla rotonda prendi la seconda uscita e imbocca Landstrasse.",
      "Alla rotonda prendi la seconda uscita."
    ),
    ("rotary", "Alla rotonda prendi la terza uscita.", "Alla rotonda prendi la terza uscita."),
    ("exit roundabout", "Esci dalla rotonda e imbocca Landstrasse.", "Esci dalla rotonda."),
    ("depart", "Procedi in direzione est su Landstrasse.", "Procedi in direzione est."),
    ("arrive left", "La destinazione è sulla sinistra.", "La destinazione è sulla sinistra."),
    ("arrive right", "La destinazione è sulla destra.", "La destinazione è sulla destra."),
    ("name with a dot", "Svolta a sinistra in Franz-Josef-Oehri-Str.", "Svolta a sinistra."),
    ("ref only", "Prosegui sulla BT 14.", "Prosegui dritto."),
    ("no name", "Svolta a sinistra.", "Svolta a sinistra."),
  ]

  /// `WrittenCases.steps` in Russian: (case, the longest text, the shortest).
  static let russian: [(String, String, String)] = [
    ("turn left", "Поверните налево на Landstrasse.", "Поверните налево."),
    ("turn right", "Поверните направо на Landstrasse.", "Поверните направо."),
    ("turn slight left", "Плавно поверните налево на Landstrasse.", "Плавно поверните налево."),
    ("turn sharp right", "Резко поверните направо на Landstrasse.", "Резко поверните направо."),
    ("u-turn", "Развернитесь и продолжайте движение по Landstrasse.", "Развернитесь."),
    ("continue", "Продолжайте движение по Landstrasse.", "Продолжайте движение прямо."),
    ("new name", "Продолжайте движение по Äulestrasse.", "Продолжайте движение прямо."),
    ("fork", "На развилке держитесь левее, в направлении Chur.", "На развилке держитесь левее."),
    (
      "off ramp", "Сверните на съезд 4 справа в направлении Vaduz и Feldkirch.",
      "Сверните на съезд справа."
    ),
    ("on ramp", "Поверните на въезд справа на A13.", "Поверните на въезд справа."),
    ("merge", "Перестройтесь влево на A13.", "Перестройтесь влево."),
    (
      "end of road", "В конце дороги поверните налево на Landstrasse.",
      "В конце дороги поверните налево."
    ),
    ("roundabout", "На кольце второй съезд, на Landstrasse.", "На кольце второй съезд."),
    ("rotary", "На кольце третий съезд.", "На кольце третий съезд."),
    ("exit roundabout", "Съезжайте с кольца на Landstrasse.", "Съезжайте с кольца."),
    ("depart", "Двигайтесь на восток по Landstrasse.", "Двигайтесь на восток."),
    ("arrive left", "Пункт назначения слева.", "Пункт назначения слева."),
    ("arrive right", "Пункт назначения справа.", "Пункт назначения справа."),
    ("name with a dot", "Поверните налево на Franz-Josef-Oehri-Str.", "Поверните налево."),
    ("ref only", "Продолжайте движение по BT 14.", "Продолжайте движение прямо."),
    ("no name", "Поверните налево.", "Поверните налево."),
  ]

  /// `WrittenCases.steps` in Chinese: (case, the longest text, the shortest).
  static let chinese: [(String, String, String)] = [
    ("turn left", "左转，进入Landstrasse。", "左转。"),
    ("turn right", "右转，进入Landstrasse。", "右转。"),
    ("turn slight left", "向左前方行驶，进入Landstrasse。", "向左前方行驶。"),
    ("turn sharp right", "向右后方转弯，进入Landstrasse。", "向右后方转弯。"),
    ("u-turn", "掉头，进入Landstrasse。", "掉头。"),
    ("continue", "继续沿Landstrasse行驶。", "继续直行。"),
    ("new name", "继续沿Äulestrasse行驶。", "继续直行。"),
    ("fork", "在岔路口靠左行驶，前往Chur方向。", "在岔路口靠左行驶。"),
    ("off ramp", "从右侧4号出口驶出，前往Vaduz、Feldkirch方向。", "从右侧出口驶出。"),
    ("on ramp", "从右侧进入匝道，驶入A13。", "从右侧进入匝道。"),
    ("merge", "向左并线，汇入A13。", "向左并线。"),
    ("end of road", "在道路尽头左转，进入Landstrasse。", "在道路尽头左转。"),
    ("roundabout", "进入环岛，从第二个出口驶出，进入Landstrasse。", "进入环岛，从第二个出口驶出。"),
    ("rotary", "进入环岛，从第三个出口驶出。", "进入环岛，从第三个出口驶出。"),
    ("exit roundabout", "驶出环岛，进入Landstrasse。", "驶出环岛。"),
    ("depart", "沿Landstrasse向东行驶。", "向东行驶。"),
    ("arrive left", "目的地在左侧。", "目的地在左侧。"),
    ("arrive right", "目的地在右侧。", "目的地在右侧。"),
    ("name with a dot", "左转，进入Franz-Josef-Oehri-Str.", "左转。"),
    ("ref only", "继续沿BT 14行驶。", "继续直行。"),
    ("no name", "左转。", "左转。"),
  ]
}
