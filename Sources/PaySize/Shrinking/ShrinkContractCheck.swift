@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// Whether the app's schema rejects a shrunk payload that the original payload satisfied:
/// then the suggestion needs an app change, whatever its strategy thought.
struct ShrinkContractCheck {
    private let schemas: [(path: JSONPointer, schema: PayloadSchema, droppedBefore: Int)]

    init(document: ShrinkDocument, schemas: [JSONPointer: PayloadSchema]) {
        self.schemas = schemas.sorted { $0.key.rawValue < $1.key.rawValue }.map { region, schema in
            let path = region
            return (path, schema, Self.droppedCount(in: document, at: path, schema: schema))
        }
    }

    /// Whether `shrunk` has more values the device would drop than the original had.
    func rejects(_ shrunk: ShrinkDocument) -> Bool {
        schemas.contains { Self.droppedCount(in: shrunk, at: $0.path, schema: $0.schema) > $0.droppedBefore }
    }

    private static func droppedCount(in document: ShrinkDocument, at path: JSONPointer, schema: PayloadSchema) -> Int {
        guard let node = document.nodes(at: path).first,
            let element = try? JSONScanner.scan(document.jsonBytes(of: node), duplicateKeys: .allow)
        else { return 0 }
        return schema.findings(in: element).filter { $0.code == .dropped }.count
    }
}
