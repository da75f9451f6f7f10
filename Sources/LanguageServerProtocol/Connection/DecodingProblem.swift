/// Turns a `DecodingError` from params decoding into a message naming the field,
/// e.g. "Missing required field 'textDocument.uri'".
func describeParamsProblem(_ error: any Error) -> String {
  guard let error = error as? DecodingError else { return "Invalid params: \(error)" }
  switch error {
  case .keyNotFound(let key, let context):
    return "Missing required field '\(fieldPath(context.codingPath + [key]))'"
  case .valueNotFound(_, let context):
    return "Missing value for required field '\(fieldPath(context.codingPath))'"
  case .typeMismatch(let type, let context):
    return "Invalid type for field '\(fieldPath(context.codingPath))': expected \(type)"
  case .dataCorrupted(let context):
    let path = fieldPath(context.codingPath)
    return path.isEmpty
      ? "Invalid params: \(context.debugDescription)"
      : "Invalid value for field '\(path)': \(context.debugDescription)"
  @unknown default:
    return "Invalid params: \(error)"
  }
}

/// `a.b[2].c`, without the leading `params` of the message envelope.
func fieldPath(_ path: [any CodingKey]) -> String {
  var keys = path[...]
  if let first = keys.first, first.intValue == nil, first.stringValue == "params" { keys = keys.dropFirst() }
  var text = ""
  for key in keys {
    if let index = key.intValue {
      text += "[\(index)]"
    } else {
      if !text.isEmpty { text += "." }
      text += key.stringValue
    }
  }
  return text.isEmpty ? "params" : text
}
