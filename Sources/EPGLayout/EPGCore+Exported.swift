// The layout's public API speaks in the core's time types (`TimeSpan`,
// `EpochSeconds`, `UTCOffsetTable` in `GuideData` and `GuideLayout`), so a
// module that imports the layout sees them too.
@_exported import EPGCore
