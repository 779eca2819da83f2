// The schedule's public API speaks in the core's types (`EpochSeconds`,
// `TimeSpan`, `Genre`), so a module that imports the schedule sees them too.
@_exported import EPGCore
