import CXMLTVReader
import Foundation
import Testing

@testable import EPGSchedule

/// The plain scanner (`xmltv_parse_plain`) reads a part's bytes as libxml2
/// reads them inside the part's prolog and end tag: the same records, with
/// the same lines, columns, texts and diagnostics. Whatever it does not read
/// exactly so, it gives up on (0), and the part goes to libxml2.
@Suite struct PlainScannerTests {
  static func libxml2(_ content: [UInt8], isLast: Bool) -> [String]? {
    XMLTVPlainComparison.libxml2(content, isLast: isLast)
  }

  static func plain(_ content: [UInt8], isLast: Bool) -> [String]? {
    XMLTVPlainComparison.plain(content, isLast: isLast)
  }

  /// Expects the scanner to read `content` exactly as libxml2 does.
  static func expectRead(
    _ content: String, isLast: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let bytes = Array(content.utf8)
    let expected = libxml2(bytes, isLast: isLast)
    #expect(expected != nil, "libxml2 rejects the sample", sourceLocation: sourceLocation)
    let read = plain(bytes, isLast: isLast)
    #expect(read != nil, "the scanner gave up", sourceLocation: sourceLocation)
    #expect(read == expected, sourceLocation: sourceLocation)
  }

  /// Expects the scanner to give up on `content`.
  static func expectGivenUp(
    _ content: [UInt8], isLast: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(plain(content, isLast: isLast) == nil, sourceLocation: sourceLocation)
  }

  static let programme = """
      <programme start="20261201200000 +0100" stop="20261201210000 +0100" channel="one.tv">
        <title lang="en">Fish &amp; Chips</title>
        <title lang="de">Fisch &#x26; Pommes</title>
        <sub-title>Part&#32;1 &lt;of 2&gt;</sub-title>
        <desc lang="en">A  story
          told   over
          two lines. Caf&#233; &#x1F600; &quot;quoted&quot; &apos;too&apos;</desc>
        <credits>
          <director>Ann Lee</director>
          <actor role="Detective &amp; friend">Bo Chan<image>x.jpg</image></actor>
          <presenter/>
        </credits>
        <date>2019</date>
        <category lang='en'>Crime</category>
        <category lang="en">Drama &gt; Thriller</category>
        <!-- a comment - one dash at a time - is fine -->
        <episode-num system="xmltv_ns">1.2.</episode-num>
        <video><aspect>16:9</aspect><quality>HDTV</quality></video>
        <audio><stereo>dolby digital</stereo></audio>
        <previously-shown start="20200101"/>
        <subtitles type="teletext"><language>en</language></subtitles>
        <rating system="FSK"><value>12</value><icon src="fsk12.png"/></rating>
        <star-rating><value>3/5</value></star-rating>
        <review type="text" reviewer="Ann" source="Paper">Good.</review>
        <url>https://example.org/a?b=1&amp;c=2</url>
        <icon src="https://example.org/i.png" width="10"/>
      </programme>

    """

  // MARK: Read as libxml2 reads them

  @Test func aFullProgrammeReadsAsLibxml2ReadsIt() {
    Self.expectRead(Self.programme)
  }

  @Test func channelsStartTagsOverSeveralLinesAndStrayText() {
    Self.expectRead(
      """
        <channel
            id="a.tv" >
          <display-name lang="fr">Télé À</display-name>
          <display-name>7</display-name>
          <icon src="a.png" />
          <lcn>7</lcn>
        </channel>
        stray text &amp; more
        <programme channel="a.tv" start="20260101000000"
          stop="20260101010000"
          ><title>Ça va — ünïcödé 日本語</title></programme>
        <unknown a="1" b='2'><title>not a record</title></unknown>
        <programme channel="é.tv" start="20260101000000"><title>x</title></programme>

      """)
  }

  @Test func theLastPartWithTheRootsEndTagCommentsAndSpaceAfterIt() {
    Self.expectRead(Self.programme + "</tv>\n<!-- done -->\n  \n", isLast: true)
  }

  @Test func commentsAtTheirEdges() {
    Self.expectRead("<!---->\n<!-- - -->\n<!--a-b-->" + Self.programme)
  }

  // MARK: Given up

  @Test func givesUpOnWhatItDoesNotReadAsLibxml2Does() {
    let rejected: [(String, String)] = [
      ("CDATA", "<programme channel=\"a\"><title><![CDATA[x]]></title></programme>\n"),
      ("processing instruction", "<?pi x?>\n"),
      ("DOCTYPE", "<!DOCTYPE tv>\n"),
      ("namespace declaration", "<programme xmlns=\"urn:x\" channel=\"a\"></programme>\n"),
      ("prefixed element", "<x:programme channel=\"a\"></x:programme>\n"),
      ("prefixed attribute", "<programme xml:lang=\"en\" channel=\"a\"></programme>\n"),
      ("carriage return", "<programme channel=\"a\">\r\n</programme>\n"),
      ("tab in a value", "<programme channel=\"a\tb\"></programme>\n"),
      ("line feed in a value", "<programme channel=\"a\nb\"></programme>\n"),
      ("space reference in a value", "<programme channel=\"&#32;a\"></programme>\n"),
      ("undefined entity", "<programme channel=\"a\"><title>&nbsp;</title></programme>\n"),
      ("undefined entity in a value", "<programme channel=\"&nbsp;\"></programme>\n"),
      ("bare ampersand", "<programme channel=\"a\"><title>a & b</title></programme>\n"),
      ("reference to a character XML forbids", "<x>&#0;</x>\n"),
      ("upper-case hex reference", "<x>&#X41;</x>\n"),
      ("mismatched end tag", "<programme channel=\"a\"></programmes>\n"),
      ("duplicate attribute", "<programme channel=\"a\" channel=\"b\"></programme>\n"),
      ("attributes without space", "<programme channel=\"a\"start=\"b\"></programme>\n"),
      ("unquoted value", "<programme channel=a></programme>\n"),
      ("< in a value", "<programme channel=\"a<b\"></programme>\n"),
      ("]]> in text", "<x>a ]]> b</x>\n"),
      ("double hyphen in a comment", "<!-- a -- b -->\n"),
      ("comment ending in a hyphen", "<!-- a --->\n"),
      ("unclosed comment", "<!-- a \n"),
      ("element still open", "<programme channel=\"a\">\n"),
      ("tag cut short", "<programme channel=\"a\"\n"),
      ("root end tag in a part that is not the last", "</tv>\n"),
      ("space after <", "< x></x>\n"),
      ("name starting with a digit", "<1x></1x>\n"),
      ("non-ASCII name", "<tïtle></tïtle>\n"),
      ("slash not closing the tag", "<x / ></x>\n"),
    ]
    for (name, content) in rejected {
      #expect(Self.plain(Array(content.utf8), isLast: false) == nil, "\(name)")
    }
    let badBytes: [(String, [UInt8])] = [
      ("invalid UTF-8", Array("<x>a".utf8) + [0xC3, 0x28] + Array("</x>\n".utf8)),
      ("overlong UTF-8", Array("<x>".utf8) + [0xC0, 0xAF] + Array("</x>\n".utf8)),
      ("surrogate", Array("<x>".utf8) + [0xED, 0xA0, 0x80] + Array("</x>\n".utf8)),
      ("U+FFFE", Array("<x>".utf8) + [0xEF, 0xBF, 0xBE] + Array("</x>\n".utf8)),
      ("control character", Array("<x>a".utf8) + [0x01] + Array("</x>\n".utf8)),
      ("NUL", Array("<x>a".utf8) + [0x00] + Array("</x>\n".utf8)),
      ("sequence cut at the end", Array("<x>a</x>".utf8) + [0xE2, 0x82]),
    ]
    for (name, content) in badBytes {
      #expect(Self.plain(content, isLast: false) == nil, "\(name)")
    }
  }

  @Test func theLastPartNeedsTheRootsEndTagAndNothingButSpaceAndCommentsAfter() {
    Self.expectGivenUp(Array(Self.programme.utf8), isLast: true)
    Self.expectGivenUp(Array((Self.programme + "</tv>\ntext").utf8), isLast: true)
    Self.expectGivenUp(Array((Self.programme + "</tv><x/>").utf8), isLast: true)
    Self.expectGivenUp(Array((Self.programme + "</tv><?pi?>").utf8), isLast: true)
    Self.expectGivenUp(Array((Self.programme + "</other>").utf8), isLast: true)
  }

  @Test func tooDeepIsGivenUp() {
    let deep = String(repeating: "<x>", count: 250) + String(repeating: "</x>", count: 250)
    Self.expectGivenUp(Array(deep.utf8))
    let shallow = String(repeating: "<x>", count: 150) + String(repeating: "</x>", count: 150)
    Self.expectRead(shallow)
  }

  // MARK: Never reads differently

  /// Mutants of a sample (bytes deleted, repeated, or replaced by XML's
  /// own punctuation and words): whenever the scanner reads one, libxml2
  /// reads it too, to the same records. A fixed seed keeps it repeatable;
  /// `make fuzz` runs the same check on any input (target xmltv-plain).
  @Test func mutantsTheScannerReadsAreReadTheSameByLibxml2() {
    var generator = SplitMix64(seed: 17)
    let sample = Array(Self.programme.utf8)
    let pieces: [[UInt8]] = [
      "<", ">", "/", "\"", "'", "&", ";", "=", " ", "\n", "\t", "\r", "-", "!", "?", "]]>",
      "&amp;", "&#", "x", "<!--", "-->", "</title>", "<title>", "é", "\u{1F600}", "#32;",
    ].map { Array($0.utf8) }
    var read = 0
    for _ in 0..<3000 {
      var mutant = sample
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let at = Int.random(in: 0..<mutant.count, using: &generator)
        let length = min(Int.random(in: 1...6, using: &generator), mutant.count - at)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: mutant.removeSubrange(at..<at + length)
        case 1: mutant.insert(contentsOf: mutant[at..<at + length], at: at)
        default:
          mutant.replaceSubrange(
            at..<at + length, with: pieces.randomElement(using: &generator)!)
        }
      }
      let isLast = Bool.random(using: &generator)
      if isLast { mutant += Array("</tv>\n".utf8) }
      guard let plain = Self.plain(mutant, isLast: isLast) else { continue }
      read += 1
      let expected = Self.libxml2(mutant, isLast: isLast)
      #expect(plain == expected, "\(String(decoding: mutant, as: UTF8.self))")
      if plain != expected { break }
    }
    // The check means something only if many mutants are read.
    #expect(read > 300)
  }
}
