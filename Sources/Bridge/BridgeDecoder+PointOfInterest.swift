import JSON
import Templates

extension BridgeDecoder {
  /// A point's own button, shown on its detail beside "Navigate": `{"id": "reserve",
  /// "title": "Reserve"}`. Its id may not be the Navigate button's.
  static func pointButton(_ node: JSONNode) throws(JSONError) -> TemplateAction {
    let f = BridgeFields(node, try node.object(keys: ["id", "title"]), what: "a point's button")
    let idNode = try f.required("id")
    let id = try idNode.nonEmptyString()
    guard id != PointOfInterestTemplate.navigateElementID else {
      throw idNode.error(
        "the id \(JSONNode.quoted(id)) is the Navigate button's: choose another")
    }
    return TemplateAction(id: id, title: try f.required("title").nonEmptyString())
  }
}
