import EPGTestSupport

/// The layout tests name their fixtures `Fixture`.
typealias Fixture = LayoutFixture
