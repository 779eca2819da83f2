import EPGCore

extension DemoGuide {
  /// One generated channel: its name and genre, and its programmes, drawn
  /// from a generator seeded by (seed, channel index) alone.
  struct ChannelPlan {
    typealias Genre = Vocabulary.Genre
    let index: Int
    let seed: UInt64
    let id: String
    let name: String
    let genre: Genre
    let number: Int?
    let hasIcon: Bool

    init(index: Int, seed: UInt64) {
      self.index = index
      self.seed = seed
      var rng = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D ^ UInt64(index) &* 0x9E37_79B9)
      let stems = Vocabulary.channelStems
      let kinds = Vocabulary.channelKinds
      let stem = stems[index % stems.count]
      let kind = kinds[(index / stems.count + index) % kinds.count]
      let round = index / (stems.count * kinds.count)
      name = stem + kind.suffix + (round > 0 ? " \(round + 1)" : "")
      genre = kind.genre
      id = "ch\(index + 1).demo.tvgrid"
      number = rng.chance(35) ? index + 1 : nil
      hasIcon = rng.chance(60)
    }

    func writeChannel(_ w: inout Writer) {
      w.append("  <channel id=\"\(id)\">\n    <display-name lang=\"en\">\(name)</display-name>\n")
      if let number {
        w.append("    <display-name>\(number)</display-name>\n    <lcn>\(number)</lcn>\n")
      }
      if hasIcon {
        w.append(
          "    <icon src=\"https://logos.example.org/\(id).png\" width=\"200\" height=\"200\" />\n")
      }
      w.append("  </channel>\n")
    }

    /// Minutes a programme of this channel may last, with repeats as weights.
    private var durations: [Int] {
      switch genre {
      case .general: return [30, 60, 60, 45, 90, 25, 60, 120]
      case .news: return [5, 15, 30, 30, 60, 30, 60, 60]
      case .sport: return [60, 90, 120, 150, 180, 30, 60]
      case .kids: return [5, 15, 20, 25, 30, 30, 45, 60]
      case .film: return [90, 95, 100, 105, 110, 120, 135, 150, 180]
      case .documentary: return [30, 45, 60, 60, 90, 50]
      case .music: return [30, 60, 60, 120, 90]
      case .series: return [30, 45, 50, 60, 60, 90]
      case .lifestyle: return [30, 60, 45, 60, 60]
      }
    }

    func writeProgrammes(_ w: inout Writer, from start: EpochSeconds, to end: EpochSeconds) {
      var rng = SplitMix64(
        seed: seed ^ 0xD1B5_4A32_D192_ED03 &+ UInt64(index) &* 0x632B_E59B_D9B4_E019)
      let durations = self.durations
      // Begin on a 5-minute mark up to three hours before `start`.
      let aligned = start - ((start % 300) + 300) % 300
      var time = aligned - EpochSeconds(rng.below(36)) * 300
      var series = SeriesState()
      while time < end {
        var minutes = rng.pick(durations)
        var stop = time + EpochSeconds(minutes) * 60
        if stop % 300 != 0 {
          // Back onto the 5-minute grid after an irregular programme.
          stop += 300 - stop % 300
        } else if rng.chance(6) && minutes >= 10 {
          // Now and then a programme ends off the grid (e.g. 19:58).
          stop += EpochSeconds(rng.below(9) - 4) * 60
        }
        minutes = Int(stop - time) / 60
        writeProgramme(&w, start: time, stop: stop, minutes: minutes, rng: &rng, series: &series)
        if w.failed { return }
        time = stop
      }
    }

    /// Running episode counters so that series numbers advance.
    struct SeriesState {
      var season = 1
      var episode = 0
      var episodes = 10
    }

    private func writeProgramme(
      _ w: inout Writer, start: EpochSeconds, stop: EpochSeconds, minutes: Int,
      rng: inout SplitMix64, series: inout SeriesState
    ) {
      let v = Vocabulary.self
      var genre = self.genre
      if genre == .general {
        genre = rng.pick([.series, .documentary, .lifestyle, .news, .film, .series])
      }
      w.append("  <programme start=\"")
      w.timestamp(start)
      w.append("\" stop=\"")
      w.timestamp(stop)
      w.append("\" channel=\"\(id)\">\n    <title lang=\"en\">")
      let roll = rng.below(100)
      var isLive = false
      if roll < 3 {
        w.append(rng.pick(v.wideTitles))
      } else if roll < 8 {
        w.append(rng.pick(v.accentedTitles))
      } else {
        switch genre {
        case .news: w.append(rng.pick(v.newsTitles))
        case .sport:
          let title = rng.pick(v.sportTitles)
          w.append(title)
          isLive = v.liveSportTitles.contains(title)
        case .kids: w.append(rng.pick(v.kidsTitles))
        case .music: w.append(rng.pick(v.musicTitles))
        case .lifestyle: w.append(rng.pick(v.lifestyleTitles))
        case .documentary: template(&w, rng.pick(v.documentaryForms), &rng)
        case .film: template(&w, rng.pick(v.seriesForms), &rng)
        case .series, .general: template(&w, rng.pick(v.seriesForms), &rng)
        }
      }
      w.append("</title>\n")
      let episodic =
        genre == .series || genre == .kids || genre == .documentary || genre == .lifestyle
      if episodic && rng.chance(75) {
        w.append("    <sub-title lang=\"en\">")
        template(&w, rng.pick(v.episodeForms), &rng)
        w.append("</sub-title>\n")
      }
      if rng.chance(92) {
        w.append("    <desc lang=\"en\">")
        template(&w, rng.pick(v.sentenceOpeners), &rng)
        w.byte(32)
        template(&w, rng.pick(v.sentenceFollowers), &rng)
        if minutes >= 60 {
          w.byte(32)
          template(&w, rng.pick(v.sentenceOpeners), &rng)
        }
        w.append("</desc>\n")
      }
      if genre == .film || (genre == .series && rng.chance(60)) {
        w.append("    <credits>\n")
        if genre == .film {
          w.append("      <director>")
          person(&w, &rng)
          w.append("</director>\n")
        }
        for _ in 0..<(2 + rng.below(3)) {
          w.append("      <actor>")
          person(&w, &rng)
          w.append("</actor>\n")
        }
        w.append("    </credits>\n")
      }
      if genre == .film {
        w.append("    <date>")
        w.number(1950 + rng.below(76))
        w.append("</date>\n")
      }
      let categories = v.categories[genre] ?? ["Entertainment"]
      let first = rng.below(categories.count)
      w.append("    <category lang=\"en\">\(categories[first])</category>\n")
      if rng.chance(40) {
        let second = (first + 1 + rng.below(max(1, categories.count - 1))) % categories.count
        if second != first {
          w.append("    <category lang=\"en\">\(categories[second])</category>\n")
        }
      }
      w.append("    <length units=\"minutes\">")
      w.number(minutes)
      w.append("</length>\n")
      if episodic {
        series.episode += 1
        if series.episode > series.episodes {
          series.season += 1
          series.episode = 1
          series.episodes = 6 + rng.below(18)
        }
        w.append("    <episode-num system=\"xmltv_ns\">")
        w.number(series.season - 1)
        w.append(" . ")
        w.number(series.episode - 1)
        w.byte(47)
        w.number(series.episodes)
        w.append(" . </episode-num>\n    <episode-num system=\"onscreen\">S")
        w.number(series.season, width: 2)
        w.byte(69)
        w.number(series.episode, width: 2)
        w.append("</episode-num>\n")
      }
      if hasIcon && rng.chance(25) {
        w.append("    <icon src=\"https://img.example.org/\(id)/")
        w.number(Int(start / 60))
        w.append(".jpg\" />\n")
      }
      w.append("    <video>\n      <aspect>16:9</aspect>\n      <quality>")
      w.append(number.map { $0 % 2 == 0 } ?? true ? "HDTV" : "SDTV")
      w.append("</quality>\n    </video>\n")
      if rng.chance(50) { w.append("    <audio>\n      <stereo>stereo</stereo>\n    </audio>\n") }
      if episodic && rng.chance(30) { w.append("    <previously-shown />\n") }
      if episodic && series.episode == 1 && rng.chance(50) { w.append("    <new />\n") }
      if genre == .film && rng.chance(8) { w.append("    <premiere />\n") }
      if genre == .film && rng.chance(3) { w.append("    <last-chance />\n") }
      // Matches are live (by the title: no random draw, so the rest of the
      // guide stays as it was).
      if isLive { w.append("    <live />\n") }
      if rng.chance(40) { w.append("    <subtitles type=\"teletext\" />\n") }
      if genre == .film || rng.chance(10) {
        let (system, value) = rng.pick(v.ratings)
        w.append(
          "    <rating system=\"\(system)\">\n      <value>\(value)</value>\n    </rating>\n")
      }
      if genre == .film || rng.chance(5) {
        w.append("    <star-rating>\n      <value>")
        w.number(1 + rng.below(5))
        w.append("/5</value>\n    </star-rating>\n")
      }
      w.append("  </programme>\n")
    }

    /// Writes a person's name.
    private func person(_ w: inout Writer, _ rng: inout SplitMix64) {
      w.append(rng.pick(Vocabulary.givenNames))
      w.byte(32)
      w.append(rng.pick(Vocabulary.familyNames))
    }

    /// Writes a template, replacing `%A` with an adjective and `%N` with a
    /// noun.
    private func template(_ w: inout Writer, _ text: String, _ rng: inout SplitMix64) {
      var rest = Substring(text)
      while let percent = rest.firstIndex(of: "%") {
        w.append(String(rest[..<percent]))
        let code = rest.index(after: percent)
        guard code < rest.endIndex else { break }
        w.append(rest[code] == "A" ? rng.pick(Vocabulary.adjectives) : rng.pick(Vocabulary.nouns))
        rest = rest[rest.index(after: code)...]
      }
      w.append(String(rest))
    }
  }
}
