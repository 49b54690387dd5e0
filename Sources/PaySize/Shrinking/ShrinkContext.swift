@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// What a shrinking strategy sees: the payload, its series, and where the app's types decode.
package struct ShrinkContext: Sendable {
    /// The payload as scanned.
    package let payload: JSONElement
    /// The bytes the payload was scanned from.
    package let jsonBytes: [UInt8]
    /// The measured size (compact; for an attributes and content-state pair, their sum).
    package let byteCount: Int
    /// Every payload of the series the payload belongs to (this one included), or just this one.
    package let series: [JSONElement]
    /// Where the app's `Codable` types decode, so where keys and types may change:
    /// `/aps/content-state` and `/aps/attributes` in a push payload, the root of a bare content
    /// state, `/attributes` and `/content-state` for a pair of Swift values. The rest of `aps`
    /// is Apple's and never changes.
    package let appRegions: [JSONPointer]
    /// The budget the report judges by.
    package let budget: PayloadBudget
    /// The tier the plan aims for.
    package let target: SizeTier
    /// Whether the payload's strings escape `/` (new strings are written the same way).
    package let escapesSlashes: Bool
    /// The app's schema for a region, when known (`--schema`, or inferred from Swift types).
    let schemas: [JSONPointer: PayloadSchema]
    /// The size of the payload as written, when it came from a file or bytes.
    let writtenByteCount: Int?
    /// Every value inside ``appRegions`` that strategies may change, in document order: the
    /// values under a kept key (see ``KeptKeys``) are left out.
    let values: [ShrinkValue]
    /// The keys no strategy renames or changes below.
    let keptKeys: KeptKeys
    /// ActivityKit's figure as each writer writes it (<doc:WhatTheDeviceCounts>), or `nil` when
    /// the payload holds nothing ActivityKit counts.
    let device: WrittenByteCounts?
    /// Where ActivityKit's figure is counted (see ``ShrinkDocument/devicePaths``).
    let devicePaths: [JSONPointer]
    /// Which end a cut of unordered items keeps, when the caller said (``ShrinkAdvisor/keptEnd``).
    let keptEnd: ArrayOrder.End?
    /// The folded paths of arrays that are paths on the map, in any shape (see ``CoordinatePath``):
    /// their numbers are coordinates whatever their keys say.
    let coordinatePaths: Set<JSONPointer>
    /// Members that make up a push SDK's content-state or attributes shape (see
    /// ``KeptKeys/sdkShapes``): no strategy renames, folds, packs or turns into enums anything
    /// at or below them.
    package let sdkShapePaths: [JSONPointer]
    /// ``values`` without those inside a push SDK's shape (see ``sdkShapePaths``): what the
    /// strategies that rename keys, fold them, pack them or change a value's type may touch.
    let reshapableValues: [ShrinkValue]

    init(
        payload: JSONElement, jsonBytes: [UInt8], byteCount: Int, series: [JSONElement], appRegions: [JSONPointer],
        budget: PayloadBudget, target: SizeTier, escapesSlashes: Bool, schemas: [JSONPointer: PayloadSchema],
        writtenByteCount: Int?, keptKeys: KeptKeys = KeptKeys([]), device: WrittenByteCounts? = nil,
        devicePaths: [JSONPointer] = [], keptEnd: ArrayOrder.End? = nil
    ) {
        self.keptEnd = keptEnd
        self.payload = payload
        self.jsonBytes = jsonBytes
        self.byteCount = byteCount
        self.series = series
        self.appRegions = appRegions
        self.budget = budget
        self.target = target
        self.escapesSlashes = escapesSlashes
        self.schemas = schemas
        self.writtenByteCount = writtenByteCount
        self.keptKeys = keptKeys
        self.device = device
        self.devicePaths = devicePaths
        self.values = Self.changeable(ShrinkValue.all(in: payload, regions: appRegions), keptKeys: keptKeys)
        var coordinatePaths: Set<JSONPointer> = []
        for value in values {
            if let elements = value.element.elements,
                CoordinatePath.shape(of: elements, key: value.path.folded.lastKey) != nil
            {
                coordinatePaths.insert(value.path.folded)
            }
        }
        self.coordinatePaths = coordinatePaths
        let sdkShapePaths = appRegions.flatMap { region in
            payload.descendant(at: region)?.members.map { members in
                KeptKeys.sdkShapeKeys(amongKeys: members.map(\.key)).map { region.appending($0) }
            } ?? []
        }
        self.sdkShapePaths = sdkShapePaths
        self.reshapableValues =
            sdkShapePaths.isEmpty
            ? values : values.filter { value in !sdkShapePaths.contains { value.path.folded.hasPrefix($0) } }
    }

    /// Whether the payload is at its target already, on the body and on ActivityKit's figure:
    /// then no cut is offered.
    var isAtTarget: Bool {
        guard byteCount <= budget.largestByteCount(in: target) else { return false }
        guard let device = judgedDevice else { return true }
        return device.byteCount <= budget.activityKitBudget.largestByteCount(in: target)
    }

    /// Whether the value at `path` (folded or not) is, or is inside, a push SDK's shape.
    package func isInSDKShape(_ path: JSONPointer) -> Bool {
        sdkShapePaths.contains { path.folded.hasPrefix($0) }
    }

    /// What the numbers at the folded `path` mean: coordinates inside a path on the map (a flat
    /// array's numbers, a pair's), else as their keys say (``NumberMeaning/of(_:sample:)``).
    func meaning(of path: JSONPointer, sample: Double?) -> NumberMeaning {
        if path.components.last == .anyIndex {
            if coordinatePaths.contains(path.parent) { return .coordinate }
            if path.parent.components.last == .anyIndex, coordinatePaths.contains(path.parent.parent) {
                return .coordinate
            }
        }
        return NumberMeaning.of(path, sample: sample)
    }

    /// `values` without those at or below a kept key (inside their region).
    private static func changeable(_ values: [ShrinkValue], keptKeys: KeptKeys) -> [ShrinkValue] {
        values.filter { value in
            let inner = value.path.components.dropFirst(value.region.components.count)
            return !inner.contains { component in
                if case .key(let key) = component { return keptKeys.contains(key) }
                return false
            }
        }
    }

    /// The writer the budget judges ActivityKit's figure by, and its count, when there is one.
    var judgedDevice: (writer: JSONWriter, byteCount: Int)? {
        device?.judged(by: budget.deviceWriter)
    }

    /// Whether ActivityKit counts the value at `path` on the device.
    func isDeviceCounted(_ path: JSONPointer) -> Bool {
        devicePaths.contains { path.hasPrefix($0) }
    }

    /// The compact JSON of the value at `pointer` (whitespace outside strings removed, tokens
    /// as written), or `nil` when the payload has no value there.
    package func compactJSONBytes(at pointer: JSONPointer) -> [UInt8]? {
        payload.descendant(at: pointer)?.compactJSONBytes(in: jsonBytes)
    }

    /// The app's schema for a region, when the report knows it.
    package func schema(forRegion region: JSONPointer) -> PayloadSchema? {
        schemas[region]
    }

    /// The app's schema for the value at `path` (a `*` reads `items`), when a region's schema is known.
    func schema(at path: JSONPointer) -> (view: ShrinkSchemaView, schema: Int)? {
        for (region, schema) in schemas {
            let prefix = region
            guard path.hasPrefix(prefix) else { continue }
            let view = ShrinkSchemaView(schema)
            return view.schema(at: path.components[prefix.components.count...]).map { (view, $0) }
        }
        return nil
    }

    /// The values of every series payload (this one's if there is no series) inside the app
    /// regions; with `reshapable`, without those inside a push SDK's shape.
    func seriesValues(reshapable: Bool = false) -> [[ShrinkValue]] {
        series.map { payload in
            let values = Self.changeable(ShrinkValue.all(in: payload, regions: appRegions), keptKeys: keptKeys)
            return reshapable ? values.filter { !isInSDKShape($0.path) } : values
        }
    }

}
