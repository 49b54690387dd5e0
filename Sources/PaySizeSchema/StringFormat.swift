import Foundation
@_spi(Internals) import PaySizeJSON

/// The Foundation type a JSON string is decoded into: the value of the `x-paysize-format`
/// keyword. Unlike JSON Schema's `format` (an annotation most validators skip), it is an
/// assertion checked with the parser `JSONDecoder` itself uses, so a string the device refuses
/// is reported as dropped. See <doc:DeviceDecoding>.
package enum StringFormat: String, CaseIterable, Sendable {
    /// `URL(string:)` must accept it (it refuses `""`, percent-encodes most other text).
    case url = "URL"
    /// `UUID(uuidString:)` must accept it: 8-4-4-4-12 hexadecimal digits, either case.
    case uuid = "UUID"
    /// `Data(base64Encoded:)` must accept it: the standard alphabet, padded with `=`.
    case base64

    package func accepts(_ string: String) -> Bool {
        switch self {
        case .url: URL(string: string) != nil
        case .uuid: UUID(uuidString: string) != nil
        case .base64: Data(base64Encoded: string) != nil
        }
    }

    /// What to send instead, for a finding's fix.
    package var fix: String {
        switch self {
        case .url: "send a URL string, as URL.absoluteString writes it"
        case .uuid: "send a UUID string such as 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'"
        case .base64: "send the bytes as padded base64 (JSONEncoder's default .base64)"
        }
    }

    /// The name in messages: `a URL`.
    package var name: String {
        switch self {
        case .url: "a URL"
        case .uuid: "a UUID"
        case .base64: "base64 Data"
        }
    }
}
