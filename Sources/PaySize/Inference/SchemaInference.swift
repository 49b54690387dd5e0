import Foundation
@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// Builds a JSON Schema for a `Decodable` type by running its own `init(from:)` against
/// ``DecodingTracer``s: once plainly, then once per probe of each place it reads (missing,
/// `null`, another type, a refused value, an unusual value) to learn what it throws on and what
/// it recovers from. Each type is inferred once (memoized), so nesting costs no re-runs; enums
/// with associated values run once per case.
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
    /// Runs of `init(from:)` one inference may make; past it, places are no longer probed and
    /// the schema says so. A bound for pathological types, far above what real states need.
    static let runBudget = 50_000

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
    /// Runs made so far.
    var runs = 0
    /// The values scalar reads get, examples' values included.
    var placeholders = PlaceholderValues()

    /// The schema document for `type`: `$schema`, a `title`, the type's schema, its `$defs`,
    /// and the PaySize keywords it uses with how to read them.
    func document<T: Decodable>(for type: T.Type) -> JSONElement {
        let root = infer(type)
        var members: [(String, JSONElement)] = [
            ("$schema", .string(PayloadSchema.dialect)),
            ("title", .string(String(typeName: type))),
        ]
        for member in root.schema.members ?? [] where member.key != "title" {
            members.append((member.key, member.value))
        }
        if root.schema.members == nil {
            // A boolean schema (`true`) as the root: any value.
            members.append(("anyOf", .array([root.schema])))
        }
        if !definitions.isEmpty {
            members.append(("$defs", .object(definitions)))
        }
        var document = JSONElement.object(members)
        let used = PaySizeKeyword.allCases.filter { $0 != .keywords && Self.uses($0, in: document) }
        if !used.isEmpty {
            document = document.setting(
                PaySizeKeyword.keywords.rawValue,
                to: .object(used.map { ($0.rawValue, .string($0.explanation)) }))
        }
        return document
    }

    private static func uses(_ keyword: PaySizeKeyword, in element: JSONElement) -> Bool {
        if let members = element.members {
            return members.contains { $0.key == keyword.rawValue || uses(keyword, in: $0.value) }
        }
        return element.elements?.contains { uses(keyword, in: $0) } ?? false
    }

    func infer<T: Decodable>(_ type: T.Type) -> Inferred {
        let id = ObjectIdentifier(type)
        if let cached = cache[id] { return cached }
        if let known = Self.known(type) {
            cache[id] = known
            return known
        }
        if let structural = type as? any StructuralDecodable.Type {
            // Kept like any other result unless a type inside needed a value that did not exist yet.
            let missesBefore = recursionMisses
            let result = structural.inferStructure(in: self)
            if recursionMisses == missesBefore { cache[id] = result }
            return result
        }

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
                    (
                        PaySizeKeyword.note.rawValue,
                        .string("nesting deeper than \(Self.maximumDepth) levels is not inferred")
                    )
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

    // MARK: - Runs

    /// One run of `type`'s `init(from:)` under `probe`.
    func run<T: Decodable>(_ type: T.Type, _ probe: InferencePass.Probe, offeredKey: String? = nil) -> (
        InferencePass, Result<T, any Error>
    ) {
        runs += 1
        let pass = InferencePass(probe: probe, offeredKey: offeredKey)
        let recorder = DecodingTracer(inference: self, pass: pass, recording: pass.root, codingPath: [])
        do {
            return (pass, .success(try T(from: recorder)))
        } catch {
            return (pass, .failure(error))
        }
    }

    /// A run that, when the type refuses a placeholder value (it throws something other than a
    /// probe's error), is tried again with the next placeholder variants.
    func runTryingVariants<T: Decodable>(_ type: T.Type, _ probe: InferencePass.Probe) -> (
        pass: InferencePass, result: Result<T, any Error>, refusal: (any Error)?
    ) {
        var probe = probe
        var refusal: (any Error)?
        while true {
            let (pass, result) = run(type, probe)
            guard case .failure(let error) = result, !InferencePass.isProbeError(error), !(error is InferenceStop),
                probe.variant + 1 < placeholders.variantCount, runs < Self.runBudget
            else {
                return (pass, result, refusal)
            }
            refusal = refusal ?? error
            probe.variant += 1
        }
    }

    private func inferByDecoding<T: Decodable>(_ type: T.Type) -> Inferred {
        let id = ObjectIdentifier(type)
        let raws = Self.rawValues(of: type)
        var probe = InferencePass.Probe()
        probe.rootValue = raws?.first
        let missesBefore = recursionMisses
        var (base, result, refusal) = runTryingVariants(type, probe)
        if let listKeys = base.listRootKeys {
            let names = listKeys()
            if case .success(let value) = result, names?.isEmpty ?? true {
                // Reads whatever keys are present, like a dictionary: nothing to offer one by one.
                let note =
                    "init(from:) reads whichever keys are present (allKeys) and their names cannot be listed, so the keys it accepts are not inferred"
                return Inferred(
                    schema: base.root.schema().setting(PaySizeKeyword.note.rawValue, to: .string(note)), value: value)
            }
            return inferCases(of: type, names: names)
        }
        if case .success(let value) = result {
            provisional[id] = value
            if recursionMisses > missesBefore {
                // Something inside needed a value of this type before there was one; now there is.
                (base, result, refusal) = runTryingVariants(
                    type, InferencePass.Probe(variant: base.probe.variant, rootValue: raws?.first))
            }
        }
        guard case .success(let value) = result else {
            let error = Self.failure(of: result)
            var schema = base.root.schema()
            let stopped = Self.stoppedNote(for: type, error: error)
            if base.root.kind == .unknown {
                schema = .object([(PaySizeKeyword.note.rawValue, .string(stopped))])
            } else {
                schema = Self.keepingOtherKeys(Self.adding(stopped, to: schema))
            }
            return Inferred(schema: schema, value: nil, reason: error.map(Self.shortDescription) ?? "it cannot be made")
        }
        var schema = analyze(type, base: base, depth: 0)
        if let refusal {
            schema = Self.adding(
                "init(from:) of '\(type)' refuses some values it reads (\(Self.shortDescription(of: refusal))), which inference cannot list: servers must send values the app accepts",
                to: schema)
        }
        if base.root.kind == .single, type is any RawRepresentable.Type {
            schema = restrictToRawValues(type, schema: schema, raws: raws, variant: base.probe.variant)
        }
        return Inferred(schema: schema, value: value)
    }

    /// A raw-value type read as one value: when it refuses a raw value it does not list, only
    /// its listed values are valid (unless it falls back, as forward-compatible enums do).
    private func restrictToRawValues<T: Decodable>(
        _ type: T.Type, schema: JSONElement, raws: [Any]?, variant: Int
    ) -> JSONElement {
        guard let raws else {
            var probe = InferencePass.Probe(variant: variant)
            probe.site = .root
            probe.fault = .unusual
            if case .failure = run(type, probe).1 {
                return Self.adding(
                    "the raw values of '\(type)' cannot be listed, so any value of its raw type is accepted here: make it CaseIterable",
                    to: schema)
            }
            return schema
        }
        var probe = InferencePass.Probe(variant: variant)
        probe.rootValue = Self.unlistedRawValue(besides: raws)
        if probe.rootValue != nil, case .success = run(type, probe).1 {
            // It falls back on values it does not list: any value of its raw type decodes, and is
            // written as one of its cases.
            return Self.withWrittenCases(of: type, schema: schema)
        }
        let elements = raws.compactMap(Self.rawElement)
        guard elements.count == raws.count, let first = elements.first,
            elements.allSatisfy({ $0.type == first.type })
        else { return schema }
        var members: [(String, JSONElement)] = [
            ("type", .string(first.type)), ("enum", .array(elements.map(\.value))),
        ]
        if let number = first.number { members.append((PaySizeKeyword.number.rawValue, .string(number.rawValue))) }
        for key in ["description", PaySizeKeyword.note.rawValue] {
            if let kept = schema[key] { members.append((key, kept)) }
        }
        return .object(members)
    }

    /// The raw values of a raw-value enum whose cases can be listed, else `nil`.
    static func rawValues<T>(of type: T.Type) -> [Any]? {
        guard type is any RawRepresentable.Type, let cases = EnumCases.values(of: type) else { return nil }
        let raws = cases.compactMap { ($0 as? any RawRepresentable)?.rawValue }
        return raws.count == cases.count && !raws.isEmpty ? raws : nil
    }

    /// An enum with associated values: offer each case's key alone and record what it reads.
    private func inferCases<T: Decodable>(of type: T.Type, names: [String]?) -> Inferred {
        guard let names, !names.isEmpty else {
            return Inferred(
                schema: .object([
                    ("type", .string("object")),
                    (
                        PaySizeKeyword.note.rawValue,
                        .string(
                            "'\(type)' reads its keys with allKeys (an enum with associated values?) and its cases could not be listed, so its shape is not inferred"
                        )
                    ),
                ]),
                value: nil, reason: "its cases could not be listed")
        }
        var branches: [JSONElement] = []
        var value: Any?
        var runs = names.map { run(type, InferencePass.Probe(), offeredKey: $0) }
        if let made = runs.lazy.compactMap({ try? $0.1.get() }).first {
            // A case that needs a value of the enum itself (`indirect`) can have one now.
            provisional[ObjectIdentifier(type)] = made
            for index in runs.indices where (try? runs[index].1.get()) == nil {
                runs[index] = run(type, InferencePass.Probe(), offeredKey: names[index])
            }
        }
        for (name, (pass, result)) in zip(names, runs) {
            let caseSchema = pass.root.properties.first(where: { $0.key == name })?.value.schema() ?? .object([])
            // `JSONDecoder` refuses an object with two case keys; other keys are ignored.
            let others = names.filter { $0 != name }.map { ($0, JSONElement.bool(false)) }
            var branch = JSONElement.object([
                ("type", .string("object")),
                ("properties", .object([(name, caseSchema)] + others)),
                ("required", .array([.string(name)])),
            ])
            switch result {
            case .success(let made):
                if value == nil { value = made }
            case .failure(let error):
                if !(error is InferenceStop) {
                    branch = branch.setting(
                        PaySizeKeyword.note.rawValue, to: .string(Self.stoppedNote(for: type, error: error)))
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

    // MARK: - Notes

    /// `schema` with `note` added to its `x-paysize-note`.
    static func adding(_ note: String, to schema: JSONElement) -> JSONElement {
        guard schema.members != nil else { return schema }
        let key = PaySizeKeyword.note.rawValue
        if let existing = schema[key]?.stringValue {
            if existing.contains(note) { return schema }
            return schema.setting(key, to: .string(existing + "; " + note))
        }
        return schema.setting(key, to: .string(note))
    }

    private static func failure<T>(of result: Result<T, any Error>) -> (any Error)? {
        if case .failure(let error) = result { return error }
        return nil
    }

    private static func stoppedNote<T>(for type: T.Type, error: (any Error)?) -> String {
        let reason = error.map(shortDescription) ?? "no value"
        return
            "init(from:) of '\(type)' stopped (\(reason)); keys it reads after that are not in this schema: give infer(from:examples:) a value of it"
    }

    /// An object schema that says other keys may be read too (inference did not see them all),
    /// so a key it does not list is not reported as ignored by the device.
    static func keepingOtherKeys(_ schema: JSONElement) -> JSONElement {
        guard schema["type"]?.stringValue == "object" || schema["properties"] != nil,
            schema["additionalProperties"] == nil
        else { return schema }
        return schema.setting("additionalProperties", to: .bool(true))
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
}
