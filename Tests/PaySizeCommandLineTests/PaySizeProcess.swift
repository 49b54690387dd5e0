import Foundation

/// Runs the built `paysize` executable, as a user would, and captures what it prints.
struct PaySizeProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The `paysize` built beside the test bundle (`swift build` puts both in one folder), or
    /// `PAYSIZE_EXECUTABLE` when set.
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["PAYSIZE_EXECUTABLE"] { return URL(fileURLWithPath: path) }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        var folder = testBinary.deletingLastPathComponent()
        // On macOS the test binary sits inside `PaySizePackageTests.xctest/Contents/MacOS`.
        while folder.pathComponents.count > 1,
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("paysize").path)
        {
            if folder.lastPathComponent.hasSuffix(".build") { break }
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("paysize")
    }()

    /// The package root, found from this file.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `paysize arguments`, feeding `input` to standard input, in `directory`.
    static func run(
        _ arguments: [String], input: Data = Data(), in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment.merge(environment) { $1 }
        process.environment = processEnvironment
        let output = Pipe()
        let error = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try process.run()
        // Read both pipes concurrently with writing so that large output cannot deadlock.
        let group = DispatchGroup()
        nonisolated(unsafe) var outputData = Data()
        nonisolated(unsafe) var errorData = Data()
        DispatchQueue.global().async(group: group) { outputData = output.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errorData = error.fileHandleForReading.readDataToEndOfFile() }
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}

/// A temporary folder for files a test writes, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("paysize-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }
}
