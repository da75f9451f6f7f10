/// A position in a coding path: a member name, or an array index (`Index 3`), as the
/// streaming encoder and the `JSONValue` decoder report them.
struct JSONPathKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    stringValue = "Index \(intValue)"
    self.intValue = intValue
  }
}
