/// The alert of a Live Activity push: `{title, body, sound}`, with plain or localized texts.
///
/// ```swift
/// let alert = LiveActivityAlert(title: "Order shipped", body: .localized(key: "eta.body", arguments: ["5"]), sound: "default")
/// ```
public struct LiveActivityAlert: Sendable, Equatable {
    /// A title or body: the text itself, or a key into the app's `Localizable.strings` with
    /// arguments for its format (`{"loc-key": …, "loc-args": […]}` on the wire).
    ///
    /// A string literal, with or without interpolation, is a plain text:
    /// `LiveActivityAlert(title: "Arriving in \(minutes) min", body: .localized(key: "eta"))`.
    public enum Text: Sendable, Equatable, ExpressibleByStringInterpolation {
        /// The text as shown.
        case plain(String)
        /// `loc-key` and `loc-args`: the app's localized format and its arguments.
        case localized(key: String, arguments: [String] = [])

        public init(stringLiteral value: String) {
            self = .plain(value)
        }

        public init(stringInterpolation: DefaultStringInterpolation) {
            self = .plain(String(stringInterpolation: stringInterpolation))
        }
    }

    /// The alert's title.
    public var title: Text
    /// The alert's body.
    public var body: Text
    /// A sound file name in the app bundle, `"default"`, or `nil` for a silent alert.
    public var sound: String?

    /// An alert with a plain or localized title and body.
    public init(title: Text, body: Text, sound: String? = nil) {
        self.title = title
        self.body = body
        self.sound = sound
    }

    /// An alert with plain texts held in strings.
    public init(title: String, body: String, sound: String? = nil) {
        self.init(title: .plain(title), body: .plain(body), sound: sound)
    }
}

/// The alert as `aps.alert` holds it. The alert itself is not `Encodable`: only the push builder
/// writes it, in exactly this form.
struct EncodableAlert: Encodable {
    let alert: LiveActivityAlert

    private enum CodingKeys: String, CodingKey {
        case title, body, sound
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(EncodableText(text: alert.title), forKey: .title)
        try container.encode(EncodableText(text: alert.body), forKey: .body)
        try container.encodeIfPresent(alert.sound, forKey: .sound)
    }
}

/// A title or body as `aps.alert` holds it: a string, or a localization key and its arguments.
private struct EncodableText: Encodable {
    let text: LiveActivityAlert.Text

    private enum CodingKeys: String, CodingKey {
        case key = "loc-key"
        case arguments = "loc-args"
    }

    func encode(to encoder: any Encoder) throws {
        switch text {
        case .plain(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .localized(let key, let arguments):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            if !arguments.isEmpty { try container.encode(arguments, forKey: .arguments) }
        }
    }
}
