import Foundation

/// The URL of a fixture file, such as a payload the server team recorded, found relative to the
/// folder of the test file that asks for it.
///
/// It works alike in a SwiftPM test target and in an Xcode project's test bundle, which has no
/// `Bundle.module` (and where a Swift Testing struct cannot use `Bundle(for:)`): the path comes
/// from `#filePath`, as snapshot tools find their folders, so the fixture need not be copied
/// into the bundle. The test must run where its sources are (a Mac, or a simulator on it).
///
/// ```swift
/// // Tests/AppTests/DeliveryTests.swift
/// let url = try fixtureURL("Fixtures/update-from-server.json")
/// // …/Tests/AppTests/Fixtures/update-from-server.json
/// ```
///
/// - Parameters:
///   - path: The fixture's path relative to the calling file's folder, or absolute.
///   - filePath: The calling file; default: the caller's `#filePath`.
/// - Returns: The fixture's file URL.
/// - Throws: ``FixtureError`` naming the path tried when no file is there.
public func fixtureURL(_ path: String, filePath: StaticString = #filePath) throws(FixtureError) -> URL {
    let testFile = "\(filePath)"
    let url =
        path.hasPrefix("/")
        ? URL(fileURLWithPath: path).standardizedFileURL
        : URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
        throw FixtureError(path: path, triedPath: url.path, testFilePath: testFile)
    }
    return url
}

/// The bytes of a fixture file found relative to the folder of the test file that asks for it;
/// see ``fixtureURL(_:filePath:)``.
///
/// ```swift
/// expectDecodes(State.self, from: try fixtureData("Fixtures/update-from-server.json"))
/// ```
///
/// - Parameters:
///   - path: The fixture's path relative to the calling file's folder, or absolute.
///   - filePath: The calling file; default: the caller's `#filePath`.
/// - Returns: The file's contents.
/// - Throws: ``FixtureError`` naming the path tried when the file is missing or unreadable.
public func fixtureData(_ path: String, filePath: StaticString = #filePath) throws(FixtureError) -> Data {
    let url = try fixtureURL(path, filePath: filePath)
    guard let data = FileManager.default.contents(atPath: url.path) else {
        throw FixtureError(path: path, triedPath: url.path, testFilePath: "\(filePath)", exists: true)
    }
    return data
}

/// A fixture that is not where the test file says it is, or cannot be read.
public struct FixtureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path as the test gave it.
    public var path: String
    /// The absolute path tried.
    public var triedPath: String
    /// The test file it was found relative to.
    public var testFilePath: String
    /// Whether a file is there but could not be read.
    public var exists: Bool

    /// Creates the error for `path`, tried at `triedPath` from `testFilePath`.
    public init(path: String, triedPath: String, testFilePath: String, exists: Bool = false) {
        self.path = path
        self.triedPath = triedPath
        self.testFilePath = testFilePath
        self.exists = exists
    }

    /// `no fixture file at '/…/Tests/AppTests/Fixtures/x.json' ('Fixtures/x.json' relative to the folder of '/…/Tests/AppTests/DeliveryTests.swift')`.
    public var description: String {
        let what = exists ? "cannot read the fixture file" : "no fixture file"
        if path.hasPrefix("/") { return "\(what) at '\(triedPath)'" }
        return "\(what) at '\(triedPath)' ('\(path)' relative to the folder of '\(testFilePath)')"
    }
}
