import Foundation
@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension SchemaInference {
    /// The schema of an enum that decodes any value of its raw type, one it does not list as a
    /// fallback case, with what it writes: `x-paysize-written-as`, the JSON each case encodes
    /// as. The schema must keep allowing every value the decoder accepts, but re-encoded, the
    /// value is one of its cases, so the worst-case bound counts the longest case rather than
    /// the value sent.
    ///
    /// The list is kept only when it is the whole story: every case is `Encodable`, and what
    /// each writes decodes back to a case written the same way (the witness the bound gives is
    /// one of them). Otherwise a note names the enum and why its size is the string's.
    static func withWrittenCases<T: Decodable>(of type: T.Type, schema: JSONElement) -> JSONElement {
        let fallback =
            "'\(String(typeName: type))' decodes a value it does not list to a fallback case, so any value of its raw type is allowed here"
        guard let cases = EnumCases.values(of: type), !cases.isEmpty else { return schema }
        let encoder = JSONEncoder()
        var written: [JSONElement] = []
        for value in cases {
            guard let encodable = value as? any Encodable else {
                return adding(
                    fallback
                        + "; it is not Encodable, so its size is the value sent: make it Encodable to bound it by its longest case",
                    to: schema)
            }
            guard let bytes = try? encoder.encode(encodable),
                let reread = try? JSONDecoder().decode(T.self, from: bytes) as? any Encodable,
                (try? encoder.encode(reread)) == bytes,
                let element = try? JSONScanner.scan(Array(bytes))
            else {
                return adding(
                    fallback
                        + "; its case '\(value)' is not written as a value that decodes back to it, so its size is the value sent",
                    to: schema)
            }
            if !written.contains(where: { $0.isJSONEqual(to: element) }) { written.append(element) }
        }
        return schema.setting(PaySizeKeyword.writtenAs.rawValue, to: .array(written))
    }
}
