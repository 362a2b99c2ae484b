import Templates

/// A button of an alert, an action sheet, an information screen or a navigation alert:
/// the templates' own action, drawn as it is.
public typealias AlertAction = TemplateAction
