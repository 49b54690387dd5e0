@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// Measures every shrinking strategy on a payload and plans the smallest set of changes that
/// reaches a target tier.
///
/// Each strategy proposes edits; each edit is applied to the payload and the result measured,
/// so every ``ShrinkSuggestion/savedBytes`` is an exact byte difference, never an estimate.
/// Each is measured on ActivityKit's figure too, the content state (with a start's attributes)
/// as the device writes it under both of Foundation's writers (``ShrinkSuggestion/deviceSavedBytes``,
/// by the budget's ``PayloadBudget/deviceWriter``; <doc:WhatTheDeviceCounts>). The plan applies
/// the chosen suggestions together and measures again, since savings interact, and reaches its
/// target only when the body and the device's figure both do.
///
/// From JSON (a push payload, or a bare content state):
///
/// ```swift
/// let report = try ShrinkAdvisor(target: .safe).report(forJSONBytes: payload)
/// for suggestion in report.suggestions { print(suggestion) }
/// // shorter CodingKeys for 9 keys at /aps/content-state/legs/*: saves 1104 bytes (3707 → 2603, monitor); app change
/// print(report.plan.byteCount, report.plan.tier, report.plan.reachesTarget)
/// ```
///
/// From Swift values, encoded as the device encodes them, with the schema inferred from the
/// types (so optional keys, `Date` fields and enums are known):
///
/// ```swift
/// let report = try ShrinkAdvisor().report(attributes: attributes, contentState: state)
/// report.bestSuggestion?.description
/// ```
///
/// In a push payload only `aps.content-state` and `aps.attributes` change shape (the rest of
/// `aps` is Apple's); escaping suggestions apply everywhere.
public struct ShrinkAdvisor: Sendable {
    /// The limit and tier thresholds, and the writer ActivityKit's figure is judged by
    /// (``PayloadBudget/deviceWriter``); default 4096 bytes, both writers.
    public var budget: PayloadBudget
    /// The tier the plan must reach (at or below); default ``SizeTier/safe``.
    public var target: SizeTier
    /// Whether lossy suggestions (trimmed text, rounded numbers, dropped items) may join the
    /// plan; they are reported either way. Default `false`.
    public var allowsLossy: Bool
    /// The strategies run, in turn; default ``ShrinkStrategy/standard``.
    public var strategies: [ShrinkStrategy]
    /// The app's content-state schema: a suggestion whose result it would reject becomes an
    /// ``ShrinkContractChange/app`` change. Inferred from the type by the Swift-value entry points.
    public var contentStateSchema: PayloadSchema?
    /// The app's attributes schema, used the same way for `aps.attributes`.
    public var attributesSchema: PayloadSchema?
    /// Keys the app cannot rename (a push SDK's, a partner's): patterns matching a whole key,
    /// `*` for any run of characters. No suggestion renames them or changes what they hold.
    /// Well-known push SDKs' keys are kept without being listed (see <doc:PushSDKKeys>).
    /// Default none.
    public var keptKeys: [String] = []
    /// Which end of an array to keep when nothing in its items orders them (no date, rank,
    /// sequence or other member that strictly rises or falls); `paysize suggest --keep
    /// first|last`. Left `nil` (the default), such a cut says "order unknown: keep which end?",
    /// never joins the plan and is listed after every other suggestion.
    public var keptEnd: KeptEnd?

    /// Which end of an unordered array a cut keeps (see ``ShrinkAdvisor/keptEnd``).
    public enum KeptEnd: Sendable, Hashable, CaseIterable {
        /// The items sent first.
        case first
        /// The items sent last.
        case last

        /// `first` or `last`, as `--keep` spells it.
        package var name: String {
            switch self {
            case .first: "first"
            case .last: "last"
            }
        }

        /// The end `--keep` names, or `nil` for another name.
        package init?(name: String) {
            guard let end = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = end
        }
    }

    /// An advisor; every parameter has the default documented on its property.
    public init(
        budget: PayloadBudget = PayloadBudget(), target: SizeTier = .safe, allowsLossy: Bool = false,
        strategies: [ShrinkStrategy] = ShrinkStrategy.standard
    ) {
        self.budget = budget
        self.target = target
        self.allowsLossy = allowsLossy
        self.strategies = strategies
    }

    /// Measures a payload given as JSON: a push payload (with `aps`) or a bare content state.
    ///
    /// - Parameters:
    ///   - jsonBytes: One JSON text.
    ///   - series: Other payloads of the same activity (this one may be among them): they show
    ///     which values a string takes (for enums) and which members never change (for
    ///     `ActivityAttributes`). Default none.
    ///   - maximumDepth: The deepest nesting accepted; default 512.
    /// - Returns: The breakdown, every measured suggestion and the plan.
    /// - Throws: `JSONScanError` when `jsonBytes` or a series payload is not one strict JSON text.
    public func report(
        forJSONBytes jsonBytes: [UInt8], series: [[UInt8]] = [], maximumDepth: Int = 512
    ) throws -> ShrinkReport {
        let root = try JSONScanner.scan(jsonBytes, maximumDepth: maximumDepth)
        let others = try series.map { try JSONScanner.scan($0, maximumDepth: maximumDepth) }
        return report(payload: root, jsonBytes: jsonBytes, series: others)
    }

    /// Measures a scanned payload; `series` as in ``report(forJSONBytes:series:maximumDepth:)``.
    func report(payload root: JSONElement, jsonBytes: [UInt8], series: [JSONElement]) -> ShrinkReport {
        let regions = Self.appRegions(of: root)
        var schemas: [JSONPointer: PayloadSchema] = [:]
        for region in regions {
            let isAttributes = region == JSONPointer("aps", "attributes")
            if let schema = isAttributes ? attributesSchema : contentStateSchema { schemas[region] = schema }
        }
        let written = jsonBytes.count != root.compactByteCount ? jsonBytes.count : nil
        return report(
            document: ShrinkDocument(root: root, source: jsonBytes), payload: root, jsonBytes: jsonBytes,
            series: series.isEmpty ? [root] : series, regions: regions, schemas: schemas, writtenByteCount: written)
    }

    /// Measures a Live Activity's attributes and content state together, ActivityKit's figure.
    ///
    /// Both are encoded with ``PayloadEncoder`` and the device's default strategies (keys
    /// sorted, so reports are stable). Paths start with `/attributes` or `/content-state`; the
    /// schema of each is inferred from its type, so a suggestion either type would reject is
    /// an ``ShrinkContractChange/app`` change and nil optionals already omitted are listed at 0 bytes.
    ///
    /// - Returns: The report; ``ShrinkReport/byteCount`` is the sum of the two encoded sizes.
    /// - Throws: `EncodingError` when a value cannot be encoded (a NaN, say).
    public func report<Attributes: Codable, ContentState: Codable>(
        attributes: Attributes, contentState: ContentState
    ) throws -> ShrinkReport {
        let attributesBytes = try Self.encoder.encodeBytes(attributes)
        let stateBytes = try Self.encoder.encodeBytes(contentState)
        let wrapper =
            Array(#"{"attributes":"#.utf8) + attributesBytes + Array(#","content-state":"#.utf8) + stateBytes + [0x7D]
        let root = try Self.scanEncoded(wrapper)
        let regions = [JSONPointer("attributes"), JSONPointer("content-state")]
        let schemas = [
            regions[0]: attributesSchema ?? PayloadSchema.infer(from: Attributes.self),
            regions[1]: contentStateSchema ?? PayloadSchema.infer(from: ContentState.self),
        ]
        let document = ShrinkDocument(
            root: root, source: wrapper, measuredPaths: regions,
            devicePaths: regions)
        return report(
            document: document, payload: root, jsonBytes: wrapper, series: [root], regions: regions, schemas: schemas,
            writtenByteCount: nil)
    }

    /// Measures a content state alone, as an update push carries it; paths start at the state's root.
    ///
    /// - Throws: `EncodingError` when the value cannot be encoded.
    public func report<ContentState: Codable>(contentState: ContentState) throws -> ShrinkReport {
        let bytes = try Self.encoder.encodeBytes(contentState)
        let root = try Self.scanEncoded(bytes)
        let schemas = [JSONPointer.root: contentStateSchema ?? PayloadSchema.infer(from: ContentState.self)]
        return report(
            document: ShrinkDocument(root: root, source: bytes), payload: root, jsonBytes: bytes, series: [root],
            regions: [.root], schemas: schemas, writtenByteCount: nil)
    }

    private static let encoder: PayloadEncoder = {
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// Scans what ``PayloadEncoder`` wrote; a repeated key (a custom `encode(to:)` may write one,
    /// and the last write wins in Foundation) is kept rather than refused.
    private static func scanEncoded(_ bytes: [UInt8]) throws -> JSONElement {
        try JSONScanner.scan(bytes, duplicateKeys: .allow)
    }

    /// Where the app's types decode: a push payload's `content-state` and `attributes`, else the root.
    static func appRegions(of root: JSONElement) -> [JSONPointer] {
        guard let aps = root["aps"], aps.members != nil else { return [.root] }
        var regions: [JSONPointer] = []
        if aps["attributes"]?.members != nil { regions.append(JSONPointer("aps", "attributes")) }
        if aps["content-state"]?.members != nil { regions.append(JSONPointer("aps", "content-state")) }
        return regions
    }

    private func report(
        document: ShrinkDocument, payload: JSONElement, jsonBytes: [UInt8], series: [JSONElement],
        regions: [JSONPointer], schemas: [JSONPointer: PayloadSchema], writtenByteCount: Int?
    ) -> ShrinkReport {
        let standing = document.standing
        let before = standing.byteCount
        let context = ShrinkContext(
            payload: payload, jsonBytes: jsonBytes, byteCount: before, series: series, appRegions: regions,
            budget: budget, target: target, escapesSlashes: document.escapesSlashes, schemas: schemas,
            writtenByteCount: writtenByteCount, keptKeys: KeptKeys(keptKeys), device: standing.device,
            devicePaths: document.devicePaths, keptEnd: keptEnd.map { $0 == .first ? .first : .last })
        let contract = ShrinkContractCheck(document: document, schemas: schemas)
        let judgedBefore = standing.judgedDevice(budget)?.byteCount

        var suggestions: [ShrinkSuggestion] = []
        var zeroSavings: [ShrinkSuggestion] = []
        var usedIDs: Set<String> = []
        for strategy in strategies {
            for proposal in strategy.proposals(for: context) {
                var shrunk = document
                ShrinkEdit.apply([proposal.edit], to: &shrunk)
                let after = shrunk.standing
                let saved = before - after.byteCount
                let judgedAfter = after.judgedDevice(budget)
                let deviceSaved = judgedBefore.flatMap { judged in judgedAfter.map { judged - $0.byteCount } }
                let savesBytes = saved > 0 || (deviceSaved ?? 0) > 0
                let savesNothing = saved == 0 && (deviceSaved ?? 0) == 0
                guard savesBytes || (savesNothing && proposal.reportsWithoutSaving) else { continue }
                var id = proposal.id
                var copy = 2
                while usedIDs.contains(id) {
                    id = "\(proposal.id)#\(copy)"
                    copy += 1
                }
                usedIDs.insert(id)
                var change = proposal.contractChange
                if change < .app, savesBytes, contract.rejects(shrunk) { change = .app }
                let deviceSavings = standing.device.flatMap { device in after.device.map { device - $0 } }
                var suggestion = ShrinkSuggestion(
                    id: id, kind: proposal.kind,
                    title: proposal.title + Self.seventeenDigitNote(proposal.roundingExample, deviceSavings),
                    savedBytes: saved, byteCount: after.byteCount, newTier: budget.tier(forByteCount: after.byteCount),
                    paths: proposal.paths, contractChange: change, howToApply: proposal.howToApply,
                    isLossy: proposal.isLossy, edit: proposal.edit, original: document)
                suggestion.deviceSavedBytes = deviceSaved
                suggestion.deviceSavings = deviceSavings
                suggestion.deviceByteCount = judgedAfter?.byteCount
                suggestion.deviceWriter = judgedAfter?.writer
                suggestion.newDeviceTier = after.deviceTier(budget)
                suggestion.asksWhichEnd = proposal.asksWhichEnd
                if Self.cutKinds.contains(proposal.kind), savesBytes, !after.reaches(target, budget) {
                    suggestion.title += "; not enough alone to reach \(target)"
                }
                if savesBytes { suggestions.append(suggestion) } else { zeroSavings.append(suggestion) }
            }
        }
        // Cheapest contract change first (an app change means an App Store release, and running
        // activities keep the old form until they end), then the largest saving on the figure
        // that binds the payload (the device's when its tier is the worse), then on the other;
        // ties keep the strategies' order. A cut waiting to be told which end to keep comes after
        // every measured move: its saving is real, but which items it keeps is a guess.
        let deviceBound = standing.isDeviceBound(budget)
        suggestions = suggestions.enumerated()
            .sorted {
                let left = $0.element.rankedSavings(deviceBound: deviceBound)
                let right = $1.element.rankedSavings(deviceBound: deviceBound)
                return (
                    $0.element.asksWhichEnd ? 1 : 0, $0.element.contractChange, -left.bound, -left.other, $0.offset
                ) < ($1.element.asksWhichEnd ? 1 : 0, $1.element.contractChange, -right.bound, -right.other, $1.offset)
            }
            .map(\.element)
        let planner = ShrinkPlanner(document: document, budget: budget, target: target)
        let plannable = suggestions.filter { !$0.asksWhichEnd }
        let plan = planner.plan(from: plannable.filter { allowsLossy || !$0.isLossy })
        // What --lossy would reach, for a lossless report whose plan leaves lossy moves out.
        let lossyPlan =
            !allowsLossy && plannable.contains(where: \.isLossy) ? planner.plan(from: plannable) : nil
        return ShrinkReport(
            document: document, writtenByteCount: writtenByteCount, budget: budget, target: target,
            allowsLossy: allowsLossy, suggestions: suggestions, zeroSavings: zeroSavings, plan: plan,
            lossyPlan: lossyPlan, appRegions: regions)
    }

    /// The kinds of suggestion that cut items: one that cannot reach the target alone says so.
    static let cutKinds: Set<String> = ["cap-items", "downsample"]

    /// What a rounding's title adds when it saves nothing (or costs bytes) as Foundation's
    /// Objective-C writer writes it: that writer gives a non-integral number 17 significant
    /// digits, so `0.5312` and `0.53` are both 19 bytes on iOS 16 and in a push the device
    /// re-writes (<doc:WhatTheDeviceCounts>). Empty otherwise.
    static func seventeenDigitNote(_ example: (sent: String, rounded: String)?, _ savings: WrittenByteCounts?)
        -> String
    {
        guard let example, let objc = savings?.objc, objc <= 0 else { return "" }
        let verb = objc == 0 ? "saves nothing" : "adds \(counted(-objc, "byte"))"
        var note = "; \(verb) as iOS 16 and re-written pushes write it"
        if let sent = Double(example.sent), let rounded = Double(example.rounded), sent.isFinite, rounded.isFinite {
            let sentText = SeventeenDigitDecimal(sent)
            let roundedText = SeventeenDigitDecimal(rounded)
            if sentText.byteCount == roundedText.byteCount {
                note +=
                    ": \(example.rounded) is \(roundedText.byteCount) bytes either way (\(roundedText.text), as \(example.sent) is \(sentText.text))"
            }
        }
        return note
    }
}
