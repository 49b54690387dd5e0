import Foundation
@_spi(Internals) import PaySize

/// Options shared by a Foundation `JSONEncoder` and a `PayloadEncoder` under comparison.
struct EncodingOptions: @unchecked Sendable, CustomStringConvertible {
    var formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
    var date: JSONEncoder.DateEncodingStrategy = .deferredToDate
    var data: JSONEncoder.DataEncodingStrategy = .base64
    var key: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    var float: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
    var label = "default"

    var description: String { label }

    func foundation() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = date
        encoder.dataEncodingStrategy = data
        encoder.keyEncodingStrategy = key
        encoder.nonConformingFloatEncodingStrategy = float
        return encoder
    }

    /// A `PayloadEncoder` on `path`: the fast one unless asked, whatever `PAYSIZE_ENCODER` says.
    func payload(path: PayloadEncoder.Path = .fast) -> PayloadEncoder {
        var encoder = PayloadEncoder()
        encoder.path = path
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = date
        encoder.dataEncodingStrategy = data
        encoder.keyEncodingStrategy = key
        encoder.nonConformingFloatEncodingStrategy = float
        return encoder
    }

    func with(_ change: (inout EncodingOptions) -> Void) -> EncodingOptions {
        var copy = self
        change(&copy)
        return copy
    }
}
