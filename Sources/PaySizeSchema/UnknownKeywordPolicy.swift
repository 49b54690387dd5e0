/// What reading a schema does with a keyword that is not a draft 2020-12 keyword, a PaySize
/// keyword or a known vendor annotation.
///
/// Whatever the policy, a near miss of a 2020-12 keyword (`maxLenght`, `readonly`, `types`) is
/// refused with the keyword meant ("did you mean 'maxLength'"), since skipping a misspelt
/// assertion passes what it was written to refuse; an `x-…` keyword and the vendor annotations
/// editors and generators write (`tsType`, `markdownDescription`, `deprecationMessage`,
/// `errorMessage`, …) are collected as annotations, as the specification's Core 6.5 says of
/// unknown keywords; and an unknown `x-paysize-…` keyword is refused, as it may be an assertion
/// of a newer PaySize. This policy decides the rest. See <doc:SchemaSupport>.
public enum UnknownKeywordPolicy: CaseIterable, Sendable {
    /// The schema is refused with a ``SchemaError`` naming the keyword.
    case refuse
    /// The keyword is skipped and listed in ``PayloadSchema/unknownKeywords``. The default.
    case warn
    /// The keyword is skipped, and listed all the same, for a caller that asks.
    case ignore

    /// The name command-line options write (`--unknown-keywords refuse|warn|ignore`).
    package var rawValue: String {
        switch self {
        case .refuse: "refuse"
        case .warn: "warn"
        case .ignore: "ignore"
        }
    }

    /// The policy an option names, or `nil` for another name.
    package init?(rawValue: String) {
        guard let policy = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = policy
    }
}
