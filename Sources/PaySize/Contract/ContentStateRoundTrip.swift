import Foundation
@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// Checks that a `ContentState` survives the trip from the server's encoder to the device's decoder.
///
/// The device decodes `content-state` with a default `JSONDecoder` (<doc:DeviceDecoding>); an
/// update that does not decode is dropped without a word, and one that decodes to a different
/// value (a Unix timestamp read as a 2001-based date) shows wrong data.
///
/// The state only has to be `Codable`. What the device decodes is written again with the
/// device's own (default) encoder and compared with the state written the same way, so the
/// first differing JSON path can be named; a state that is also `Equatable` must in addition be
/// `==` to what the device decodes.
///
/// ```swift
/// var encoder = PayloadEncoder()
/// encoder.dateEncodingStrategy = .secondsSince1970
/// ContentStateRoundTrip.check(state, encoder: encoder).description
/// // /etaDate: the device reads the Date at /etaDate 978307200 s (≈ 31 years) late: 2056-11-30
/// // instead of 2025-11-30 — the server encoder uses .secondsSince1970 (Unix seconds) …
/// ```
public enum ContentStateRoundTrip {
    /// Builds an update payload with a `JSONEncoder`, decodes its `content-state` as the device
    /// does and compares the result with `state`.
    ///
    /// - Parameters:
    ///   - state: The content state the server means to send.
    ///   - encoder: The encoder the server uses, with its strategies. Default: a plain `JSONEncoder`.
    ///   - timestamp: The payload's `aps.timestamp`, Unix seconds. Default: 0.
    /// - Returns: Faithful, or the first differing field (by JSON Pointer into `content-state`)
    ///   with the reason in plain words.
    public static func check<State: Codable>(
        _ state: State, encoder: JSONEncoder = JSONEncoder(), timestamp: Int = 0
    ) -> RoundTripResult {
        let server = Server(
            keys: encoder.keyEncodingStrategy, dates: encoder.dateEncodingStrategy, data: encoder.dataEncodingStrategy)
        return check(state, timestamp: timestamp, server: server) { Array(try encoder.encode(state)) }
    }

    /// Builds an update payload with a ``PayloadEncoder``, decodes its `content-state` as the
    /// device does and compares the result with `state`.
    ///
    /// - Parameters:
    ///   - state: The content state the server means to send.
    ///   - encoder: The encoder the server uses, with its strategies.
    ///   - timestamp: The payload's `aps.timestamp`, Unix seconds. Default: 0.
    /// - Returns: Faithful, or the first differing field (by JSON Pointer into `content-state`)
    ///   with the reason in plain words.
    public static func check<State: Codable>(
        _ state: State, encoder: PayloadEncoder, timestamp: Int = 0
    ) -> RoundTripResult {
        let server = Server(
            keys: encoder.keyEncodingStrategy, dates: encoder.dateEncodingStrategy, data: encoder.dataEncodingStrategy)
        return check(state, timestamp: timestamp, server: server) { try encoder.encodeBytes(state) }
    }

    /// Decodes the `content-state` of a payload a server built (in any language) as the device
    /// does, and compares the result with the state the server meant to send.
    ///
    /// - Parameters:
    ///   - state: The content state the payload should carry.
    ///   - payload: The whole APNs payload, `{"aps":{…,"content-state":{…}}}`, as sent.
    /// - Returns: Faithful, or the first differing field (by JSON Pointer into `content-state`)
    ///   with the reason in plain words.
    public static func check<State: Codable>(_ state: State, payload: [UInt8]) -> RoundTripResult {
        check(state, payload: payload, server: nil)
    }

    /// Decodes the `content-state` of a payload as the device does, with no state to compare
    /// the result with: a recorded server payload, say.
    ///
    /// ```swift
    /// ContentStateRoundTrip.check(DeliveryState.self, payload: recorded).description
    /// // /etaDate: the device expects key 'etaDate' at /etaDate but the payload has no such key — …
    /// ```
    ///
    /// - Parameters:
    ///   - type: The app's content-state type.
    ///   - payload: The whole APNs payload, `{"aps":{…,"content-state":{…}}}`, as sent.
    /// - Returns: Faithful when the device decodes it; else where decoding stops and why.
    public static func check<State: Decodable>(_ type: State.Type, payload: [UInt8]) -> RoundTripResult {
        switch decode(State.self, payload: payload, server: nil) {
        case .decoded: RoundTripResult(payload: payload, path: nil, message: nil, isDecodingFailure: false)
        case .failed(let failure): failure
        }
    }

    /// What is known about how the server encoded: the strategies of its encoder, when it has one.
    private struct Server {
        var keys: String?
        var dates: String?
        var data: String?

        init(
            keys: JSONEncoder.KeyEncodingStrategy, dates: JSONEncoder.DateEncodingStrategy,
            data: JSONEncoder.DataEncodingStrategy
        ) {
            self.keys = ContentStateRoundTrip.name(of: keys)
            self.dates = ContentStateRoundTrip.name(of: dates)
            self.data = ContentStateRoundTrip.name(of: data)
        }
    }

    /// What the device made of a payload.
    private enum Decoding<State> {
        case decoded(State, sent: JSONElement)
        case failed(RoundTripResult)
    }

    /// Encodes with the server's encoder, wraps the bytes in an update payload and checks it.
    private static func check<State: Codable>(
        _ state: State, timestamp: Int, server: Server, encode: () throws -> [UInt8]
    ) -> RoundTripResult {
        let encoded: [UInt8]
        do {
            encoded = try encode()
        } catch {
            var path = JSONPointer.root
            var reason = "\(error)"
            if case EncodingError.invalidValue(_, let context) = error {
                path = JSONPointer(codingPath: context.codingPath)
                reason = lowercasedFirst(context.debugDescription)
            }
            return RoundTripResult(
                payload: [], path: path, message: "the server encoder cannot encode the state: \(reason)",
                isDecodingFailure: true)
        }
        var payload = Array(#"{"aps":{"timestamp":\#(timestamp),"event":"update","content-state":"#.utf8)
        payload.append(contentsOf: encoded)
        payload.append(contentsOf: Array("}}".utf8))
        return check(state, payload: payload, server: server)
    }

    private static func check<State: Codable>(_ state: State, payload: [UInt8], server: Server?) -> RoundTripResult {
        func result(_ path: JSONPointer?, _ message: String?) -> RoundTripResult {
            RoundTripResult(payload: payload, path: path, message: message, isDecodingFailure: false)
        }
        let decoded: State
        let sent: JSONElement
        switch decode(State.self, payload: payload, server: server) {
        case .decoded(let value, let element):
            decoded = value
            sent = element
        case .failed(let failure):
            return failure
        }
        // An Equatable state must come back ==; any state must write the same JSON again.
        if let equal = isEqual(decoded, state), !equal {
            let (path, message) =
                compare(original: state, decoded: decoded, sent: sent, server: server)
                ?? (.root, "the device decodes a value that is not == to the original though both encode alike")
            return result(path, message)
        }
        guard let (path, message) = compare(original: state, decoded: decoded, sent: sent, server: server) else {
            return result(nil, nil)
        }
        return result(path, message)
    }

    /// Reads `content-state` out of the payload bytes and decodes it with a default `JSONDecoder`,
    /// as the device does.
    private static func decode<State: Decodable>(
        _ type: State.Type, payload: [UInt8], server: Server?
    ) -> Decoding<State> {
        func failure(_ path: JSONPointer, _ message: String) -> Decoding<State> {
            .failed(RoundTripResult(payload: payload, path: path, message: message, isDecodingFailure: true))
        }
        let sent: JSONElement
        do {
            let root = try JSONScanner.scan(payload)
            guard let contentState = root["aps"]?["content-state"] else {
                return failure(.root, "the payload has no 'content-state'")
            }
            sent = contentState
        } catch {
            return failure(.root, "the payload is not JSON the device can read: \(error)")
        }
        do {
            return .decoded(try JSONDecoder().decode(State.self, from: Data(payload[sent.byteRange])), sent: sent)
        } catch let error as DecodingError {
            let (path, message) = explain(error, sent: sent, server: server)
            return failure(path, message)
        } catch {
            return failure(.root, "the device cannot decode the state: \(error)")
        }
    }

    /// `lhs == rhs` when the state is `Equatable`; `nil` when it is only `Codable`.
    private static func isEqual<State>(_ lhs: State, _ rhs: State) -> Bool? {
        guard let lhs = lhs as? any Equatable else { return nil }
        return equals(lhs, rhs)
    }

    private static func equals<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
        (rhs as? Value) == lhs
    }

    // MARK: - Decoding errors in plain words

    private static func explain(_ error: DecodingError, sent: JSONElement, server: Server?) -> (
        JSONPointer, String
    ) {
        switch error {
        case .keyNotFound(let key, let context):
            let path = JSONPointer(codingPath: context.codingPath + [key])
            var message =
                "the device expects key '\(key.stringValue)' at \(path) but the payload has no such key"
            let siblings = sent.descendant(at: path.parent)?.members?.map(\.key) ?? []
            if let similar = SchemaValidator.similarKey(to: key.stringValue, in: siblings) {
                message += " — " + keyPhrase(server, sentKey: similar)
            } else if let strategy = server?.keys {
                message += " — the server encoder uses \(strategy)"
            }
            return (path, message)
        case .typeMismatch(let type, let context):
            let path = JSONPointer(codingPath: context.codingPath)
            let found = sent.descendant(at: path)
            var message =
                "the device expects \(expectedName(type)) at \(path) but the payload has \(found.map(SchemaValidator.describe) ?? "no value")"
            if let text = found?.stringValue, type == Double.self {
                if let strategy = server?.dates {
                    message +=
                        " — a Date must be a number of seconds since 2001-01-01; the server encoder uses \(strategy)"
                } else if ISO8601Timestamp.startsWithDate(text) {
                    message += " — a Date must be a number of seconds since 2001-01-01, not an ISO-8601 string"
                }
            } else if found?.elements != nil, type == String.self, let strategy = server?.data {
                message += " — Data must be a base64 string; the server encoder uses \(strategy)"
            }
            return (path, message)
        case .valueNotFound(let type, let context):
            let path = JSONPointer(codingPath: context.codingPath)
            return (path, "the device expects \(expectedName(type)) at \(path) but the payload has null")
        case .dataCorrupted(let context):
            let path = JSONPointer(codingPath: context.codingPath)
            var message = "the device cannot decode \(path): \(lowercasedFirst(context.debugDescription))"
            if let strategy = server?.dates, sent.descendant(at: path)?.stringValue != nil {
                message += " — the server encoder uses \(strategy)"
            }
            return (path, message)
        @unknown default:
            return (.root, "the device cannot decode the state: \(error)")
        }
    }

    // MARK: - Decoded, but not the same

    /// The first field where the two values, written by the device's own (default) encoder,
    /// differ, and why; `nil` when they write the same JSON.
    private static func compare<State: Encodable>(
        original: State, decoded: State, sent: JSONElement, server: Server?
    ) -> (JSONPointer, String)? {
        let reference = JSONEncoder()
        reference.outputFormatting = [.sortedKeys]
        guard let originalBytes = try? reference.encode(original), let decodedBytes = try? reference.encode(decoded),
            let originalTree = try? JSONScanner.scan(Array(originalBytes)),
            let decodedTree = try? JSONScanner.scan(Array(decodedBytes))
        else {
            return (.root, "the device decodes a value which the default encoder cannot write")
        }
        guard let path = firstDifference(originalTree, decodedTree, at: .root) else { return nil }
        let wanted = originalTree.descendant(at: path)
        let got = decodedTree.descendant(at: path)

        if let wanted, got == nil {
            var message = "the device decodes no value for \(path) (the server sent \(SchemaValidator.literal(wanted)))"
            if let key = path.lastKey,
                let similar = SchemaValidator.similarKey(
                    to: key, in: sent.descendant(at: path.parent)?.members?.map(\.key) ?? [])
            {
                message += " — " + keyPhrase(server, sentKey: similar)
            }
            return (path, message)
        }
        if let was = wanted?.doubleValue, let now = got?.doubleValue {
            let shift = now - was
            if abs(shift - 978_307_200) < 1 {
                let cause =
                    server?.dates.map { "the server encoder uses \($0) (Unix seconds)" }
                    ?? "the server sends Unix seconds"
                return (
                    path,
                    "the device reads the Date at \(path) 978307200 s (≈ 31 years) late: \(day(now)) instead of \(day(was)) — \(cause); the device counts seconds since 2001-01-01"
                )
            }
            if let strategy = server?.dates {
                return (
                    path,
                    "the device reads the Date at \(path) as \(day(now)) instead of \(day(was)) — the server encoder uses \(strategy); the device counts seconds since 2001-01-01"
                )
            }
        }
        let sentText = wanted.map(SchemaValidator.literal) ?? "nothing"
        let gotText = got.map(SchemaValidator.literal) ?? "nothing"
        return (path, "the device decodes \(path) as \(gotText) but the server meant \(sentText)")
    }

    /// The first place the two trees differ, depth first, keys in sorted order.
    private static func firstDifference(_ a: JSONElement, _ b: JSONElement, at path: JSONPointer) -> JSONPointer? {
        switch (a.content, b.content) {
        case (.object(let left), .object(let right)):
            let keys = Set(left.map(\.key)).union(right.map(\.key)).sorted {
                $0.utf8.lexicographicallyPrecedes($1.utf8)
            }
            for key in keys {
                guard let x = a[key], let y = b[key] else { return path.appending(key) }
                if let found = firstDifference(x, y, at: path.appending(key)) { return found }
            }
            return nil
        case (.array(let left), .array(let right)):
            for index in 0..<max(left.count, right.count) {
                guard index < left.count, index < right.count else { return path.appending(index: index) }
                if let found = firstDifference(left[index], right[index], at: path.appending(index: index)) {
                    return found
                }
            }
            return nil
        default:
            return a.isJSONEqual(to: b) ? nil : path
        }
    }

    // MARK: - Naming the server's strategies

    private static func name(of strategy: JSONEncoder.KeyEncodingStrategy) -> String? {
        switch strategy {
        case .useDefaultKeys: nil
        case .convertToSnakeCase: ".convertToSnakeCase"
        default: "a custom key strategy"
        }
    }

    private static func keyPhrase(_ server: Server?, sentKey: String) -> String {
        if let strategy = server?.keys {
            return "the server encoder uses \(strategy) ('\(SchemaValidator.shown(sentKey))')"
        }
        return "the payload has '\(SchemaValidator.shown(sentKey))' instead"
    }

    private static func name(of strategy: JSONEncoder.DateEncodingStrategy) -> String? {
        switch strategy {
        case .deferredToDate: nil
        case .secondsSince1970: ".secondsSince1970"
        case .millisecondsSince1970: ".millisecondsSince1970"
        case .iso8601: ".iso8601"
        default: "a custom date strategy (.formatted or .custom)"
        }
    }

    private static func name(of strategy: JSONEncoder.DataEncodingStrategy) -> String? {
        switch strategy {
        case .base64: nil
        case .deferredToData: ".deferredToData (an array of bytes)"
        default: "a custom data strategy"
        }
    }

    private static func expectedName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is any BinaryInteger.Type: "an integer"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "a value of type '\(type)'"
        }
    }

    private static func day(_ secondsSinceReferenceDate: Double) -> String {
        SchemaValidator.day(Date(timeIntervalSinceReferenceDate: secondsSinceReferenceDate))
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        var result = first.lowercased() + text.dropFirst()
        if result.hasSuffix(".") { result.removeLast() }
        return result
    }
}
