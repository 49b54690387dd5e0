import Foundation

/// Folders the tests read, found from this file's location so any checkout works.
public enum TestPaths {
    /// The package root: this file is `Tests/TestSupport/TestPaths.swift` (symlinks resolved).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures`: test data kept in the repository (outside data with its licence).
    public static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// `Examples`: the payloads and schemas the README and `make demo` use.
    public static let examples = packageRoot.appendingPathComponent("Examples")
}
