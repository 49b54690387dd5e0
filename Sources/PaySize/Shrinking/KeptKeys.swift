/// Keys the app cannot rename: well-known push SDKs' own keys and the caller's patterns.
///
/// A kept key never gets shorter keys, and nothing below it is changed: an SDK decodes its own
/// members. Patterns match a whole key; `*` stands for any run of characters (`sdk_*`,
/// `*Id`). The SDK keys and their sources are listed in <doc:PushSDKKeys>.
struct KeptKeys: Sendable {
    /// Keys well-known push SDKs put inside the app's regions (`content-state`, `attributes`).
    ///
    /// OneSignal's Live Activity SDK (`OneSignalLiveActivities`) requires a member named
    /// `onesignal` in both the attributes and the content state (`OneSignalLiveActivityAttributeData`,
    /// `OneSignalLiveActivityContentStateData`); its server fills it. Pushwoosh and Dengage copy
    /// the design with `pushwoosh` and `dengage` (see ``sdkShapes``).
    static let pushSDKKeys = sdkShapes.map(\.marker)

    /// A push SDK's whole content-state (and attributes) shape: its own member, and the members
    /// its default attributes type declares beside it, which the SDK decodes too.
    struct SDKShape: Sendable {
        /// The SDK's own member, filled by its server: nothing below it ever changes.
        var marker: String
        /// Members the SDK's default type declares beside the marker (`data`, a
        /// `[String: AnyCodable]` holding the app's values): kept by name and whole, never
        /// renamed, folded, packed or turned into enums.
        var siblings: [String]
    }

    /// The shapes of push SDKs with a Live Activity payload of their own, each sourced in
    /// <doc:PushSDKKeys>: OneSignal (`onesignal`, and `data` in its `DefaultLiveActivityAttributes`),
    /// Pushwoosh (`pushwoosh` + `data`) and Dengage (`dengage` + `data`).
    static let sdkShapes = [
        SDKShape(marker: "onesignal", siblings: ["data"]),
        SDKShape(marker: "pushwoosh", siblings: ["data"]),
        SDKShape(marker: "dengage", siblings: ["data"]),
    ]

    /// The keys of an app region's root that belong to an SDK's shape: a marker, and its
    /// siblings when the marker is there.
    static func sdkShapeKeys(amongKeys keys: [String]) -> [String] {
        var shape: [String] = []
        for sdk in sdkShapes where keys.contains(sdk.marker) {
            shape.append(sdk.marker)
            shape += sdk.siblings.filter { keys.contains($0) && !shape.contains($0) }
        }
        return shape
    }

    let patterns: [String]

    init(_ patterns: [String]) {
        self.patterns = Self.pushSDKKeys + patterns
    }

    /// Whether `key` is kept as it is.
    func contains(_ key: String) -> Bool {
        patterns.contains { Self.matches(Array(key), Array($0)[...], keyIndex: 0) }
    }

    private static func matches(_ key: [Character], _ pattern: ArraySlice<Character>, keyIndex: Int) -> Bool {
        guard let first = pattern.first else { return keyIndex == key.count }
        if first == "*" {
            let rest = pattern.dropFirst()
            for start in keyIndex...key.count where matches(key, rest, keyIndex: start) { return true }
            return false
        }
        guard keyIndex < key.count, key[keyIndex] == first else { return false }
        return matches(key, pattern.dropFirst(), keyIndex: keyIndex + 1)
    }
}
