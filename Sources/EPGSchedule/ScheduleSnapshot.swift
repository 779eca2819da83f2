/// tvgrid's binary snapshot of a loaded, normalised `Schedule`: what
/// `SnapshotCache` keeps so that reopening a guide reads it back instead of
/// parsing the XML again.
///
/// Layout (every number in the writing machine's byte order, told by the
/// byte-order mark; offsets and lengths in bytes from the start of the file;
/// sections start at multiples of 8):
///
/// | offset | field |
/// |---|---|
/// | 0 | magic `tvgsnap\0` |
/// | 8 | byte-order mark `0x01020304` (u32) |
/// | 12 | format version (u32, `formatVersion`) |
/// | 16 | file length (u64) |
/// | 24 | key (u64, the `SnapshotKey` it was written for) |
/// | 32 | checksum of the index (u64, `SnapshotHasher`) |
/// | 40, 48 | index offset, length (u64) |
/// | 56, 64 | string bytes offset, length (u64) |
/// | 72 | written at, seconds since 1970 (i64) |
/// | 80 | source path (u32 string id), 4 bytes reserved |
///
/// The index (covered by the checksum) holds, in order: 8 counts (u32:
/// channels, programmes, extras words, strings, findings, category lists,
/// the report's repairs, 1 reserved); the
/// report's invalid byte and control character counts (i64 each); the
/// string table (per string: u32 offset into the string bytes, u32 length);
/// the channel records (`channelRecordSize` bytes); the programme records
/// (`programmeRecordSize` bytes: first every channel's shown programmes,
/// then every channel's also-listed ones); the findings (16 bytes each);
/// the extras words (u32: variable-length lists a record points to: other
/// titles, categories, ratings, star ratings, credits, the episode, then
/// the `ProgrammeExtra`s, each a tag and its strings).
///
/// The string bytes (UTF-8, each distinct string once) are not in the
/// checksum: every string is bounds-checked and decoded as UTF-8 with
/// repair when read, so damage there shows as odd text, never a crash.
///
/// A change to the layout or to what a load produces must bump
/// `formatVersion`: snapshots of another version are ignored and rebuilt.
public enum ScheduleSnapshot {
  /// The version this build writes and reads.
  public static let formatVersion: UInt32 = 5
  static let magic: [UInt8] = Array("tvgsnap\0".utf8)
  static let byteOrderMark: UInt32 = 0x0102_0304
  static let headerSize = 88
  static let countsSize = 8 * 4 + 2 * 8
  /// id, name, icon, number, implicit, other names, first programme,
  /// programme count, first also-listed, also-listed count (u32 each).
  static let channelRecordSize = 40
  /// start, stop, listed stop (i64); title, sub-title, description, date
  /// (u32 string ids); length, source line (i32); extras (u32 word index,
  /// or `none`); flags, estimated (u8); content flags (u16); category list
  /// (u32: the programme's list of categories, numbered from 0 in order of
  /// first use, so that a genre is classified once per list without
  /// reading the lists); 4 bytes reserved.
  static let programmeRecordSize = 64
  /// Byte offsets of a programme record's fields.
  enum RecordField {
    static let start = 0
    static let stop = 8
    static let listedStop = 16
    static let title = 24
    static let subTitle = 28
    static let description = 32
    static let date = 36
    static let length = 40
    static let sourceLine = 44
    static let extras = 48
    static let flags = 52
    static let stopIsEstimated = 53
    static let content = 54
    static let categoryList = 56
  }
  /// kind (string id), line, column (i32), message (string id).
  static let findingRecordSize = 16
  /// An absent string or extras list.
  static let none: UInt32 = 0xFFFF_FFFF

  /// Why a snapshot was not used (each becomes a note on standard error,
  /// and the guide is parsed again).
  public enum Rejection: Error, Equatable, Sendable, CustomStringConvertible {
    case truncated
    case notASnapshot
    case otherByteOrder
    case otherVersion(UInt32)
    case checksumMismatch
    case otherKey
    case corrupt(String)
    /// The path is not a regular file (a FIFO, a device, a folder, a
    /// symbolic link): refused without being read.
    case notARegularFile

    public var description: String {
      switch self {
      case .notARegularFile: return "not a regular file"
      case .truncated: return "truncated"
      case .notASnapshot: return "not a tvgrid snapshot"
      case .otherByteOrder: return "written on a machine of the other byte order"
      case .otherVersion(let version):
        return "format version \(version), not \(ScheduleSnapshot.formatVersion)"
      case .checksumMismatch: return "checksum mismatch (damaged)"
      case .otherKey: return "written for other sources"
      case .corrupt(let what): return "damaged (\(what))"
      }
    }
  }

  /// What a snapshot's header says, read without decoding the rest (for
  /// `tvgrid cache` and the past listings).
  public struct Header: Sendable, Hashable {
    public var version: UInt32
    public var key: UInt64
    /// Seconds since 1970.
    public var writtenAt: Int64
    /// The guide file's path, as the key saw it.
    public var sourcePath: String
  }

  /// The programme of the record at byte `at` of `bytes` with what the
  /// record itself holds: times, flags, length, source line and content
  /// flags (no texts or lists). The caller has checked that the record
  /// lies in `bytes`.
  static func recordAlone(_ bytes: UnsafeRawBufferPointer, at: Int) -> Programme {
    func load<T>(_ field: Int, _ type: T.Type) -> T {
      bytes.loadUnaligned(fromByteOffset: at + field, as: type)
    }
    let length = load(RecordField.length, Int32.self)
    var programme = Programme(
      start: load(RecordField.start, Int64.self), stop: load(RecordField.stop, Int64.self),
      stopIsEstimated: load(RecordField.stopIsEstimated, UInt8.self) != 0, title: "",
      flags: Programme.Flags(rawValue: load(RecordField.flags, UInt8.self)),
      length: length >= 0 ? Int64(length) : nil,
      sourceLine: Int(load(RecordField.sourceLine, Int32.self)),
      listedStop: load(RecordField.listedStop, Int64.self))
    programme.content = ContentFlags(rawValue: load(RecordField.content, UInt16.self))
    return programme
  }
}
