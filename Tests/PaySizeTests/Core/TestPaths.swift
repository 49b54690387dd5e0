import Foundation

/// Folders the tests read, found from this file's location so any checkout works.
enum TestPaths {
    /// The package root (symlinks resolved, so a dev package that links these files still works).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures`: test data kept in the repository (outside data with its licence).
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

    static let examples = packageRoot.appendingPathComponent("Examples")
}
