import Foundation
@_spi(Internals) import PaySize

/// Reads a JSON Schema file for `--schema`, `--attributes-schema` and `schema diff`.
enum SchemaFile {
    /// Schemas are small; this bounds what a mistaken path can make the tool read.
    static let maximumByteCount = 4 << 20

    /// Loads and compiles the schema at `path`; relative references resolve against its location.
    static func load(_ path: String) throws(InputError) -> PayloadSchema {
        try load(path, directory: nil)
    }

    /// Loads and compiles the schema at `path`, reading each document a reference names: a file
    /// (relative references resolve against the file's own location), else one of `directory`.
    ///
    /// - Throws: ``InputError`` placed in the file: unreadable, not JSON, or a schema the
    ///   validator cannot honour (it refuses rather than ignore a keyword), in it or in a
    ///   document it references.
    ///
    /// Under `stringEquality` `codepoints` the documents' keys compare by code point too, so a
    /// `properties` object may hold both `"ä"` and `"a\u0308"`; the schema compares strings so.
    static func load(
        _ path: String, directory: SchemaDirectory?, unknownKeywords: UnknownKeywordPolicy = .warn,
        stringEquality: StringEquality = .canonicalEquivalence
    ) throws(InputError) -> PayloadSchema {
        let bytes = try InputFile.opening(path).readAll(maximumByteCount: maximumByteCount)
        let uri = SchemaURI.file(path: absolutePath(path))
        do {
            let document = try JSONScanner.scan(bytes, keyEquality: stringEquality)
            var schema = try PayloadSchema(
                document: document, uri: uri,
                load: { uri in try readDocument(at: uri, directory: directory, keyEquality: stringEquality) },
                unknownKeywords: unknownKeywords)
            schema.stringEquality = stringEquality
            return schema
        } catch let error as JSONScanError {
            throw InputError(file: path, scanError: error)
        } catch let error as SchemaError {
            throw placed(error, in: path, bytes: bytes, uri: uri, directory: directory)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: path, message: "\(error)")
        }
    }

    /// The document at `uri`: a `file:` URI's file, else the file of `directory` it names.
    private static func readDocument(
        at uri: String, directory: SchemaDirectory?, keyEquality: StringEquality
    ) throws -> JSONElement? {
        guard let path = SchemaURI.filePath(uri) ?? directory?.path(for: uri) else { return nil }
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let bytes = try readReferenced(path)
        do {
            return try JSONScanner.scan(bytes, keyEquality: keyEquality)
        } catch let error as JSONScanError {
            throw InputError(file: path, scanError: error)
        }
    }

    /// The schema error as an input error in the file it is in, at the line of the keyword (or
    /// of the nearest enclosing value that exists).
    private static func placed(
        _ error: SchemaError, in path: String, bytes: [UInt8], uri: String, directory: SchemaDirectory?
    ) -> InputError {
        var file = path
        var fileBytes = bytes
        if let document = error.document {
            file = SchemaURI.filePath(document) ?? directory?.path(for: document) ?? document
            fileBytes = (try? InputFile.opening(file).readAll(maximumByteCount: maximumByteCount)) ?? []
        }
        var located = InputError(
            file: file, message: "expected a schema PaySize can honour, found \(error.descriptionInDocument)")
        located.location = position(of: error.path, in: fileBytes)
        return located
    }

    /// The line and column of the value at `pointer` in the JSON text `bytes`, or of the nearest
    /// enclosing value that exists; `nil` when the text is not JSON.
    private static func position(of pointer: JSONPointer, in bytes: [UInt8]) -> TextPosition? {
        guard let root = try? JSONScanner.scan(bytes) else { return nil }
        var pointer = pointer
        while root.descendant(at: pointer) == nil, !pointer.components.isEmpty {
            pointer = JSONPointer(components: Array(pointer.components.dropLast()))
        }
        return root.descendant(at: pointer).map { TextPosition(byteOffset: $0.byteRange.lowerBound, in: bytes) }
    }

    /// The file a document URI of a loaded schema names: `path` for the schema itself.
    private static func file(of document: String, path: String, directory: SchemaDirectory?) -> String {
        if document == SchemaURI.file(path: absolutePath(path)) { return path }
        return SchemaURI.filePath(document) ?? directory?.path(for: document) ?? document
    }

    /// One compiler-style warning for each unknown keyword `schema` (loaded from `path`) skipped,
    /// placed at the keyword's line and column.
    static func unknownKeywordWarnings(_ schema: PayloadSchema, path: String, directory: SchemaDirectory?) -> [String] {
        // A keyword's place always ends in its name.
        places(schema.unknownKeywordPlaces, path: path, directory: directory).compactMap { file, position, place in
            guard case .key(let keyword)? = place.location.components.last else { return nil }
            return
                "\(file)\(position): warning: \(place.location): unknown keyword '\(keyword)' is not checked (skipped; '--unknown-keywords refuse' refuses it, 'ignore' hides this warning)"
        }
    }

    /// Each of `places` with its file and `:LINE:COLUMN` (empty when the file cannot be read).
    static func places(
        _ places: [CompiledSchema.KeywordPlace], path: String, directory: SchemaDirectory?
    ) -> [(file: String, position: String, place: CompiledSchema.KeywordPlace)] {
        var texts: [String: [UInt8]] = [:]
        return places.map { place in
            let file = Self.file(of: place.document, path: path, directory: directory)
            if texts[file] == nil {
                texts[file] = (try? InputFile.opening(file).readAll(maximumByteCount: maximumByteCount)) ?? []
            }
            let position = texts[file].flatMap { Self.position(of: place.location, in: $0) }
            return (file, position.map { ":\($0.line):\($0.column)" } ?? "", place)
        }
    }

    /// A referenced or `--schema-dir` file, read at once: there may be many, all small.
    static func readReferenced(_ path: String) throws(InputError) -> [UInt8] {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, size > maximumByteCount {
            throw InputError(
                file: path, message: "expected a schema of at most \(maximumByteCount) bytes, found \(size)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return try InputFile.opening(path).readAll(maximumByteCount: maximumByteCount)
        }
        return Array(data)
    }

    static func absolutePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

/// `--schema-dir DIR`: every `.json` file under the folder, by the `$id` at its root and by its
/// path under the folder.
struct SchemaDirectory {
    let root: String
    /// The root `$id` of each file (resolved against the file's own URI) and the file's path.
    private(set) var identified: [String: String] = [:]

    /// The help text of `--schema-dir`, shared by the commands that take it.
    static let help =
        "A folder of shared schemas for '$ref': a reference names a file by the '$id' at its root, else by the path after the host, under the folder (http://localhost:1234/common/x.json is DIR/common/x.json). Relative references resolve against each file's own location."

    /// Reads every `.json` file under `path`.
    ///
    /// - Throws: ``InputError`` for a folder that cannot be read or a file that is not JSON.
    init(_ path: String) throws(InputError) {
        root = SchemaFile.absolutePath(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue,
            let enumerator = FileManager.default.enumerator(atPath: root)
        else {
            throw InputError(file: path, message: "expected a folder of schemas for '--schema-dir'")
        }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".json") { files.append(relative) }
        }
        for relative in files.sorted() {
            let file = root + "/" + relative
            let bytes = try SchemaFile.readReferenced(file)
            let document: JSONElement
            do {
                document = try JSONScanner.scan(bytes)
            } catch {
                throw InputError(file: file, message: "expected a JSON schema under '--schema-dir', found \(error)")
            }
            guard let id = document["$id"]?.stringValue else { continue }
            let uri = SchemaURI.splitFragment(SchemaURI.resolve(id, against: SchemaURI.file(path: file))).document
            if identified[uri] == nil { identified[uri] = file }
        }
    }

    /// The file `uri` (no fragment) names: the one whose root `$id` it is, else the file at the
    /// URI's path under the folder.
    func path(for uri: String) -> String? {
        if let file = identified[uri] { return file }
        let path = SchemaURI.Parts(uri).path
        guard path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { return nil }
        let file = root + (path.removingPercentEncoding ?? path)
        return FileManager.default.fileExists(atPath: file) ? file : nil
    }
}

/// The schemas one command reads, each under the policy its `--unknown-keywords` names, with a
/// warning gathered for every unknown keyword skipped under ``UnknownKeywordPolicy/warn``: the
/// command writes them to standard error before its report, so every command that reads a
/// schema treats a keyword it does not know alike.
struct SchemaReader {
    var directory: SchemaDirectory?
    var unknownKeywords: UnknownKeywordPolicy
    var stringEquality = StringEquality.canonicalEquivalence
    /// The warnings of the schemas loaded so far, in the order read.
    private(set) var warnings: [String] = []

    /// A reader of `parsed`'s `--unknown-keywords` policy and `--schema-dir` (when `command` has it).
    ///
    /// - Throws: ``UsageError`` naming `command` for a policy or directory it cannot use.
    init(_ parsed: CommandLineArguments, command: String) throws {
        directory = try parsed.value("--schema-dir").map(SchemaDirectory.init)
        unknownKeywords = try parsed.unknownKeywords(command: command)
    }

    /// Loads and compiles the schema at `path`, as ``SchemaFile/load(_:directory:unknownKeywords:stringEquality:)``.
    mutating func load(_ path: String) throws(InputError) -> PayloadSchema {
        let schema = try SchemaFile.load(
            path, directory: directory, unknownKeywords: unknownKeywords, stringEquality: stringEquality)
        if unknownKeywords == .warn {
            warnings += SchemaFile.unknownKeywordWarnings(schema, path: path, directory: directory)
        }
        return schema
    }
}
