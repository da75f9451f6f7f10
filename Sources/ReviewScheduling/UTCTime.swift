/// Times as the review log writes them: `2026-11-27T08:30:00Z`, seconds since 1970 in UTC.
public enum UTCTime {
  /// The seconds since 1970 of `text`: `YYYY-MM-DDTHH:MM:SS` followed by `Z` or
  /// `+00:00`, optionally with a fraction of a second (dropped); or `YYYY-MM-DD`
  /// (midnight). `nil` for anything else.
  public static func parse(_ text: some StringProtocol) -> Int64? { parse(utf8: text.utf8) }

  /// The seconds since 1970 of the time in `utf8`, as ``parse(_:)`` reads it.
  public static func parse(utf8: some Collection<UInt8>) -> Int64? {
    if let time = utf8.withContiguousStorageIfAvailable({ parse(bytes: $0) }) { return time }
    return Array(utf8).withUnsafeBufferPointer { parse(bytes: $0) }
  }

  /// The seconds since 1970 of the time in `bytes`, as ``parse(_:)`` reads it; reads
  /// the bytes in place, allocating nothing (a log reads one per line).
  public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    let dateOnly = bytes.count == 10
    guard dateOnly || bytes.count >= 20, bytes[4] == 0x2D, bytes[7] == 0x2D else { return nil }
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for index in range {
        let byte = bytes[index]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int64(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
    var hour: Int64 = 0
    var minute: Int64 = 0
    var second: Int64 = 0
    if !dateOnly {
      guard bytes[10] == 0x54 || bytes[10] == 0x20, bytes[13] == 0x3A, bytes[16] == 0x3A,
        let hours = number(11..<13), let minutes = number(14..<16), let seconds = number(17..<19)
      else { return nil }
      (hour, minute, second) = (hours, minutes, seconds)
      var rest = bytes[19...]
      if rest.first == 0x2E {
        rest = rest.dropFirst().drop { $0 >= 0x30 && $0 <= 0x39 }
      }
      guard rest.elementsEqual("Z".utf8) || rest.elementsEqual("+00:00".utf8) else { return nil }
    }
    guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60,
      second < 60
    else { return nil }
    return daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
  }

  /// `2026-11-27T08:30:00Z`.
  public static func format(_ seconds: Int64) -> String {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let within = seconds - days * 86_400
    let (year, month, day) = civilDate(daysSinceEpoch: days)
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(within / 3_600, 2)):"
      + "\(pad(within / 60 % 60, 2)):\(pad(within % 60, 2))Z"
  }

  /// `2026-11-27`.
  public static func formatDate(_ seconds: Int64) -> String { String(format(seconds).prefix(10)) }

  static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
  static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` after 1970-01-01.
  static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
