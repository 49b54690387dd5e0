import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import Testing

/// A type named like this test module: `String(reflecting:)` spells it
/// `PaySizeTestingTests.PaySizeTestingTests`.
struct PaySizeTestingTests: Codable {
    /// Reflected as `PaySizeTestingTests.PaySizeTestingTests.ContentState`.
    struct ContentState: Codable { var step: Int }
    var step: Int
}

/// Names that hold the module's name as text: a text replace of `PaySizeTestingTests.` would
/// leave `MyContentState` and `ContentState`.
struct MyPaySizeTestingTests: Codable {
    struct ContentState: Codable { var step: Int }
}

/// A generic wrapper and a type nested in it.
struct Box<Value: Codable>: Codable {
    struct ContentState: Codable { var value: Value }
    var value: Value
}

/// Two activities' content states, as an app declares them.
enum FoodApp {
    struct ContentState: Codable { var dish: String }
}

enum HappyApp {
    struct ContentState: Codable { var mood: String }
}

/// Type names for snapshot files and schema titles: the module is the first component of each
/// reference in `String(reflecting:)`, never text found elsewhere in the name.
@Suite("Type names")
struct TypeNameTests {
    /// `String(reflecting:)` text as modules named `App` and `Kit` produce it, and what it names.
    static let reflected: [(String, String)] = [
        ("App.FoodApp.ContentState", "FoodApp.ContentState"),
        ("App.HappyApp.ContentState", "HappyApp.ContentState"),
        ("App.App", "App"),
        ("App.App.ContentState", "App.ContentState"),
        ("Kit.Kit", "Kit"),
        ("Kit.Kit.Kit", "Kit.Kit"),
        ("Kit.KitState", "KitState"),
        ("AppKit.App", "App"),
        ("App.AppKit.App", "AppKit.App"),
        ("Kit.Box<Swift.Int>", "Box<Int>"),
        ("Kit.Box<App.App>.ContentState", "Box<App>.ContentState"),
        ("App.Outer<Kit.Kit, Swift.String>.Inner<App.App>", "Outer<Kit, String>.Inner<App>"),
        ("Swift.Optional<App.FoodApp.ContentState>", "Optional<FoodApp.ContentState>"),
        ("Swift.Dictionary<Swift.String, Kit.Box<App.App>>", "Dictionary<String, Box<App>>"),
        ("Swift.Array<(Swift.Int, App.App)>", "Array<(Int, App)>"),
        ("App.(unknown context at $10a3c8f5c).Local", "Local"),
        ("App.(unknown context at $10a3c8f5c).Local.Nested", "Local.Nested"),
        ("App.Tests.(unknown context at $10a3c8f5c).Local", "Local"),
        ("Swift.Array<App.Tests.(unknown context at $10a3c8f5c).Local>", "Array<Local>"),
        ("(extension in App):Kit.Kit.Nested", "Kit.Nested"),
        ("Swift.Int.Type", "Int.Type"),
    ]

    @Test("reflected names of modules App and Kit", arguments: reflected)
    func reflectedText(_ text: String, _ expected: String) {
        #expect(String(typeNameFromReflecting: text) == expected)
    }

    @Test("real types: nested, generic, named like their module, holding its name")
    func realTypes() {
        func local() -> String {
            struct Local {}
            return String(typeName: Local.self)
        }
        #expect(String(typeName: FoodApp.ContentState.self) == "FoodApp.ContentState")
        #expect(String(typeName: HappyApp.ContentState.self) == "HappyApp.ContentState")
        #expect(String(typeName: PaySizeTestingTests.self) == "PaySizeTestingTests")
        #expect(String(typeName: PaySizeTestingTests.ContentState.self) == "PaySizeTestingTests.ContentState")
        #expect(String(typeName: MyPaySizeTestingTests.ContentState.self) == "MyPaySizeTestingTests.ContentState")
        #expect(String(typeName: Box<Int>.self) == "Box<Int>")
        #expect(
            String(typeName: Box<FoodApp.ContentState>.ContentState.self) == "Box<FoodApp.ContentState>.ContentState")
        #expect(String(typeName: [String: Box<Int>].self) == "Dictionary<String, Box<Int>>")
        #expect(String(typeName: Int?.self) == "Optional<Int>")
        #expect(local() == "Local")
    }

    @Test("snapshot files and schema titles carry the nested name")
    func snapshotFilesAndTitles() throws {
        for (type, name) in [
            (FoodApp.ContentState.self, "FoodApp.ContentState"), (HappyApp.ContentState.self, "HappyApp.ContentState"),
        ] as [(any Decodable.Type, String)] {
            let snapshot = Self.snapshot(of: type)
            #expect(snapshot.typeName == name)
            #expect(snapshot.displayPath == "Schemas/\(name).schema.json")
            let text = String(decoding: Self.schema(of: type).jsonData(), as: UTF8.self)
            #expect(text.contains(#""title" : "\#(name)""#))
        }
        let boxed = Self.snapshot(of: Box<Int>.ContentState.self)
        #expect(boxed.displayPath == "Schemas/Box<Int>.ContentState.schema.json")
    }

    private static func snapshot<T: Decodable>(of type: T.Type) -> SchemaSnapshot {
        // Record mode 'never' and an empty environment: nothing is written, no variable applies.
        SchemaSnapshot(of: T.self, testFilePath: #filePath, environment: ["PAYSIZE_RECORD": "never"])
    }

    private static func schema<T: Decodable>(of type: T.Type) -> PayloadSchema {
        PayloadSchema.infer(from: T.self)
    }
}
