import EPGSchedule

/// A guide loaded from a URL (`RemoteGuideLoader`).
public typealias RemoteGuide = RemoteCopy<Schedule>

/// A playlist or other file fetched from a URL (`RemoteFileLoader`).
public typealias RemoteFile = RemoteCopy<[UInt8]>

extension RemoteCopy where Value == Schedule {
  /// The guide.
  public var schedule: Schedule { value }
}

extension RemoteCopy where Value == [UInt8] {
  /// The file's bytes as received.
  public var bytes: [UInt8] { value }
}
