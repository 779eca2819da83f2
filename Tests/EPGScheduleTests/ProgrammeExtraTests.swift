import Testing

@testable import EPGSchedule

/// Extras are kept in the order of their kinds (sound, aspect, quality,
/// rating icon, review, URL, image), in the file's order within a kind.
@Suite struct ProgrammeExtraTests {
  @Test func aFewExtrasAreSortedByKindKeepingTheFilesOrder() {
    // <video> comes before <audio> in the DTD; URLs and images anywhere.
    var extras: [ProgrammeExtra] = [
      .url("https://a.example/1"), .aspect("16:9"), .quality("HDTV"), .sound("stereo"),
      .image("https://a.example/p.png"), .url("https://a.example/2"), .sound("dolby"),
    ]
    ProgrammeExtra.sortCanonically(&extras)
    #expect(
      extras == [
        .sound("stereo"), .sound("dolby"), .aspect("16:9"), .quality("HDTV"),
        .url("https://a.example/1"), .url("https://a.example/2"),
        .image("https://a.example/p.png"),
      ])
  }

  @Test func manyExtrasAreSortedTheSameWay() {
    // More than a handful: URLs 0…19 with a sound after every fifth.
    var extras: [ProgrammeExtra] = []
    for index in 0..<20 {
      extras.append(.url("https://a.example/\(index)"))
      if index % 5 == 4 { extras.append(.sound("sound \(index)")) }
    }
    ProgrammeExtra.sortCanonically(&extras)
    let expected: [ProgrammeExtra] =
      [4, 9, 14, 19].map { .sound("sound \($0)") }
      + (0..<20).map { .url("https://a.example/\($0)") }
    #expect(extras == expected)
    let reversed: [ProgrammeExtra] =
      [19, 14, 9, 4].map { .sound("sound \($0)") }
      + (0..<20).reversed().map { .url("https://a.example/\($0)") }
    #expect(ProgrammeExtra.canonical(expected.reversed()) == reversed)
  }
}
