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
    /// `OneSignalLiveActivityContentStateData`); its server fills it.
    static let pushSDKKeys = ["onesignal"]

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
