public import JSONCore

public struct DiagnosticRelatedInformation: Codable, Sendable, Hashable {
  public var location: Location
  public var message: String

  public init(location: Location, message: String) {
    self.location = location
    self.message = message
  }
}

/// A problem in a document.
public struct Diagnostic: Codable, Sendable, Hashable {
  public var range: Range
  public var severity: DiagnosticSeverity?
  public var code: String?
  public var source: String?
  public var message: String
  public var relatedInformation: [DiagnosticRelatedInformation]?
  public var data: JSONValue?

  public init(
    range: Range, severity: DiagnosticSeverity? = nil, code: String? = nil, source: String? = nil,
    message: String, relatedInformation: [DiagnosticRelatedInformation]? = nil, data: JSONValue? = nil
  ) {
    self.range = range
    self.severity = severity
    self.code = code
    self.source = source
    self.message = message
    self.relatedInformation = relatedInformation
    self.data = data
  }

  private enum CodingKeys: String, CodingKey {
    case range, severity, code, source, message, relatedInformation, data
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    range = try container.decode(Range.self, forKey: .range)
    severity = try container.decodeIfPresent(DiagnosticSeverity.self, forKey: .severity)
    // Clients may echo a numeric code back; keep it as text.
    if let text = try? container.decodeIfPresent(String.self, forKey: .code) {
      code = text
    } else if let number = try? container.decodeIfPresent(Int.self, forKey: .code) {
      code = String(number)
    } else {
      code = nil
    }
    source = try container.decodeIfPresent(String.self, forKey: .source)
    message = try container.decode(String.self, forKey: .message)
    relatedInformation = try container.decodeIfPresent([DiagnosticRelatedInformation].self, forKey: .relatedInformation)
    data = try container.decodeIfPresent(JSONValue.self, forKey: .data)
  }
}
