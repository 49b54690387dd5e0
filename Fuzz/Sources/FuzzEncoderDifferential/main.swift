import Foundation
import FuzzCommon
@_spi(Internals) import PaySize

// Fuzz bytes → a value tree (FuzzValue) → PayloadEncoder and Foundation's JSONEncoder with the
// same options. Under `.sortedKeys` both must write the same bytes, or both throw the same
// `EncodingError` with the same coding path and text; `encodedSize(of:)` must equal the bytes'
// count; without `.sortedKeys` (member order is Foundation's hash order) the sizes must agree.
// The plain path (`PayloadEncoder.Path.plain`) must write the fast path's bytes or throw its error
// (without `.sortedKeys`, the same size: a value handed to Foundation's tree comes out in its hash
// order, which differs from call to call), and its `encodedSize(of:)` must agree too.
// As the Objective-C writer (`PayloadEncoder.writer = .objc`), the fast and plain paths and
// `encodedSize(of:)` agree, and for a value with no `Float` or `Decimal` the bytes are Foundation's
// with each non-integer number token re-written by the C library's `%.17g`: an independent count.

/// The first byte picks the options; the rest builds the value.
private struct Options: CustomStringConvertible {
    var formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
    var date = JSONEncoder.DateEncodingStrategy.deferredToDate
    var dateName = "deferredToDate"
    var data = JSONEncoder.DataEncodingStrategy.base64
    var key = JSONEncoder.KeyEncodingStrategy.useDefaultKeys
    var float = JSONEncoder.NonConformingFloatEncodingStrategy.throw

    init(_ byte: UInt8) {
        if byte & 0x01 != 0 { formatting.insert(.prettyPrinted) }
        if byte & 0x02 != 0 { formatting.insert(.withoutEscapingSlashes) }
        switch (byte >> 2) & 3 {
        case 0: (date, dateName) = (.deferredToDate, "deferredToDate")
        case 1: (date, dateName) = (.secondsSince1970, "secondsSince1970")
        case 2: (date, dateName) = (.millisecondsSince1970, "millisecondsSince1970")
        default: (date, dateName) = (.iso8601, "iso8601")
        }
        if byte & 0x10 != 0 { data = .deferredToData }
        switch (byte & 0x20 != 0, byte & 0x80 != 0) {
        case (true, false): key = .convertToSnakeCase
        // A custom strategy that reads the whole coding path, so a wrong path shows in the bytes.
        case (false, true): key = .custom { path in FuzzKey(path.map(\.stringValue).joined(separator: ".")) }
        case (true, true): key = .custom { path in FuzzKey("\(path.count):" + path.last!.stringValue) }
        case (false, false): break
        }
        if byte & 0x40 != 0 { float = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan") }
    }

    func payloadEncoder(
        sorted: Bool, path: PayloadEncoder.Path = .fast, writer: JSONWriter = .swift
    ) -> PayloadEncoder {
        var encoder = PayloadEncoder()
        encoder.writer = writer
        encoder.path = path
        encoder.outputFormatting = sorted ? formatting : formatting.subtracting(.sortedKeys)
        encoder.dateEncodingStrategy = date
        encoder.dataEncodingStrategy = data
        encoder.keyEncodingStrategy = key
        encoder.nonConformingFloatEncodingStrategy = float
        return encoder
    }

    func foundationEncoder(sorted: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = sorted ? formatting : formatting.subtracting(.sortedKeys)
        encoder.dateEncodingStrategy = date
        encoder.dataEncodingStrategy = data
        encoder.keyEncodingStrategy = key
        encoder.nonConformingFloatEncodingStrategy = float
        return encoder
    }

    var description: String {
        var parts: [String] = []
        if formatting.contains(.prettyPrinted) { parts.append("prettyPrinted") }
        if formatting.contains(.withoutEscapingSlashes) { parts.append("withoutEscapingSlashes") }
        parts.append("date: \(dateName)")
        if case .deferredToData = data { parts.append("data: deferredToData") }
        if case .convertToSnakeCase = key { parts.append("keys: convertToSnakeCase") }
        if case .custom = key { parts.append("keys: custom") }
        if case .convertToString = float { parts.append("floats: convertToString") }
        return "[sortedKeys, " + parts.joined(separator: ", ") + "]"
    }
}

/// An `EncodingError` reduced to what both encoders must agree on.
private struct ErrorSignature: Error, Equatable, CustomStringConvertible {
    var kind: String
    var path: [String]
    var text: String

    init(_ error: any Error) {
        guard let error = error as? EncodingError else {
            fatalError("an encoder threw a non-EncodingError: \(error)")
        }
        switch error {
        case .invalidValue(_, let context):
            kind = "invalidValue"
            path = context.codingPath.map(\.stringValue)
            text = context.debugDescription
        @unknown default:
            kind = "\(error)"
            path = []
            text = ""
        }
    }

    var description: String { "\(kind) at \(path.debugDescription): \(text.debugDescription)" }
}

private func outcome(_ body: () throws -> [UInt8]) -> Result<[UInt8], ErrorSignature> {
    do {
        return .success(try body())
    } catch {
        return .failure(ErrorSignature(error))
    }
}

private func show(_ result: Result<[UInt8], ErrorSignature>) -> String {
    switch result {
    case .success(let bytes): String(decoding: bytes, as: UTF8.self).debugDescription
    case .failure(let error): "throws \(error)"
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    guard let first = bytes.first else { return 0 }
    let options = Options(first)
    var builder = FuzzValueBuilder(Array(bytes.dropFirst()))
    let value = builder.value()

    // Sorted keys: the same bytes or the same error. The first call knows no type that needs a
    // node, so every nested value's frame is deferred until the value asks for more than one
    // scalar; the calls after it push the frames of the types it learned at once.
    let payloadEncoder = options.payloadEncoder(sorted: true)
    PayloadEncoder.forgetFramedTypes()
    let ours = outcome { try payloadEncoder.encodeBytes(value) }
    let foundation = outcome { Array(try options.foundationEncoder(sorted: true).encode(value)) }
    FuzzFailure.expect(
        ours == foundation,
        "PayloadEncoder and JSONEncoder differ under \(options):\n  PayloadEncoder: \(show(ours))\n  JSONEncoder:    \(show(foundation))"
    )
    let data = outcome { Array(try payloadEncoder.encode(value)) }
    FuzzFailure.expect(data == ours, "encode and encodeBytes differ: \(show(data)) vs \(show(ours))")
    let size = Result { try payloadEncoder.encodedSize(of: value) }.mapError(ErrorSignature.init)
    switch (size, ours) {
    case (.success(let size), .success(let bytes)):
        FuzzFailure.expect(
            size == bytes.count, "encodedSize \(size) != encodeBytes count \(bytes.count) under \(options)")
    case (.failure(let sizeError), .failure(let error)):
        FuzzFailure.expect(sizeError == error, "encodedSize threw \(sizeError), encodeBytes threw \(error)")
    default:
        fatalError("encodedSize gave \(size), encodeBytes \(show(ours)) under \(options)")
    }

    expectPlainPathAgrees(value, options: options, sorted: true, fast: ours)
    expectObjectiveCWriterAgrees(
        value, options: options, foundation: foundation, comparesBytes: !builder.hasFloatOrDecimal)

    // Unsorted: member order differs (Foundation's is hash order), sizes must not.
    let unsortedEncoder = options.payloadEncoder(sorted: false)
    let unsorted = outcome { try unsortedEncoder.encodeBytes(value) }
    let unsortedFoundation = outcome { Array(try options.foundationEncoder(sorted: false).encode(value)) }
    switch (unsorted, unsortedFoundation) {
    case (.success(let a), .success(let b)):
        FuzzFailure.expect(
            a.count == b.count,
            "unsorted sizes differ under \(options): PayloadEncoder \(a.count), JSONEncoder \(b.count)\n  \(show(unsorted))\n  \(show(unsortedFoundation))"
        )
        let unsortedSize = try? unsortedEncoder.encodedSize(of: value)
        FuzzFailure.expect(
            unsortedSize == a.count, "unsorted encodedSize \(String(describing: unsortedSize)) != \(a.count)")
    case (.failure(let a), .failure(let b)):
        FuzzFailure.expect(a == b, "unsorted errors differ: \(a) vs \(b)")
    default:
        fatalError("unsorted outcomes differ under \(options): \(show(unsorted)) vs \(show(unsortedFoundation))")
    }
    expectPlainPathAgrees(value, options: options, sorted: false, fast: unsorted)
    return 0
}

/// The plain path's bytes (or error) are the fast path's (the same count when unsorted), and its
/// size is its byte count.
private func expectPlainPathAgrees(
    _ value: FuzzValue, options: Options, sorted: Bool, fast: Result<[UInt8], ErrorSignature>
) {
    let encoder = options.payloadEncoder(sorted: sorted, path: .plain)
    let plain = outcome { try encoder.encodeBytes(value) }
    let agrees =
        switch (plain, fast) {
        case (.success(let plainBytes), .success(let fastBytes)):
            sorted ? plainBytes == fastBytes : plainBytes.count == fastBytes.count
        default: plain == fast
        }
    FuzzFailure.expect(
        agrees,
        "plain and fast paths differ under \(options), sorted \(sorted):\n  plain: \(show(plain))\n  fast:  \(show(fast))"
    )
    let size = Result { try encoder.encodedSize(of: value) }.mapError(ErrorSignature.init)
    switch (size, plain) {
    case (.success(let size), .success(let bytes)):
        FuzzFailure.expect(size == bytes.count, "plain encodedSize \(size) != its byte count \(bytes.count)")
    case (.failure(let sizeError), .failure(let error)):
        FuzzFailure.expect(sizeError == error, "plain encodedSize threw \(sizeError), encodeBytes threw \(error)")
    default:
        fatalError("plain encodedSize gave \(size), encodeBytes \(show(plain)) under \(options)")
    }
}

/// As the Objective-C writer: the plain path writes the fast path's bytes, `encodedSize(of:)` is
/// their count, and (when `comparesBytes`) they are Foundation's with every non-integer number
/// re-written by `%.17g`, or the same error.
private func expectObjectiveCWriterAgrees(
    _ value: FuzzValue, options: Options, foundation: Result<[UInt8], ErrorSignature>, comparesBytes: Bool
) {
    let encoder = options.payloadEncoder(sorted: true, writer: .objc)
    let objc = outcome { try encoder.encodeBytes(value) }
    let plain = outcome { try options.payloadEncoder(sorted: true, path: .plain, writer: .objc).encodeBytes(value) }
    FuzzFailure.expect(plain == objc, "objc writer: plain \(show(plain)) vs fast \(show(objc)) under \(options)")
    if case .success(let bytes) = objc {
        let size = try? encoder.encodedSize(of: value)
        FuzzFailure.expect(
            size == bytes.count, "objc writer: encodedSize \(String(describing: size)) != \(bytes.count)")
    }
    guard comparesBytes else { return }
    let expected = foundation.map(seventeenDigitNumbers)
    FuzzFailure.expect(
        objc == expected,
        "objc writer differs from Foundation's bytes at %.17g under \(options):\n  PayloadEncoder: \(show(objc))\n  expected:       \(show(expected))"
    )
}

/// `text` with each number token that has a fraction or an exponent replaced by the C library's
/// `%.17g` of its value; strings and everything else kept.
private func seventeenDigitNumbers(_ text: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var index = 0
    while index < text.count {
        let byte = text[index]
        if byte == UInt8(ascii: "\"") {
            let start = index
            index += 1
            while text[index] != UInt8(ascii: "\"") { index += text[index] == UInt8(ascii: "\\") ? 2 : 1 }
            index += 1
            output += text[start..<index]
        } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            let start = index
            while index < text.count, "0123456789.eE+-".utf8.contains(text[index]) { index += 1 }
            let token = String(decoding: text[start..<index], as: UTF8.self)
            if token.contains(where: { ".eE".contains($0) }), let number = Double(token) {
                output += Array(String(format: "%.17g", number).utf8)
            } else {
                output += Array(token.utf8)
            }
        } else {
            output.append(byte)
            index += 1
        }
    }
    return output
}
