/// One HTTP request: a GET, or a POST of a form.
public struct HTTPRequest: Sendable {
  public enum Method: Sendable {
    case get
    /// `application/x-www-form-urlencoded` fields, in order.
    case postForm([(String, String)])
  }

  /// An absolute http(s) URL; it may hold credentials (never shown).
  public var url: String
  public var method: Method
  /// Extra request headers, e.g. `If-None-Match`.
  public var headers: [(name: String, value: String)]

  public init(url: String, method: Method = .get, headers: [(name: String, value: String)] = []) {
    self.url = url
    self.method = method
    self.headers = headers
  }

  /// The form body: fields percent-encoded (RFC 3986 unreserved characters
  /// kept), joined with `&`.
  static func formBody(_ fields: [(String, String)]) -> String {
    fields.map { formEncoded($0.0) + "=" + formEncoded($0.1) }.joined(separator: "&")
  }

  static func formEncoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF")
        result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
      }
    }
    return result
  }
}
