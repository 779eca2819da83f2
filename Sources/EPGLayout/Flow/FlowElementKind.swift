/// The kinds of element an ``InsetFlowLayout`` produces. Raw values are the
/// names used in ``FlowElement/description``.
///
/// Index paths per kind: `item` is (item, section); `header` and `footer`
/// are (item: 0, section).
///
/// The cases are declared in the order elements of one section are returned:
/// header, then items, then footer.
public enum FlowElementKind: String, CaseIterable, Hashable, Sendable {
  case header
  case item
  case footer
}
