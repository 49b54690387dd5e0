import Foundation

/// A file named relative to the project of the test that asks for it.
///
/// The project root is the nearest folder above the test file that holds a `Package.swift` or
/// an `.xcodeproj`; without one, the test file's own folder. An absolute path is taken as is.
struct ProjectFile: Equatable {
    /// The file.
    var url: URL
    /// The path as messages show it: relative to the project root when inside it.
    var displayPath: String

    /// - Parameters:
    ///   - path: Absolute, or relative to the project root.
    ///   - testFilePath: The calling test's `#filePath`.
    init(path: String, testFilePath: String) {
        if path.hasPrefix("/") {
            url = URL(fileURLWithPath: path).standardizedFileURL
            displayPath = url.path
            return
        }
        let root = Self.projectRoot(of: URL(fileURLWithPath: testFilePath))
        url = root.appendingPathComponent(path).standardizedFileURL
        let rootPath = root.standardizedFileURL.path
        displayPath = url.path.hasPrefix(rootPath + "/") ? String(url.path.dropFirst(rootPath.count + 1)) : url.path
    }

    /// The nearest folder above `testFile` holding `Package.swift` or an `.xcodeproj`.
    static func projectRoot(of testFile: URL) -> URL {
        let files = FileManager.default
        let start = testFile.deletingLastPathComponent().standardizedFileURL
        var components = start.pathComponents
        while components.count > 1 {
            let folder = URL(fileURLWithPath: "/" + components.dropFirst().joined(separator: "/"))
            if files.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            let entries = (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
            if entries.contains(where: { $0.hasSuffix(".xcodeproj") }) { return folder }
            components.removeLast()
        }
        return start
    }
}
