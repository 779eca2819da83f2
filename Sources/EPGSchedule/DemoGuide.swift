import EPGCore
import EPGPlatform

/// A generated, realistic XMLTV guide (`tvgrid demo`, and the guide used
/// when no FILE is given).
///
/// Deterministic: one seed gives the same bytes everywhere (own SplitMix64
/// generator, no system randomness, no clock). Channels have plausible
/// names, some an `<lcn>` and an icon; programmes run 5 minutes to 3 hours,
/// mostly on 5-minute marks, with sub-titles, descriptions, categories,
/// episode numbers (`xmltv_ns` and `onscreen`), years, ratings,
/// star-ratings and new/premiere/previously-shown/last-chance/live marks; a few
/// titles are accented or wide (CJK). Times are written in UTC (`+0000`).
///
/// Fast: bytes are streamed to the sink in 256 KiB pieces (about 700 bytes
/// per programme; 1,000 channels × 14 days ≈ 350,000 programmes).
public enum DemoGuide {
  /// Channels, days and seed used when no FILE is given.
  public static let defaultChannels = 40
  public static let defaultDays = 3
  public static let defaultSeed: UInt64 = 1

  /// Writes the guide to `sink`, which returns false to stop (e.g. on a
  /// write error). `channels` is clamped to 1…100,000 and `days` to 1…366.
  /// The guide covers `[start, start + days)`; each channel's first
  /// programme starts up to three hours before `start`. Returns whether
  /// every byte was accepted.
  @discardableResult
  public static func write(
    channels: Int, days: Int, seed: UInt64, start: EpochSeconds,
    to sink: (UnsafeRawBufferPointer) -> Bool
  ) -> Bool {
    withoutActuallyEscaping(sink) { sink in
      var writer = Writer(sink: sink)
      writeGuide(&writer, channels: channels, days: days, seed: seed, start: start)
      return !writer.failed
    }
  }

  private static func writeGuide(
    _ writer: inout Writer, channels: Int, days: Int, seed: UInt64, start: EpochSeconds
  ) {
    let channelCount = min(max(channels, 1), 100_000)
    let dayCount = min(max(days, 1), 366)
    writer.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    writer.append("<!DOCTYPE tv SYSTEM \"xmltv.dtd\">\n")
    writer.append(
      "<tv generator-info-name=\"tvgrid demo\" source-info-name=\"tvgrid demo seed \(seed)\">\n")
    let plans = (0..<channelCount).map { ChannelPlan(index: $0, seed: seed) }
    for plan in plans {
      plan.writeChannel(&writer)
      if writer.failed { return }
    }
    let end = start + EpochSeconds(dayCount) * 86_400
    for plan in plans {
      plan.writeProgrammes(&writer, from: start, to: end)
      if writer.failed { return }
    }
    writer.append("</tv>\n")
    writer.flush()
  }

  /// Writes the guide to a file descriptor (e.g. 1 for standard output).
  /// Returns false on a write error (such as a closed pipe).
  @discardableResult
  public static func write(
    channels: Int, days: Int, seed: UInt64, start: EpochSeconds, fileDescriptor: Int32
  ) -> Bool {
    write(channels: channels, days: days, seed: seed, start: start) { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = unistdWrite(
          fileDescriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }

  /// The whole guide as bytes (for small guides and tests).
  public static func xmltv(channels: Int, days: Int, seed: UInt64, start: EpochSeconds) -> [UInt8] {
    var bytes: [UInt8] = []
    write(channels: channels, days: days, seed: seed, start: start) { chunk in
      bytes.append(contentsOf: chunk)
      return true
    }
    return bytes
  }

  /// The guide loaded as a schedule: generated as XMLTV in memory and read
  /// back through `ScheduleLoader`, so it is exactly what `tvgrid demo`
  /// writes and any FILE would give. 40 channels × 3 days takes a few
  /// hundredths of a second.
  public static func schedule(
    channels: Int = defaultChannels, days: Int = defaultDays, seed: UInt64 = defaultSeed,
    start: EpochSeconds, options: LoadOptions = LoadOptions()
  ) -> Schedule {
    let bytes = xmltv(channels: channels, days: days, seed: seed, start: start)
    do {
      return try ScheduleLoader.load(bytes: bytes, name: "demo", options: options)
    } catch {
      // Generated text is always well-formed; an empty guide is the fallback.
      return Schedule(channels: [], programmes: [])
    }
  }
}

private func unistdWrite(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, pointer, count)
}
