import Foundation
import Testing

@testable import Templates

@Suite struct InterfaceControllerTests {
  @Test func stackRequestsAndTheirEffects() {
    var c = InterfaceController()
    #expect(
      c.handle(.setRoot(1, .map(.guidance())), at: Fixture.t0) == [
        .render(.stack), .completion(1, .success(())),
      ])
    #expect(
      c.handle(.push(2, Fixture.list("a")), at: Fixture.t0) == [
        .render(.stack), .render(.focus), .completion(2, .success(())),
      ])
    #expect(c.focusedElementID == "a.i0")
    _ = c.handle(.push(3, Fixture.grid("b")), at: Fixture.t0)
    _ = c.handle(.push(4, Fixture.information("c")), at: Fixture.t0)
    #expect(Fixture.ids(c) == ["map", "a", "b", "c"])
    #expect(c.handle(.pop(5), at: Fixture.t0).succeeded)
    #expect(Fixture.ids(c) == ["map", "a", "b"])
    #expect(c.handle(.popTo(6, templateID: "a"), at: Fixture.t0).succeeded)
    #expect(Fixture.ids(c) == ["map", "a"])
    #expect(c.handle(.popToRoot(7), at: Fixture.t0).succeeded)
    #expect(Fixture.ids(c) == ["map"])
    #expect(c.handle(.popToRoot(8), at: Fixture.t0) == [.completion(8, .success(()))])
  }

  @Test func presentAndDismiss() {
    var c = Fixture.onMap()
    #expect(c.handle(.present(1, Fixture.alert("a")), at: Fixture.t0).succeeded)
    #expect(c.presented?.id == "a" && c.topTemplate?.id == "a")
    #expect(c.focusedElementID == "a.a0")
    #expect(c.handle(.dismiss(2), at: Fixture.t0).succeeded)
    #expect(c.presented == nil && c.focusedElementID == nil)
  }

  /// Every request — kept, refused, held back — is completed exactly once.
  @Test func everyRequestCompletesExactlyOnce() {
    var c = InterfaceController()
    var next = 0
    var counts: [RequestID: Int] = [:]
    var issued: [RequestID] = []
    var now = Fixture.t0
    func send(_ make: (RequestID) -> UIEvent) {
      next += 1
      let id = RequestID(next)
      issued.append(id)
      for (rid, _) in c.handle(make(id), at: now).completions { counts[rid, default: 0] += 1 }
    }
    func input(_ event: UIEvent) {
      for (rid, _) in c.handle(event, at: now).completions { counts[rid, default: 0] += 1 }
    }
    send { .push($0, Fixture.list("early")) }  // no root
    send { .setRoot($0, .map(.guidance())) }
    send { .setRoot($0, Fixture.list("l")) }
    for i in 0..<6 { send { .push($0, Fixture.list("l\(i)")) } }  // the sixth is refused
    send { .present($0, Fixture.list("x")) }
    send { .present($0, Fixture.alert("a")) }
    send { .present($0, Fixture.alert("b")) }
    send { .dismiss($0) }
    send { .dismiss($0) }
    send { .popTo($0, templateID: "none") }
    send { .popTo($0, templateID: "l1") }
    send { .pop($0) }
    send { .pop($0) }
    send { .popToRoot($0) }
    send { .update($0, Fixture.list("ghost")) }
    send { .showTripPreviews($0, TripPreview(trips: [Fixture.trip("t")])) }
    send { .hideTripPreviews($0) }
    send { .setPanning($0, true) }
    send { .setPanning($0, false) }
    send { .presentNavigationAlert($0, Fixture.navigationAlert("n", duration: 0)) }
    send { .presentNavigationAlert($0, Fixture.navigationAlert("m")) }
    send { .dismissNavigationAlert($0) }  // held back: shown < 5 s ago
    send { .dismissNavigationAlert($0) }  // held back too
    now = Fixture.at(5)
    input(.timer(.navigationAlert("n")))  // both complete now
    send { .dismissNavigationAlert($0) }  // nothing shown
    send { .presentNavigationAlert($0, Fixture.navigationAlert("k")) }
    send { .dismissNavigationAlert($0) }  // held back ...
    send { .setRoot($0, Fixture.tabBar()) }  // ... the map goes, so it completes
    send { .showTripPreviews($0, TripPreview(trips: [Fixture.trip("t")])) }  // no map
    send { .dismissNavigationAlert($0) }
    #expect(issued.allSatisfy { counts[$0] == 1 }, "\(counts.filter { $0.value != 1 })")
    #expect(counts.count == issued.count)
  }

  @Test func updateReplacesATemplateAndKeepsFocus() {
    var c = Fixture.onMap()
    _ = c.handle(.push(1, Fixture.list("l", items: 3)), at: Fixture.t0)
    _ = c.handle(.encoder(2), at: Fixture.t0)
    #expect(c.focusedElementID == "l.i2")
    #expect(c.handle(.update(2, Fixture.list("l", items: 5)), at: Fixture.t0).succeeded)
    #expect(c.focusedElementID == "l.i2")
    #expect(c.handle(.update(3, Fixture.list("l", items: 2)), at: Fixture.t0).succeeded)
    #expect(c.focusedElementID == "l.i0")
    #expect(
      c.handle(.update(4, Fixture.list("l", items: 30)), at: Fixture.t0).failure?.code
        == .tooManyItems)
  }
}
