@_spi(Internals) import PaySize

/// Reads a JSON Schema file for `--schema`, `--attributes-schema` and `schema diff`.
enum SchemaFile {
    /// Schemas are small; this bounds what a mistaken path can make the tool read.
    static let maximumByteCount = 4 << 20

    /// Loads and compiles the schema at `path`.
    ///
    /// - Throws: ``InputError`` placed in the file: unreadable, not JSON, or a schema the
    ///   validator cannot honour (it refuses rather than ignore a keyword).
    static func load(_ path: String) throws(InputError) -> PayloadSchema {
        let bytes = try InputFile.opening(path).readAll(maximumByteCount: maximumByteCount)
        do {
            return try PayloadSchema(jsonBytes: bytes)
        } catch let error as JSONScanError {
            throw InputError(file: path, scanError: error)
        } catch let error as SchemaError {
            var located = InputError(file: path, message: "expected a schema PaySize can honour, found \(error)")
            if let root = try? JSONScanner.scan(bytes) {
                // The keyword's own value, or the nearest enclosing one that exists.
                var pointer = error.path
                while root.descendant(at: pointer) == nil, !pointer.components.isEmpty {
                    pointer = JSONPointer(components: Array(pointer.components.dropLast()))
                }
                if let offset = root.descendant(at: pointer)?.byteRange.lowerBound {
                    located.location = TextPosition(byteOffset: offset, in: bytes)
                }
            }
            throw located
        } catch {
            throw InputError(file: path, message: "\(error)")
        }
    }
}
