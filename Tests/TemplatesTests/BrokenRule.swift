import Testing

@testable import Templates

/// Runs `setup` (each must succeed) and then `event`, which breaks a rule: checks that the
/// one effect is its failed completion, with `code` and a message starting `message`, and
/// that the controller is as it was before `event`.
func expectBrokenRule(
  _ controller: inout InterfaceController, setup: [UIEvent] = [], event: UIEvent,
  code: TemplateError.Code, message: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  for step in setup {
    #expect(
      controller.handle(step, at: Fixture.t0).succeeded, "setup \(step)",
      sourceLocation: sourceLocation)
  }
  let before = controller
  let effects = controller.handle(event, at: Fixture.t0)
  let error = try #require(effects.failure, sourceLocation: sourceLocation)
  #expect(error.code == code, sourceLocation: sourceLocation)
  #expect(error.message.hasPrefix(message), "\(error.message)", sourceLocation: sourceLocation)
  #expect(
    effects == [.completion(1, .failure(error))], "only the completion",
    sourceLocation: sourceLocation)
  #expect(controller == before, sourceLocation: sourceLocation)
}
