import Foundation

/// Builds a JSON Schema for a `Decodable` type by running its `init(from:)` against
/// ``SchemaRecorder``s: once per type (memoized), twice when the type checks which keys are
/// present (to see whether it branches), and once per case for enums with associated values.
final class SchemaInference {
    /// A type's schema and a placeholder value of it to hand back to the type containing it
    /// (`nil` when none could be made, with the reason).
    struct Inferred {
        var schema: JSONElement
        var value: Any?
        var reason: String?
    }

    /// Nesting deeper than this is cut off with a note; recursion through a type's own name is
    /// caught earlier by `$ref`.
    static let maximumDepth = 32

    private var cache: [ObjectIdentifier: Inferred] = [:]
    private var inProgress: Set<ObjectIdentifier> = []
    private var recursive: Set<ObjectIdentifier> = []
    private var definitionNames: [ObjectIdentifier: String] = [:]
    private var definitions: [(String, JSONElement)] = []
    private var depth = 0
    /// A value of each type in progress, once one run of its `init(from:)` made one: a type that
    /// contains itself (`indirect enum`, a class holding its parent) gets it for the inner copy.
    private var provisional: [ObjectIdentifier: Any] = [:]
    /// How often a type in progress was needed before any value of it existed. A result made
    /// while this grew may improve on a rerun, so it is not cached.
    private var recursionMisses = 0

    /// The schema document for `type`: `$schema`, a `title`, the type's schema and its `$defs`.
    func document<T: Decodable>(for type: T.Type) -> JSONElement {
        let root = infer(type)
        var members: [(String, JSONElement)] = [
            ("$schema", .string(PayloadSchema.dialect)),
            ("title", .string(String(describing: type))),
        ]
        for member in root.schema.members ?? [] where member.key != "title" {
            members.append((member.key, member.value))
        }
        if !definitions.isEmpty {
            members.append(("$defs", .object(definitions)))
        }
        return .object(members)
    }

    func infer<T: Decodable>(_ type: T.Type) -> Inferred {
        if let known = Self.known(type) { return known }
        if let structural = type as? any StructuralDecodable.Type {
            return structural.inferStructure(in: self)
        }
        if let listed = Self.listedEnumeration(type) { return listed }

        let id = ObjectIdentifier(type)
        if let cached = cache[id] { return cached }
        if inProgress.contains(id) {
            recursive.insert(id)
            let value = provisional[id]
            if value == nil { recursionMisses += 1 }
            return Inferred(
                schema: .object([("$ref", .string("#/$defs/" + definitionName(for: type)))]), value: value,
                reason: "'\(type)' contains itself without an optional, array or dictionary in between")
        }
        guard depth < Self.maximumDepth else {
            return Inferred(
                schema: .object([
                    ("x-paysize-note", .string("nesting deeper than \(Self.maximumDepth) levels is not inferred"))
                ]),
                value: nil, reason: "nesting too deep")
        }
        inProgress.insert(id)
        depth += 1
        let missesBefore = recursionMisses
        var result = inferByDecoding(type)
        depth -= 1
        inProgress.remove(id)
        provisional[id] = nil

        if recursive.contains(id) {
            let name = definitionName(for: type)
            definitions.removeAll { $0.0 == name }
            definitions.append((name, result.schema))
            result.schema = .object([("$ref", .string("#/$defs/" + name))])
        }
        if recursionMisses == missesBefore {
            cache[id] = result
        }
        return result
    }

    private func run<T: Decodable>(_ type: T.Type, mode: InferencePass.Mode, offeredKey: String?) -> (
        InferencePass, Result<T, any Error>
    ) {
        let pass = InferencePass(mode: mode, offeredKey: offeredKey)
        let recorder = SchemaRecorder(inference: self, pass: pass, recording: pass.root, codingPath: [])
        do {
            return (pass, .success(try T(from: recorder)))
        } catch {
            return (pass, .failure(error))
        }
    }

    private func inferByDecoding<T: Decodable>(_ type: T.Type) -> Inferred {
        let id = ObjectIdentifier(type)
        let missesBefore = recursionMisses
        var (first, firstResult) = run(type, mode: .keysAbsent, offeredKey: nil)
        if let listKeys = first.listRootKeys {
            let names = listKeys()
            if case .success(let value) = firstResult, names?.isEmpty ?? true {
                // Reads whatever keys are present, like a dictionary: nothing to offer one by one.
                let note =
                    "init(from:) reads whichever keys are present (allKeys) and their names cannot be listed, so the keys it accepts are not inferred"
                return Inferred(schema: first.root.schema().setting("x-paysize-note", to: .string(note)), value: value)
            }
            return inferCases(of: type, names: names)
        }
        if case .success(let value) = firstResult {
            provisional[id] = value
            if recursionMisses > missesBefore {
                // Something inside needed a value of this type before there was one; now there is.
                (first, firstResult) = run(type, mode: .keysAbsent, offeredKey: nil)
            }
        }
        var pass = first
        var result = firstResult
        var schema = first.root.schema()
        if first.checksPresence {
            let (second, secondResult) = run(type, mode: .keysPresent, offeredKey: nil)
            let secondSchema = second.root.schema()
            if !secondSchema.isJSONEqual(to: schema) {
                schema = Self.merged(schema, secondSchema)
            }
            if case .failure = result, case .success = secondResult {
                pass = second
                result = secondResult
            }
        }
        if case .failure = result, type is any RawRepresentable.Type {
            let reason = "the raw values of '\(type)' cannot be listed: make it CaseIterable"
            return Inferred(schema: schema.setting("x-paysize-note", to: .string(reason)), value: nil, reason: reason)
        }
        if case .failure(let error) = result, pass.root.kind == .unknown {
            schema = .object([("x-paysize-note", .string(Self.stoppedNote(for: type, error: error)))])
        } else if case .failure(let error) = result {
            schema = schema.setting(
                "x-paysize-note",
                to: .string(
                    [schema["x-paysize-note"]?.stringValue, Self.stoppedNote(for: type, error: error)]
                        .compactMap { $0 }.joined(separator: "; ")))
        }
        let reason: String? =
            switch result {
            case .success: nil
            case .failure(let error): Self.shortDescription(of: error)
            }
        return Inferred(schema: schema, value: try? result.get(), reason: reason)
    }

    /// An enum with associated values: offer each case's key alone and record what it reads.
    private func inferCases<T: Decodable>(of type: T.Type, names: [String]?) -> Inferred {
        guard let names, !names.isEmpty else {
            return Inferred(
                schema: .object([
                    ("type", .string("object")),
                    (
                        "x-paysize-note",
                        .string(
                            "'\(type)' reads its keys with allKeys (an enum with associated values?) and its cases could not be listed, so its shape is not inferred"
                        )
                    ),
                ]),
                value: nil, reason: "its cases could not be listed")
        }
        var branches: [JSONElement] = []
        var value: Any?
        var runs = names.map { run(type, mode: .keysAbsent, offeredKey: $0) }
        if let made = runs.lazy.compactMap({ try? $0.1.get() }).first {
            // A case that needs a value of the enum itself (`indirect`) can have one now.
            provisional[ObjectIdentifier(type)] = made
            for index in runs.indices where (try? runs[index].1.get()) == nil {
                runs[index] = run(type, mode: .keysAbsent, offeredKey: names[index])
            }
        }
        for (name, (pass, result)) in zip(names, runs) {
            let caseSchema = pass.root.properties.first(where: { $0.key == name })?.value.schema() ?? .object([])
            var branch = JSONElement.object([
                ("type", .string("object")),
                ("properties", .object([(name, caseSchema)])),
                ("required", .array([.string(name)])),
            ])
            switch result {
            case .success(let made):
                if value == nil { value = made }
            case .failure(let error):
                if !(error is InferenceStop) {
                    branch = branch.setting("x-paysize-note", to: .string(Self.stoppedNote(for: type, error: error)))
                }
            }
            branches.append(branch)
        }
        return Inferred(
            schema: .object([
                ("oneOf", .array(branches)),
                ("description", .string("enum '\(type)': an object with exactly one key, the case")),
            ]),
            value: value, reason: value == nil ? "no case of it could be made" : nil)
    }

    /// The union of two passes that read different keys: every property seen, required only when
    /// both passes required it.
    private static func merged(_ a: JSONElement, _ b: JSONElement) -> JSONElement {
        let note =
            "init(from:) reads different keys depending on which are present; this schema is the union of the branches seen and may accept payloads the type rejects"
        guard a["type"]?.stringValue == "object", b["type"]?.stringValue == "object" else {
            return .object([("anyOf", .array([a, b])), ("x-paysize-note", .string(note))])
        }
        var properties = (a["properties"]?.members ?? []).map { ($0.key, $0.value) }
        for member in b["properties"]?.members ?? [] {
            if let index = properties.firstIndex(where: { $0.0 == member.key }) {
                properties[index].1 = Recording.union([properties[index].1, member.value]) ?? member.value
            } else {
                properties.append((member.key, member.value))
            }
        }
        let requiredInB = Set((b["required"]?.elements ?? []).compactMap(\.stringValue))
        let required = (a["required"]?.elements ?? []).compactMap(\.stringValue).filter(requiredInB.contains)
        var members: [(String, JSONElement)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { members.append(("required", .array(required.map(JSONElement.string)))) }
        members.append(("x-paysize-note", .string(note)))
        return .object(members)
    }

    private static func stoppedNote<T>(for type: T.Type, error: any Error) -> String {
        "init(from:) of '\(type)' stopped (\(shortDescription(of: error))); keys it reads after that are not in this schema"
    }

    static func shortDescription(of error: any Error) -> String {
        switch error {
        case let error as InferenceStop:
            return error.description
        case let error as DecodingError:
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                .dataCorrupted(let context):
                return context.debugDescription
            @unknown default:
                return "\(error)"
            }
        default:
            return "\(error)"
        }
    }

    private func definitionName<T>(for type: T.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = definitionNames[id] { return name }
        let base = String(
            String(describing: type).map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." ? $0 : "_" })
        var name = base
        var suffix = 2
        while definitionNames.values.contains(name) {
            name = "\(base)\(suffix)"
            suffix += 1
        }
        definitionNames[id] = name
        return name
    }

    // MARK: - Types with a fixed shape

    private static func known<T>(_ type: T.Type) -> Inferred? {
        func make(_ members: [(String, JSONElement)], _ value: Any) -> Inferred {
            Inferred(schema: .object(members), value: value)
        }
        func integer(_ value: Any, minimum: String? = nil, maximum: String? = nil) -> Inferred {
            var members: [(String, JSONElement)] = [("type", .string("integer"))]
            if let minimum { members.append(("minimum", .number(minimum))) }
            if let maximum { members.append(("maximum", .number(maximum))) }
            return make(members, value)
        }
        switch type {
        case is String.Type: return make([("type", .string("string"))], "")
        case is Bool.Type: return make([("type", .string("boolean"))], false)
        case is Double.Type: return make([("type", .string("number"))], 0.0)
        case is Float.Type: return make([("type", .string("number"))], Float(0))
        case is Decimal.Type: return make([("type", .string("number"))], Decimal(0))
        case is Int.Type: return integer(0)
        case is Int64.Type: return integer(Int64(0))
        case is Int8.Type: return integer(Int8(0), minimum: String(Int8.min), maximum: String(Int8.max))
        case is Int16.Type: return integer(Int16(0), minimum: String(Int16.min), maximum: String(Int16.max))
        case is Int32.Type: return integer(Int32(0), minimum: String(Int32.min), maximum: String(Int32.max))
        case is UInt.Type: return integer(UInt(0), minimum: "0")
        case is UInt64.Type: return integer(UInt64(0), minimum: "0")
        case is UInt8.Type: return integer(UInt8(0), minimum: "0", maximum: String(UInt8.max))
        case is UInt16.Type: return integer(UInt16(0), minimum: "0", maximum: String(UInt16.max))
        case is UInt32.Type: return integer(UInt32(0), minimum: "0", maximum: String(UInt32.max))
        case is Date.Type:
            // FACTS.md, "How the device decodes": the default `.deferredToDate` reads a number of
            // seconds since 2001-01-01, not Unix seconds.
            return make(
                [
                    ("type", .string("number")),
                    ("description", .string(PayloadSchema.referenceDateDescription)),
                    (PayloadSchema.dateAnnotation, .string(PayloadSchema.referenceDateValue)),
                ],
                Date(timeIntervalSinceReferenceDate: 0))
        case is Data.Type:
            return make([("type", .string("string")), ("contentEncoding", .string("base64"))], Data())
        case is URL.Type:
            return make([("type", .string("string")), ("format", .string("uri"))], URL(string: "https://example.com")!)
        case is UUID.Type:
            return make([("type", .string("string")), ("format", .string("uuid"))], UUID())
        default:
            return nil
        }
    }

    /// A `CaseIterable` enum with raw values: its raw values become the schema's `enum`.
    private static func listedEnumeration<T>(_ type: T.Type) -> Inferred? {
        guard type is any RawRepresentable.Type, let iterable = type as? any CaseIterable.Type else { return nil }
        let cases = CodingKeyCases.allCases(of: iterable)
        var typeNames: [String] = []
        var values: [JSONElement] = []
        for item in cases {
            guard let raw = (item as? any RawRepresentable)?.rawValue, let (name, element) = rawElement(raw) else {
                return nil
            }
            if !typeNames.contains(name) { typeNames.append(name) }
            values.append(element)
        }
        guard !values.isEmpty, typeNames.count == 1 else { return nil }
        return Inferred(
            schema: .object([("type", .string(typeNames[0])), ("enum", .array(values))]), value: cases.first)
    }

    private static func rawElement(_ raw: Any) -> (String, JSONElement)? {
        switch raw {
        case let value as String: return ("string", .string(value))
        case let value as Bool: return ("boolean", .bool(value))
        case let value as any BinaryInteger: return ("integer", .number("\(value)"))
        case let value as Double: return ("number", .number(numberText(value)))
        case let value as Float: return ("number", .number(numberText(Double(value))))
        default: return nil
        }
    }

    /// A Double as `JSONEncoder` writes it: its description minus a trailing `.0`.
    static func numberText(_ value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
