@_spi(Internals) import PaySizeJSON

/// One way a value breaks a schema, in the engine's own words: where, which keyword, what is
/// wrong, and what would satisfy it.
///
/// The engine knows nothing of pushes or devices; `PayloadContract` turns each violation into
/// the product's finding and decides what it means there (a content state the device drops).
package struct SchemaViolation: Sendable, Hashable {
    /// The value that breaks the schema, as a JSON Pointer into the checked value.
    package var path: JSONPointer
    /// The keyword that refuses it (`required`, `type`, `maxLength`, `false` for a `false`
    /// schema, `depth` past ``SchemaValidator/maximumDepth``, `number` for a number past
    /// ``JSONDecimal``'s exponent bound under a numeric keyword, or a PaySize keyword such as
    /// `x-paysize-number`).
    package var keyword: String
    /// What is wrong, in one line.
    package var message: String
    /// What would satisfy the keyword, in one line.
    package var fix: String
    /// Where the value starts in the scanned bytes; `nil` for a value built in memory.
    package var byteOffset: Int?

    package init(path: JSONPointer, keyword: String, message: String, fix: String, byteOffset: Int? = nil) {
        self.path = path
        self.keyword = keyword
        self.message = message
        self.fix = fix
        self.byteOffset = byteOffset
    }
}
