import Foundation
@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// What the device accepts but surely misreads, found beside a schema's violations: keys the
/// schema does not know (the device ignores them; one that differs only in case style was meant
/// for another), and `Date` numbers that look like Unix time (<doc:DeviceDecoding>).
///
/// These are the product's heuristics, not the JSON Schema engine's: the engine reports what a
/// draft 2020-12 validator refuses, and ``PayloadContract`` adds these as `suspicious` findings.
package struct DeviceSuspicions {
    let schema: CompiledSchema
    let validator: SchemaValidator
    private let cache = Cache()

    private final class Cache {
        var known: [ValueKey: [PayloadFinding]] = [:]
    }

    /// A scanned value under one node; built values (empty range) are not cached.
    private struct ValueKey: Hashable {
        var node: Int
        var start: Int
        var end: Int
        var size: Int

        init?(_ node: Int, _ instance: JSONElement) {
            guard !instance.byteRange.isEmpty else { return nil }
            self.node = node
            start = instance.byteRange.lowerBound
            end = instance.byteRange.upperBound
            size = instance.compactByteCount
        }
    }

    package init(validator: SchemaValidator) {
        self.schema = validator.schema
        self.validator = validator
    }

    /// `findings` without repeats, in order: two routes to one node report a problem once.
    private static func unique(_ findings: [PayloadFinding]) -> [PayloadFinding] {
        guard findings.count > 1 else { return findings }
        var seen: Set<PayloadFinding> = []
        return findings.filter { seen.insert($0).inserted }
    }

    /// Findings made at this level point at this value.
    private static func locating(_ findings: [PayloadFinding], at instance: JSONElement) -> [PayloadFinding] {
        guard !instance.byteRange.isEmpty else { return findings }
        return findings.map { finding in
            var located = finding
            if located.byteOffset == nil { located.byteOffset = instance.byteRange.lowerBound }
            return located
        }
    }

    package func suspicions(about instance: JSONElement, at path: JSONPointer) -> [PayloadFinding] {
        suspicions(schema.root, instance, path, depth: 0)
    }

    /// The nodes that apply to `instance` at one place: the node, what it references, its `allOf`,
    /// and the `anyOf`/`oneOf` alternatives the value satisfies.
    /// Each node is collected once, however many routes lead to it (`visited`), which also ends loops.
    private func applicable(
        _ index: Int, _ instance: JSONElement, depth: Int, into views: inout [CompiledSchema.Node],
        visited: inout Set<Int>
    ) {
        guard depth < SchemaValidator.maximumDepth, visited.insert(index).inserted else { return }
        let node = schema.nodes[index]
        views.append(node)
        if let reference = node.inPlace.reference {
            applicable(reference, instance, depth: depth + 1, into: &views, visited: &visited)
        }
        for branch in node.inPlace.allOf ?? [] {
            applicable(branch, instance, depth: depth + 1, into: &views, visited: &visited)
        }
        for branch in (node.inPlace.anyOf ?? []) + (node.inPlace.oneOf ?? [])
        where validator.accepts(branch, instance, depth: depth + 1) {
            applicable(branch, instance, depth: depth + 1, into: &views, visited: &visited)
        }
        if let target = node.inPlace.dynamicReference {
            applicable(target, instance, depth: depth + 1, into: &views, visited: &visited)
        }
        for branch in validator.conditionalBranches(index, instance, depth: depth, includingIf: true) {
            applicable(branch, instance, depth: depth + 1, into: &views, visited: &visited)
        }
    }

    private func suspicions(_ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int) -> [PayloadFinding]
    {
        let key = ValueKey(index, instance)
        if let key, let known = cache.known[key] { return known }
        let found = Self.unique(Self.locating(suspicionsHere(index, instance, path, depth: depth), at: instance))
        if let key { cache.known[key] = found }
        return found
    }

    /// The walk follows the validator's: one level per schema applied inside another, and none
    /// past ``SchemaValidator/maximumDepth``, where the validator already refuses the value.
    private func suspicionsHere(_ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int)
        -> [PayloadFinding]
    {
        guard depth < SchemaValidator.maximumDepth else { return [] }
        var views: [CompiledSchema.Node] = []
        var visited: Set<Int> = []
        applicable(index, instance, depth: depth, into: &views, visited: &visited)
        var found: [PayloadFinding] = []
        if views.contains(where: \.isReferenceDate), let seconds = instance.doubleValue {
            found += dateSuspicion(seconds, path)
        }
        if let members = instance.members {
            let describing = views.filter(\.object.hasPropertiesKeyword)
            let knownKeys = describing.flatMap { $0.object.properties.map(\.key) }
            let known = StringEquality.Keys(knownKeys, schema.stringEquality)
            let additional =
                views.compactMap(\.object.additionalProperties) + views.compactMap(\.object.unevaluatedProperties)
            for member in members {
                let memberPath = path.appending(member.key)
                let patterned = describing.flatMap(\.object.patternProperties).filter {
                    SchemaValidator.matches($0.pattern, member.key)
                }
                for pattern in patterned {
                    found += suspicions(pattern.node, member.value, memberPath, depth: depth + 1)
                }
                if known.contains(member.key) {
                    for view in describing {
                        for property in view.object.properties
                        where schema.stringEquality.equal(property.key, member.key) {
                            found += suspicions(property.node, member.value, memberPath, depth: depth + 1)
                        }
                    }
                } else if !patterned.isEmpty {
                    continue
                } else if !additional.isEmpty {
                    for node in additional { found += suspicions(node, member.value, memberPath, depth: depth + 1) }
                } else if !describing.isEmpty {
                    var finding = unknownKey(member.key, known: Set(knownKeys), memberPath)
                    if !member.keyRange.isEmpty { finding.byteOffset = member.keyRange.lowerBound }
                    found.append(finding)
                }
            }
        }
        if let elements = instance.elements {
            for (offset, element) in elements.enumerated() {
                for view in views {
                    var node = offset < view.array.prefixItems.count ? view.array.prefixItems[offset] : view.array.items
                    if validator.checksPaySizeKeywords, let pairs = view.array.pairs {
                        node = offset % 2 == 0 ? pairs.key : pairs.value
                    }
                    if let node {
                        found += suspicions(node, element, path.appending(index: offset), depth: depth + 1)
                    }
                }
            }
        }
        return found
    }

    private func unknownKey(_ key: String, known: Set<String>, _ path: JSONPointer) -> PayloadFinding {
        if let meant = known.sorted().first(where: { SchemaValidator.similarKey(to: $0, in: [key]) != nil }) {
            return PayloadFinding(
                path: path, code: .suspicious,
                message:
                    "unknown key '\(SchemaValidator.shown(key))' is ignored by the device; it looks like '\(SchemaValidator.shown(meant))' in another case style",
                fix:
                    "send '\(SchemaValidator.shown(meant))' as the app's CodingKeys spell it: do not use .convertToSnakeCase"
            )
        }
        return PayloadFinding(
            path: path, code: .suspicious,
            message: "unknown key '\(SchemaValidator.shown(key))' is ignored by the device",
            fix: "remove '\(SchemaValidator.shown(key))', or add it to the app's type if the app should read it")
    }

    private func dateSuspicion(_ seconds: Double, _ path: JSONPointer) -> [PayloadFinding] {
        // <doc:DeviceDecoding>: a Date counts from 2001, `aps.timestamp` from 1970.
        if seconds >= PayloadSchema.unixMillisecondsThreshold {
            let meant = Date(timeIntervalSince1970: seconds / 1000)
            return [
                PayloadFinding(
                    path: path, code: .suspicious,
                    message:
                        "a Date of \(SchemaValidator.text(seconds)) looks like Unix milliseconds (\(SchemaValidator.day(meant))); the device reads seconds since 2001-01-01",
                    fix: "send seconds since 2001-01-01: milliseconds / 1000 − 978307200")
            ]
        }
        guard seconds >= PayloadSchema.unixSecondsThreshold else { return [] }
        let shown = Date(timeIntervalSinceReferenceDate: seconds)
        let meant = Date(timeIntervalSince1970: seconds)
        return [
            PayloadFinding(
                path: path, code: .suspicious,
                message:
                    "a Date of \(SchemaValidator.text(seconds)) looks like Unix seconds: the device shows \(SchemaValidator.day(shown)) instead of \(SchemaValidator.day(meant)), 978307200 s (~31 years) late",
                fix: "subtract 978307200 (send seconds since 2001-01-01), or encode with .deferredToDate")
        ]
    }
}
