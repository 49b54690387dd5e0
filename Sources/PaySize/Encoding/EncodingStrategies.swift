import Foundation

/// The options of a ``PayloadEncoder`` other than `outputFormatting`, in one immutable box.
///
/// Four strategies (three of them can carry a closure) and `userInfo` would make the encoder a
/// struct of several words with a reference in each, and every copy of it (a `var` encoder
/// captured by a closure is copied out on each call) would copy each and retain each
/// reference. Boxed, a copy is one retain, and none while every option is the default (the
/// encoder holds nil then). A setter makes a new box: options are set once and read on every
/// call. Whether a call needs them kept is then a nil check instead of four pattern matches;
/// ``EncodingSession`` holds the caller's box for the call, or ``defaults``.
final class EncodingStrategies: Sendable {
    struct Values: Sendable {
        var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate
        var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64
        var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
        var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]

        /// Every strategy is the default and `userInfo` is empty.
        var areDefaults: Bool {
            guard case .deferredToDate = dateEncodingStrategy, case .base64 = dataEncodingStrategy,
                case .useDefaultKeys = keyEncodingStrategy, case .throw = nonConformingFloatEncodingStrategy
            else { return false }
            return userInfo.isEmpty
        }
    }

    let values: Values

    /// The defaults, the one place they are stated (``Values``'s initial values), for reading
    /// an encoder that holds no box.
    static let defaults = EncodingStrategies(Values())

    private init(_ values: Values) {
        self.values = values
    }

    /// A box for `values`, or nil when they are all the defaults.
    static func boxing(_ values: Values) -> EncodingStrategies? {
        values.areDefaults ? nil : EncodingStrategies(values)
    }
}
