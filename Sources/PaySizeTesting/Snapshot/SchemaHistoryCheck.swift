import Foundation
import PaySize

/// Whether the current content-state type is compatible with every schema kept for a shipped
/// app version, so a new required key or a removed enum case fails before it ships.
///
/// Keep the schema snapshot of each released version in a folder (by default
/// `Schemas/history/<TypeName>/`, one `*.schema.json` per version, such as `1.4.schema.json`).
/// Each is compared with the schema inferred from the type now (``/PaySize/SchemaDiff``, the kept one as
/// the installed version): payloads the server writes for this version must decode in apps
/// still on that one, and a content state stored by that build must decode in this one.
///
/// ```swift
/// let history = SchemaHistoryCheck(of: DeliveryState.self, folder: url)
/// history.versions.map(\.fileName)   // ["1.0.schema.json", "1.1.schema.json"]
/// ```
public struct SchemaHistoryCheck: ExpectationOutcome, Equatable {
    /// One kept schema and what the current type breaks in it.
    public struct Version: Sendable, Equatable {
        /// The file's name, for example `1.0.schema.json`.
        public var fileName: String
        /// The conflicts in the directions checked, servers → installed apps first.
        public var conflicts: [SchemaConflict]
        /// Why the file could not be read as a schema; `nil` when it was.
        public var problem: String?
    }

    /// The content-state type's name.
    public var typeName: String
    /// The folder of kept schemas.
    public var folder: URL
    /// The folder's path as messages show it.
    public var displayPath: String
    /// The directions checked.
    public var directions: Set<SchemaConflict.Direction>
    /// Every kept schema, in version order (`1.9` before `1.10`).
    public var versions: [Version]

    /// Compares the schema inferred from `type` with every `*.schema.json` in `folder`.
    ///
    /// - Parameters:
    ///   - type: The content-state (or attributes) type as it is now.
    ///   - folder: The kept schemas of shipped versions.
    ///   - displayPath: How messages name the folder; default: its path.
    ///   - directions: Which breakages fail; default: both.
    public init<T: Decodable>(
        of type: T.Type, folder: URL, displayPath: String? = nil,
        directions: Set<SchemaConflict.Direction> = [.serversToInstalledApps, .runningActivitiesToUpdatedApp]
    ) {
        typeName = String(typeName: T.self)
        self.folder = folder
        self.displayPath = displayPath ?? folder.path
        self.directions = directions
        versions = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let kept = names.filter { $0.hasSuffix(".schema.json") }.sorted {
            $0.compare($1, options: .numeric) == .orderedAscending
        }
        guard !kept.isEmpty else { return }
        let current = PayloadSchema.infer(from: T.self)
        for name in kept {
            let url = folder.appendingPathComponent(name)
            do {
                let installed = try PayloadSchema(jsonBytes: Array(Data(contentsOf: url)))
                let conflicts = SchemaDiff(installed: installed, next: current).conflicts.filter {
                    directions.contains($0.direction)
                }
                versions.append(Version(fileName: name, conflicts: conflicts))
            } catch {
                versions.append(Version(fileName: name, conflicts: [], problem: "not a schema PaySize reads: \(error)"))
            }
        }
    }

    /// Compares the schema inferred from `type` with the kept schemas in the calling test's project.
    ///
    /// - Parameters:
    ///   - type: The content-state (or attributes) type as it is now.
    ///   - folder: The kept schemas, absolute or relative to the project root; default
    ///     `<history folder>/<TypeName>`, the folder from the ``PaySizeTestConfiguration`` in
    ///     force (`Schemas/history` unless set).
    ///   - testFilePath: The calling test's `#filePath`.
    ///   - directions: Which breakages fail; default: both.
    ///   - environment: Where the configuration's variables are read; default: the process's.
    public init<T: Decodable>(
        of type: T.Type, folder: String? = nil, testFilePath: String,
        directions: Set<SchemaConflict.Direction> = [.serversToInstalledApps, .runningActivitiesToUpdatedApp],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        let history = ResolvedTestConfiguration.current(environment: environment).historyFolder
        let place = ProjectFile(
            path: folder ?? "\(history)/\(String(typeName: T.self))", testFilePath: testFilePath)
        self.init(of: T.self, folder: place.url, displayPath: place.displayPath, directions: directions)
    }

    /// Which kept schemas the type breaks and how, one conflict per line; `nil` when it is
    /// compatible with all of them.
    public var failureMessage: String? {
        guard !versions.isEmpty else {
            return
                "no kept schemas of shipped versions of '\(typeName)' in '\(displayPath)': put each released version's schema snapshot there as '<version>.schema.json'"
        }
        let broken = versions.filter { !$0.conflicts.isEmpty || $0.problem != nil }
        guard !broken.isEmpty else { return nil }
        let shipped = versions.count == 1 ? "1 shipped schema" : "\(versions.count) shipped schemas"
        var lines = ["'\(typeName)' is not compatible with \(broken.count) of \(shipped) in '\(displayPath)':"]
        for version in broken {
            if let problem = version.problem {
                lines.append("\(version.fileName): \(problem)")
                continue
            }
            lines.append("\(version.fileName):")
            lines += SchemaConflict.Direction.allDirections.filter(directions.contains).flatMap { direction in
                SchemaSnapshot.breakage(of: version.conflicts, in: direction)
            }
        }
        return lines.joined(separator: "\n")
    }
}
