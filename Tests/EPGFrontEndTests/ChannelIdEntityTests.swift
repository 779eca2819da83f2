import EPGFrontEnd
import EPGSchedule
import Foundation
import Testing

/// A channel id written with an entity (`id="Fix &amp; Foxi"`) is matched
/// by the config's `hidden` and `favourites` as the text it stands for.
@Suite struct ChannelIdEntityTests {
  @Test func hiddenAndFavouritesMatchDecodedIds() throws {
    let path = NSTemporaryDirectory() + "tvgrid-entity-\(UUID().uuidString).xml"
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <tv>
        <channel id="Fix &amp; Foxi"><display-name>Kids</display-name></channel>
        <channel id="Q&#38;A"><display-name>Talk</display-name></channel>
        <channel id="plain"><display-name>Plain</display-name></channel>
      </tv>
      """
    FileManager.default.createFile(atPath: path, contents: Data(xml.utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let schedule = try ScheduleLoader.load(path: path)
    let model = GuideModel(schedule: schedule, favourites: ["Q&A"], hidden: ["Fix & Foxi"])
    #expect(model.rows.map(\.channel.id) == ["Q&A", "plain"])
    #expect(model.rows.map(\.isFavourite) == [true, false])
  }
}
