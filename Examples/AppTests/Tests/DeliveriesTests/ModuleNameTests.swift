import App
import Foundation
import Kit
import PaySize
import PaySizeTesting
import Testing

/// Snapshot files and schema titles of types in modules named `App` and `Kit`: the module is
/// left out by the type's reflected name, never by searching the name for it.
@Suite("Types in modules named App and Kit", .paySizeTestConfiguration(.deliveries))
struct ModuleNameTests {
    static func snapshot<T: Decodable>(of type: T.Type) -> SchemaSnapshot {
        // Record mode 'never': this suite only reads names; nothing is written.
        SchemaSnapshot(of: T.self, testFilePath: #filePath, environment: ["PAYSIZE_RECORD": "never"])
    }

    /// Computed, not stored: metatypes are not `Sendable`, so a stored static would be shared state.
    static var types: [(any Decodable.Type, String)] {
        [
            (FoodApp.ContentState.self, "FoodApp.ContentState"),
            (HappyApp.ContentState.self, "HappyApp.ContentState"),
            (App.self, "App"),
            (App.ContentState.self, "App.ContentState"),
            (Kit.self, "Kit"),
            (Kit.ContentState.self, "Kit.ContentState"),
            (Tracked<Int>.ContentState.self, "Tracked<Int>.ContentState"),
            (Tracked<Kit>.ContentState.self, "Tracked<Kit>.ContentState"),
        ]
    }

    @Test("file names and titles keep App and Kit where the type names them")
    func names() {
        for (type, name) in Self.types {
            check(type, name)
        }
    }

    private func check(_ type: any Decodable.Type, _ name: String) {
        let snapshot = Self.snapshot(of: type)
        #expect(snapshot.typeName == name)
        #expect(snapshot.displayPath == "Tests/DeliveriesTests/Schemas/\(name).schema.json")
        let schema = String(decoding: PayloadSchema.infer(from: type).jsonData(), as: UTF8.self)
        #expect(schema.contains(#""title" : "\#(name)""#))
    }
}
