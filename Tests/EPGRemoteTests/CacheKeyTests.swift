import Foundation
import Testing

@testable import EPGRemote

/// The pieces behind the cache's names and credentials: SHA-256 and
/// HMAC-SHA-256 against published test vectors, and `.netrc` reading.
@Suite struct CacheKeyTests {
  func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  @Test func sha256MatchesFIPS180Examples() {
    // FIPS 180-4 examples (NIST CSRC "SHA256.pdf", "SHA256_2.pdf") and the
    // empty message.
    #expect(
      hex(SHA256.hash(Array("abc".utf8)))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      hex(SHA256.hash([]))
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    // One million "a" (FIPS 180-2 appendix B.3), fed in uneven pieces.
    var hasher = SHA256()
    var left = 1_000_000
    var piece = 1
    while left > 0 {
      let count = min(piece, left)
      hasher.combine([UInt8](repeating: UInt8(ascii: "a"), count: count))
      left -= count
      piece = piece * 3 % 977 + 1
    }
    #expect(
      hex(hasher.finish()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func hmacMatchesRFC4231() {
    // Test cases 1, 2 and 6 of RFC 4231 (HMAC-SHA-256).
    #expect(
      hex(SHA256.hmac(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
        == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    #expect(
      hex(SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
        == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    #expect(
      hex(
        SHA256.hmac(
          key: [UInt8](repeating: 0xaa, count: 131),
          message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
        == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
  }

  @Test func netrcEntriesAreMatchedAsCurlMatchesThem() {
    let text = """
      machine a.example login alice password "pa ss\\"word"
      machine B.EXAMPLE
        login bob
        account ignored
        password b0b
      macdef init
      machine c.example login mallory password evil

      machine c.example login carol
      default login anyone password any
      """
    func credentials(_ host: String) -> String? {
      Netrc.credentials(host: host, text: text).map { "\($0.user):\($0.password)" }
    }
    #expect(credentials("a.example") == "alice:pa ss\"word")
    #expect(credentials("b.example") == "bob:b0b")
    // The macro's lines are not entries; no password: an empty one.
    #expect(credentials("c.example") == "carol:")
    #expect(credentials("other.example") == "anyone:any")
    // Without a default entry, another host gets nothing.
    #expect(Netrc.credentials(host: "x", text: "machine y login u password p") == nil)
    // A default before a machine entry is what curl uses, in file order.
    #expect(
      Netrc.credentials(
        host: "y", text: "default login d password d\nmachine y login u password p")?
        .user == "d")
  }

  @Test func theNetrcHostIsTheURLsHostName() {
    #expect(HTTPOptions.hostName(of: "http://u:p@Host.example:8080/x") == "Host.example")
    #expect(HTTPOptions.hostName(of: "https://[::1]:9981/x") == "::1")
    #expect(HTTPOptions.hostName(of: "https://tv.example?x=1") == "tv.example")
    // Credentials in the URL: .netrc is not read.
    let options = HTTPOptions(useNetrc: true, netrcFile: "/nonexistent")
    #expect(options.resolvedCredentials(for: "http://a:b@h.example/") == nil)
  }
}
