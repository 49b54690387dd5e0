import Foundation
import PackagePlugin

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `swift package paysize <command> …`: runs this package's `paysize` tool, built from source by
/// SwiftPM, with the arguments passed through unchanged, in the caller's working directory.
///
/// The plugin ends with the tool's own status, and names it in one line when it is not 0: SwiftPM
/// reports any failing plugin as `swift package` exiting 1, so a script that must tell a violation
/// (1) from bad input (2) reads that line or runs the built tool itself.
///
/// The plugin declares no permission, so a command that only reads runs without any flag. A command
/// that writes a file (`suggest --apply`, `--output`) needs SwiftPM's
/// `--allow-writing-to-package-directory`: on macOS SwiftPM's sandbox holds the plugin to it; on
/// Linux SwiftPM has no sandbox, so the plugin refuses such a command itself unless the flag was
/// given to `swift package`.
@main
struct PaySizePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let invocation = ToolInvocation(arguments: arguments)
        let writingAllowed = SwiftPMInvocation.allowsWritingToPackageDirectory(arguments: arguments)
        if let refusal = invocation.refusal(writingAllowed: writingAllowed) {
            Diagnostics.error(refusal, file: nil, line: nil)
            exit(ToolInvocation.usageStatus)
        }

        let process = Process()
        process.executableURL = try context.tool(named: "paysize").url
        process.arguments = arguments
        // A plugin's standard input is closed (SwiftPM talks to it over its own pipe); the tool must
        // not find a closed descriptor 0 reused by the first file it opens.
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()

        guard process.terminationReason == .exit else {
            Diagnostics.error(
                "paysize \(invocation.commandName) ended by signal \(process.terminationStatus)", file: nil, line: nil)
            exit(ToolInvocation.usageStatus)
        }
        let status = process.terminationStatus
        if status != 0 {
            Diagnostics.error(invocation.failureLine(status: status), file: nil, line: nil)
            exit(status)
        }
    }
}

/// What the plugin needs to know about one `paysize` command line before running it.
struct ToolInvocation {
    /// The tool's status for bad input or usage, which the plugin's own refusals share.
    static let usageStatus: Int32 = 2

    /// Options whose value is a file the tool creates.
    static let writingOptions: Set<String> = ["--apply", "--output", "-o"]

    let arguments: [String]

    /// Commands whose second word is a subcommand (`schema lint`, `baseline diff`).
    static let commandGroups: Set<String> = ["schema", "baseline", "zstd-dictionary", "dict"]

    /// `check`, `suggest`, `schema lint`, …, as the diagnostics name the command.
    var commandName: String {
        guard let first = arguments.first, !first.hasPrefix("-") else { return "" }
        if Self.commandGroups.contains(first), arguments.count > 1, !arguments[1].hasPrefix("-") {
            return "\(first) \(arguments[1])"
        }
        return first
    }

    /// The files the command line asks the tool to write.
    var writtenFiles: [String] {
        var files: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { break }
            if Self.writingOptions.contains(argument) {
                files.append(index + 1 < arguments.endIndex ? arguments[index + 1] : "")
                index += 2
                continue
            }
            if let equals = argument.firstIndex(of: "="),
                Self.writingOptions.contains(String(argument[..<equals]))
            {
                files.append(String(argument[argument.index(after: equals)...]))
            }
            index += 1
        }
        return files
    }

    /// Why the plugin will not run this command line, or nil when it may.
    ///
    /// - Parameter writingAllowed: whether `swift package` was given
    ///   `--allow-writing-to-package-directory`; nil where the plugin cannot tell and SwiftPM's
    ///   sandbox decides.
    func refusal(writingAllowed: Bool?) -> String? {
        if arguments.contains("-") {
            return "paysize \(commandName): standard input does not reach a SwiftPM plugin; "
                + "name the files, or run the built tool (swift run paysize) to read '-'"
        }
        let flag = SwiftPMInvocation.writingFlag
        if arguments.contains(flag) {
            let rest = arguments.filter { $0 != flag }.joined(separator: " ")
            return "\(flag) is SwiftPM's and goes before the verb: 'swift package \(flag) paysize \(rest)'"
        }
        if let file = writtenFiles.first, writingAllowed == false {
            return "paysize \(commandName) writes '\(file)': run it as 'swift package "
                + "--allow-writing-to-package-directory paysize \(arguments.joined(separator: " "))'"
        }
        return nil
    }

    /// The line naming the tool's status, which `swift package` itself does not keep.
    func failureLine(status: Int32) -> String {
        "paysize \(commandName) exited with status \(status)"
    }
}

/// The `swift package` process that started the plugin.
enum SwiftPMInvocation {
    static let writingFlag = "--allow-writing-to-package-directory"

    /// Whether `swift package` itself was given the flag that lets plugins write to the package, read
    /// from the parent process's command line on Linux (false when it cannot be read); nil elsewhere,
    /// where SwiftPM's sandbox enforces the flag.
    ///
    /// The flag counts only before the verb: after it, SwiftPM passes it on as one of the plugin's
    /// arguments, so the parent's command line must hold it more often than `arguments` do.
    static func allowsWritingToPackageDirectory(arguments: [String]) -> Bool? {
        #if os(Linux)
            guard let commandLine = FileManager.default.contents(atPath: "/proc/\(getppid())/cmdline") else {
                return false
            }
            let flag = Array(writingFlag.utf8)
            let given = commandLine.split(separator: 0).count { Array($0) == flag }
            return given > arguments.count { $0 == writingFlag }
        #else
            return nil
        #endif
    }
}
