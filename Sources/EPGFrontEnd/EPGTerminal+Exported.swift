// The front end's public API speaks in the terminal seam's types (`Screen`,
// `TerminalBackend`, `Key`, `CellSize`), so a module that imports the front
// end sees them too.
@_exported import EPGTerminal
