@_spi(Internals) import PaySizeJSON

/// A JSON Schema `pattern`: an ECMA-262 regular expression, read with the `u` flag's code-point
/// semantics and matched anywhere in a string, as JSON Schema asks.
///
/// A pattern is hand-written input, so matching must never take exponential time: the pattern
/// is compiled to a Thompson automaton and run over the input once, keeping the set of states
/// reachable at each code point (a Pike machine without captures). The work is at most the
/// input's length times the program's size, and both are bounded: a pattern compiles to at most
/// ``maximumProgramSize`` instructions, and a match that would take more than
/// ``maximumSteps`` state visits stops with an error instead of running on.
///
/// Supported: alternation, groups (capturing, non-capturing, named), greedy and lazy
/// quantifiers (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`: laziness does not change whether a string
/// matches), `.`, `^`, `$`, `\b`, `\B`, character classes with ranges and negation, the class
/// escapes `\d \D \w \W \s \S`, `\p{…}`/`\P{…}` for general categories and common binary
/// properties, and the character escapes (`\t \n \v \f \r \0 \cX \xHH \uHHHH \u{H…}`, surrogate
/// pairs, and escaped syntax characters). Refused with an error naming the feature: backreferences
/// (`\1`, `\k<name>`), lookahead and lookbehind, and `\p{Script=…}` (Swift has no script property).
package struct ECMAScriptPattern: Sendable {
    /// The most instructions a pattern compiles to (a counted repetition repeats its operand).
    package static let maximumProgramSize = 20_000
    /// The most automaton states one match may visit.
    package static let maximumSteps = 200_000_000
    /// The deepest nesting of groups a pattern may have (the parser and compiler recurse per level).
    package static let maximumNesting = 16
    /// The deepest nesting of groups ``syntaxError(in:)`` reads: only the parser recurses, a few
    /// small frames per level. A deeper pattern is not shown to be valid.
    package static let maximumSyntaxNesting = 256

    /// Why `source` is not an ECMA-262 pattern (with the u flag), or nil when it is one.
    ///
    /// The whole grammar is read, including what the matcher refuses to run: lookahead and
    /// lookbehind (which take no quantifier), backreferences (each must name a group of the
    /// pattern, by number or by name) and script properties (their form only: Swift has no
    /// script table). For `format: regex`, where validity is the question, not a match.
    package static func syntaxError(in source: String) -> ECMAScriptPatternError? {
        var parser = Parser(Array(source.unicodeScalars), checksSyntaxOnly: true)
        do {
            _ = try parser.parse()
            return nil
        } catch {
            return error
        }
    }

    /// The pattern as written.
    package let source: String
    /// The most automaton states one match may visit: ``maximumSteps`` unless a test sets less.
    package let stepLimit: Int
    private let program: [Instruction]
    private let sets: [ScalarSet]

    /// Compiles `source`.
    ///
    /// - Throws: ``ECMAScriptPatternError`` for a pattern that is not ECMA-262 or uses a
    ///   feature this matcher does not support.
    package init(_ source: String, stepLimit: Int = maximumSteps) throws(ECMAScriptPatternError) {
        self.source = source
        self.stepLimit = stepLimit
        var parser = Parser(Array(source.unicodeScalars))
        let tree = try parser.parse()
        var compiler = Compiler()
        try compiler.emit(tree)
        compiler.append(.match)
        program = compiler.program
        sets = compiler.sets
    }

    /// Whether the pattern matches somewhere in `text`.
    ///
    /// - Throws: ``ECMAScriptPatternError`` when the match would visit more than
    ///   ``maximumSteps`` states.
    package func matches(_ text: String) throws(ECMAScriptPatternError) -> Bool {
        let input = Array(text.unicodeScalars)
        var current = StateList(capacity: program.count)
        var next = StateList(capacity: program.count)
        var pending: [Int] = []
        var steps = 0
        for position in 0...input.count {
            // Unanchored: a match may start at every position.
            add(0, at: position, in: input, to: &current, pending: &pending)
            if current.contains(program.count - 1) { return true }
            guard position < input.count else { break }
            steps += current.count
            if steps > stepLimit {
                throw ECMAScriptPatternError(
                    "matching '\(source)' needs more than \(stepLimit) steps on a string of \(input.count) characters",
                    offset: nil)
            }
            let scalar = input[position]
            for state in current.states {
                let advances: Bool
                switch program[state] {
                case .scalar(let value): advances = scalar.value == value
                case .set(let index): advances = sets[index].contains(scalar)
                case .any: advances = !ScalarSet.isLineTerminator(scalar)
                default: advances = false
                }
                if advances { add(state + 1, at: position + 1, in: input, to: &next, pending: &pending) }
            }
            swap(&current, &next)
            next.removeAll()
        }
        return false
    }

    /// Adds `state` and every state reachable from it without reading a character.
    private func add(
        _ state: Int, at position: Int, in input: [Unicode.Scalar], to list: inout StateList, pending: inout [Int]
    ) {
        pending.append(state)
        while let state = pending.popLast() {
            guard list.insert(state) else { continue }
            switch program[state] {
            case .jump(let target):
                pending.append(target)
            case .split(let first, let second):
                pending.append(second)
                pending.append(first)
            case .assertion(let assertion):
                if assertion.holds(at: position, in: input) { pending.append(state + 1) }
            case .scalar, .set, .any, .match:
                break
            }
        }
    }
}

/// A pattern that is not ECMA-262, uses an unsupported feature, or took too long to match.
package struct ECMAScriptPatternError: Error, Equatable, Sendable {
    /// What is wrong, one line.
    package let message: String
    /// The offset in the pattern, in code points, where reading stopped; nil for a match error.
    package let offset: Int?

    package init(_ message: String, offset: Int?) {
        self.message = message
        self.offset = offset
    }
}

// MARK: - Syntax tree and program

extension ECMAScriptPattern {
    fileprivate indirect enum Node {
        case empty
        case scalar(UInt32)
        case set(ScalarSet)
        case any
        case assertion(Assertion)
        case sequence([Node])
        case alternation([Node])
        case repetition(Node, minimum: Int, maximum: Int?)
    }

    fileprivate enum Instruction: Sendable {
        case scalar(UInt32)
        case set(Int)
        case any
        case assertion(Assertion)
        case split(Int, Int)
        case jump(Int)
        case match
    }

    fileprivate enum Assertion: Sendable {
        case start, end, wordBoundary, notWordBoundary

        func holds(at position: Int, in input: [Unicode.Scalar]) -> Bool {
            switch self {
            case .start: return position == 0
            case .end: return position == input.count
            case .wordBoundary, .notWordBoundary:
                let before = position > 0 && ScalarSet.isWordCharacter(input[position - 1])
                let after = position < input.count && ScalarSet.isWordCharacter(input[position])
                return (before != after) == (self == .wordBoundary)
            }
        }
    }

    /// A set of states without repeats, in insertion order (the order does not matter for a
    /// yes-or-no match).
    private struct StateList {
        private(set) var states: [Int] = []
        private var member: [Bool]

        init(capacity: Int) {
            member = [Bool](repeating: false, count: capacity)
            states.reserveCapacity(capacity)
        }

        var count: Int { states.count }

        func contains(_ state: Int) -> Bool { member[state] }

        mutating func insert(_ state: Int) -> Bool {
            if member[state] { return false }
            member[state] = true
            states.append(state)
            return true
        }

        mutating func removeAll() {
            for state in states { member[state] = false }
            states.removeAll(keepingCapacity: true)
        }
    }

    private struct Compiler {
        var program: [Instruction] = []
        var sets: [ScalarSet] = []
        /// Nodes emitted so far, counted apart from the program: repeating a group that
        /// compiles to nothing (`(?:){9999}`) adds no instruction but still takes time.
        var emitted = 0

        mutating func append(_ instruction: Instruction) {
            program.append(instruction)
        }

        mutating func emit(_ node: Node) throws(ECMAScriptPatternError) {
            emitted += 1
            guard program.count <= ECMAScriptPattern.maximumProgramSize,
                emitted <= 4 * ECMAScriptPattern.maximumProgramSize
            else {
                throw ECMAScriptPatternError(
                    "the pattern compiles to more than \(ECMAScriptPattern.maximumProgramSize) instructions (a large counted repetition?)",
                    offset: nil)
            }
            switch node {
            case .empty:
                break
            case .scalar(let value):
                append(.scalar(value))
            case .set(let set):
                sets.append(set)
                append(.set(sets.count - 1))
            case .any:
                append(.any)
            case .assertion(let assertion):
                append(.assertion(assertion))
            case .sequence(let nodes):
                for node in nodes { try emit(node) }
            case .alternation(let branches):
                // split L1, next; L1: branch; jump end; next: split L2, ... ; last branch
                var jumps: [Int] = []
                for (index, branch) in branches.enumerated() {
                    if index < branches.count - 1 {
                        let split = program.count
                        append(.split(split + 1, -1))
                        try emit(branch)
                        jumps.append(program.count)
                        append(.jump(-1))
                        program[split] = .split(split + 1, program.count)
                    } else {
                        try emit(branch)
                    }
                }
                for jump in jumps { program[jump] = .jump(program.count) }
            case .repetition(let operand, let minimum, let maximum):
                for _ in 0..<minimum { try emit(operand) }
                if let maximum {
                    // Each optional copy: split into it or past every remaining copy.
                    var splits: [Int] = []
                    for _ in minimum..<maximum {
                        splits.append(program.count)
                        append(.split(program.count + 1, -1))
                        try emit(operand)
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let loop = program.count
                    append(.split(loop + 1, -1))
                    try emit(operand)
                    append(.jump(loop))
                    program[loop] = .split(loop + 1, program.count)
                }
            }
        }
    }
}

// MARK: - Character sets

extension ECMAScriptPattern {
    /// A set of code points: ranges and named classes, possibly negated.
    fileprivate struct ScalarSet: Sendable {
        enum Item: Sendable {
            case range(UInt32, UInt32)
            case digit(negated: Bool)
            case word(negated: Bool)
            case space(negated: Bool)
            case property(UnicodeProperty, negated: Bool)
        }

        var items: [Item]
        var negated = false

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            var found = false
            for item in items {
                switch item {
                case .range(let low, let high): found = low <= scalar.value && scalar.value <= high
                case .digit(let negated): found = (0x30...0x39).contains(scalar.value) != negated
                case .word(let negated): found = Self.isWordCharacter(scalar) != negated
                case .space(let negated): found = Self.isWhiteSpace(scalar) != negated
                case .property(let property, let negated): found = property.contains(scalar) != negated
                }
                if found { break }
            }
            return found != negated
        }

        /// `\w`: ASCII letters, digits and `_` (no `i` flag, so no case folding).
        static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: return true
            default: return false
            }
        }

        /// `\s`: ECMA-262's WhiteSpace and LineTerminator.
        static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
                return true
            default:
                return false
            }
        }

        /// What `.` does not match without the `s` flag.
        static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x0A, 0x0D, 0x2028, 0x2029: return true
            default: return false
            }
        }
    }

    /// A `\p{…}` property: a general category (or a group of them) or a binary property.
    fileprivate enum UnicodeProperty: Sendable {
        case categories([Unicode.GeneralCategory])
        case any, ascii, assigned
        case alphabetic, whiteSpace, uppercase, lowercase, emoji, emojiPresentation

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let properties = scalar.properties
            switch self {
            case .categories(let categories): return categories.contains(properties.generalCategory)
            case .any: return true
            case .ascii: return scalar.isASCII
            case .assigned: return properties.generalCategory != .unassigned
            case .alphabetic: return properties.isAlphabetic
            case .whiteSpace: return properties.isWhitespace
            case .uppercase: return properties.isUppercase
            case .lowercase: return properties.isLowercase
            case .emoji: return properties.isEmoji
            case .emojiPresentation: return properties.isEmojiPresentation
            }
        }

        /// The property an ECMA-262 `\p{name}` or `\p{name=value}` names, or nil.
        static func named(_ text: String) -> UnicodeProperty? {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                guard parts[0] == "General_Category" || parts[0] == "gc" else { return nil }
                return category(parts[1])
            }
            switch text {
            case "Any": return .any
            case "ASCII": return .ascii
            case "Assigned": return .assigned
            case "Alphabetic", "Alpha": return .alphabetic
            case "White_Space", "space": return .whiteSpace
            case "Uppercase", "Upper": return .uppercase
            case "Lowercase", "Lower": return .lowercase
            case "Emoji": return .emoji
            case "Emoji_Presentation", "EPres": return .emojiPresentation
            default: return category(text)
            }
        }

        private static func category(_ name: String) -> UnicodeProperty? {
            typealias C = Unicode.GeneralCategory
            let groups: [([String], [C])] = [
                (
                    ["L", "Letter"],
                    [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]
                ),
                (["LC", "Cased_Letter"], [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]),
                (["Lu", "Uppercase_Letter"], [.uppercaseLetter]), (["Ll", "Lowercase_Letter"], [.lowercaseLetter]),
                (["Lt", "Titlecase_Letter"], [.titlecaseLetter]), (["Lm", "Modifier_Letter"], [.modifierLetter]),
                (["Lo", "Other_Letter"], [.otherLetter]),
                (["M", "Mark", "Combining_Mark"], [.nonspacingMark, .spacingMark, .enclosingMark]),
                (["Mn", "Nonspacing_Mark"], [.nonspacingMark]), (["Mc", "Spacing_Mark"], [.spacingMark]),
                (["Me", "Enclosing_Mark"], [.enclosingMark]),
                (["N", "Number"], [.decimalNumber, .letterNumber, .otherNumber]),
                (["Nd", "Decimal_Number", "digit"], [.decimalNumber]), (["Nl", "Letter_Number"], [.letterNumber]),
                (["No", "Other_Number"], [.otherNumber]),
                (
                    ["P", "Punctuation", "punct"],
                    [
                        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                        .initialPunctuation, .finalPunctuation, .otherPunctuation,
                    ]
                ),
                (["Pc", "Connector_Punctuation"], [.connectorPunctuation]),
                (["Pd", "Dash_Punctuation"], [.dashPunctuation]),
                (["Ps", "Open_Punctuation"], [.openPunctuation]), (["Pe", "Close_Punctuation"], [.closePunctuation]),
                (["Pi", "Initial_Punctuation"], [.initialPunctuation]),
                (["Pf", "Final_Punctuation"], [.finalPunctuation]),
                (["Po", "Other_Punctuation"], [.otherPunctuation]),
                (["S", "Symbol"], [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]),
                (["Sm", "Math_Symbol"], [.mathSymbol]), (["Sc", "Currency_Symbol"], [.currencySymbol]),
                (["Sk", "Modifier_Symbol"], [.modifierSymbol]), (["So", "Other_Symbol"], [.otherSymbol]),
                (["Z", "Separator"], [.spaceSeparator, .lineSeparator, .paragraphSeparator]),
                (["Zs", "Space_Separator"], [.spaceSeparator]), (["Zl", "Line_Separator"], [.lineSeparator]),
                (["Zp", "Paragraph_Separator"], [.paragraphSeparator]),
                (["C", "Other"], [.control, .format, .surrogate, .privateUse, .unassigned]),
                (["Cc", "Control", "cntrl"], [.control]), (["Cf", "Format"], [.format]),
                (["Cs", "Surrogate"], [.surrogate]), (["Co", "Private_Use"], [.privateUse]),
                (["Cn", "Unassigned"], [.unassigned]),
            ]
            return groups.first { $0.0.contains(name) }.map { .categories($0.1) }
        }
    }
}

// MARK: - Parser

extension ECMAScriptPattern {
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var nesting = 0
        /// Whether the pattern is only read for validity (`format: regex`): lookarounds,
        /// backreferences and script properties are then syntax to check, not features to refuse,
        /// and a counted repetition's size is no limit, since nothing is compiled.
        let checksSyntaxOnly: Bool
        /// The capturing groups read so far, and the names of the named ones.
        private var captureCount = 0
        private var groupNames: Set<String> = []
        /// Backreferences read, checked once every group is known (one may come before its group).
        private var backreferences: [(number: Int, offset: Int)] = []
        private var namedBackreferences: [(name: String, offset: Int)] = []

        init(_ scalars: [Unicode.Scalar], checksSyntaxOnly: Bool = false) {
            self.scalars = scalars
            self.checksSyntaxOnly = checksSyntaxOnly
        }

        /// The deepest group nesting read: the matcher's limit, or, reading syntax only, a
        /// bound on the parser's own recursion.
        private var maximumNesting: Int {
            checksSyntaxOnly ? ECMAScriptPattern.maximumSyntaxNesting : ECMAScriptPattern.maximumNesting
        }

        mutating func parse() throws(ECMAScriptPatternError) -> Node {
            let node = try disjunction()
            if position < scalars.count {
                throw error("unmatched ')'")
            }
            // With the u flag, a backreference must name a group of the pattern (ECMA-262 22.2.1.1).
            for reference in backreferences where reference.number > captureCount {
                throw error(
                    "backreference '\\\(reference.number)' names no group (the pattern has \(captureCount))",
                    at: reference.offset)
            }
            for reference in namedBackreferences where !groupNames.contains(reference.name) {
                throw error("named backreference '\\k<\(reference.name)>' names no group", at: reference.offset)
            }
            return node
        }

        private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        private func error(_ message: String, at offset: Int? = nil) -> ECMAScriptPatternError {
            ECMAScriptPatternError(message, offset: offset ?? position)
        }

        private mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard peek == character else { return false }
            position += 1
            return true
        }

        private mutating func disjunction() throws(ECMAScriptPatternError) -> Node {
            var branches = [try alternative()]
            while take("|") { branches.append(try alternative()) }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        private mutating func alternative() throws(ECMAScriptPatternError) -> Node {
            var terms: [Node] = []
            while let next = peek, next != "|", next != ")" {
                terms.append(try term())
            }
            return terms.isEmpty ? .empty : terms.count == 1 ? terms[0] : .sequence(terms)
        }

        private mutating func term() throws(ECMAScriptPatternError) -> Node {
            let start = position
            let scalar = scalars[position]
            position += 1
            let atom: Node
            switch scalar {
            case "^": return .assertion(.start)
            case "$": return .assertion(.end)
            case ".": atom = .any
            case "(":
                if let lookaround = lookaroundFollows() {
                    // An assertion, not an atom: with the u flag it takes no quantifier, so a
                    // following one is "nothing to repeat".
                    guard checksSyntaxOnly else {
                        throw error(
                            lookaround == "=" || lookaround == "!"
                                ? "lookahead assertions ('(?=' and '(?!') are not supported"
                                : "lookbehind assertions ('(?<=' and '(?<!') are not supported", at: start)
                    }
                    position += lookaround.count + 1
                    _ = try groupBody(openedAt: start)
                    return .empty
                }
                atom = try group(openedAt: start)
            case "[": atom = try characterClass(openedAt: start)
            case "\\":
                if take("b") { return .assertion(.wordBoundary) }
                if take("B") { return .assertion(.notWordBoundary) }
                atom = try atomEscape()
            case "*", "+", "?":
                throw error("nothing to repeat before '\(scalar)'", at: start)
            case "{":
                if quantifierFollows(from: start) { throw error("nothing to repeat before '{'", at: start) }
                atom = .scalar(scalar.value)
            case ")":
                throw error("unmatched ')'", at: start)
            default:
                atom = .scalar(scalar.value)
            }
            return try quantified(atom)
        }

        /// Whether a `{n}`, `{n,}` or `{n,m}` quantifier starts at `offset`.
        private func quantifierFollows(from offset: Int) -> Bool {
            var index = offset + 1
            var digits = 0
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                index += 1
                digits += 1
            }
            guard digits > 0, index < scalars.count else { return false }
            if scalars[index] == "}" { return true }
            guard scalars[index] == "," else { return false }
            index += 1
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            return index < scalars.count && scalars[index] == "}"
        }

        private mutating func quantified(_ atom: Node) throws(ECMAScriptPatternError) -> Node {
            let start = position
            var minimum = 0
            var maximum: Int?
            switch peek {
            case "*": position += 1
            case "+":
                position += 1
                minimum = 1
            case "?":
                position += 1
                maximum = 1
            case "{" where quantifierFollows(from: position):
                position += 1
                minimum = try number()
                if take(",") {
                    maximum = peek == "}" ? nil : try number()
                } else {
                    maximum = minimum
                }
                position += 1  // "}"
                if let maximum, maximum < minimum {
                    throw error("numbers out of order in the quantifier {\(minimum),\(maximum)}", at: start)
                }
            default:
                return atom
            }
            _ = take("?")  // lazy: the same strings match
            return .repetition(atom, minimum: minimum, maximum: maximum)
        }

        private mutating func number() throws(ECMAScriptPatternError) -> Int {
            var value = 0
            while let digit = peek, ("0"..."9").contains(digit) {
                value = value * 10 + Int(digit.value - 0x30)
                guard value <= ECMAScriptPattern.maximumProgramSize || checksSyntaxOnly else {
                    throw error("a quantifier's count is larger than \(ECMAScriptPattern.maximumProgramSize)")
                }
                position += 1
            }
            return value
        }

        /// After `(`: the rest of a lookaround's opening (`?=`, `?!`, `?<=`, `?<!`) as written
        /// after `?`, or nil for another group.
        private func lookaroundFollows() -> String? {
            guard peek == "?", position + 1 < scalars.count else { return nil }
            let next = scalars[position + 1]
            if next == "=" || next == "!" { return String(next) }
            guard next == "<", position + 2 < scalars.count else { return nil }
            let last = scalars[position + 2]
            return last == "=" || last == "!" ? "<" + String(last) : nil
        }

        private mutating func group(openedAt start: Int) throws(ECMAScriptPatternError) -> Node {
            if take("?") {
                if take(":") {
                    // non-capturing
                } else if take("<") {
                    guard let close = scalars[position...].firstIndex(of: ">"), close > position else {
                        throw error("a named group needs a name and '>'", at: start)
                    }
                    groupNames.insert(String(String.UnicodeScalarView(scalars[position..<close])))
                    captureCount += 1
                    position = close + 1
                } else {
                    throw error(
                        "invalid group: '(?' must be followed by ':', '=', '!', '<=', '<!' or '<name>'", at: start)
                }
            } else {
                captureCount += 1
            }
            return try groupBody(openedAt: start)
        }

        /// A group's disjunction and its `)`, one level deeper.
        private mutating func groupBody(openedAt start: Int) throws(ECMAScriptPatternError) -> Node {
            nesting += 1
            defer { nesting -= 1 }
            guard nesting <= maximumNesting else {
                throw error("groups are nested more than \(maximumNesting) deep", at: start)
            }
            let node = try disjunction()
            guard take(")") else { throw error("missing ')' for the group opened at \(start)") }
            return node
        }

        private mutating func atomEscape() throws(ECMAScriptPatternError) -> Node {
            let start = position - 1
            guard let scalar = peek else { throw error("'\\' at the end of the pattern", at: start) }
            switch scalar {
            case "1"..."9":
                guard checksSyntaxOnly else {
                    throw error("backreferences ('\\\(scalar)') are not supported", at: start)
                }
                var number = 0
                while let digit = peek, ("0"..."9").contains(digit) {
                    // Past any group count the pattern can hold: no need to read on exactly.
                    number = min(number * 10 + Int(digit.value - 0x30), Int(Int32.max))
                    position += 1
                }
                backreferences.append((number, start))
                return .empty
            case "k":
                guard checksSyntaxOnly else {
                    throw error("named backreferences ('\\k<name>') are not supported", at: start)
                }
                position += 1
                guard take("<"), let close = scalars[position...].firstIndex(of: ">"), close > position else {
                    throw error("'\\k' must be followed by a group name in '<' and '>'", at: start)
                }
                namedBackreferences.append((String(String.UnicodeScalarView(scalars[position..<close])), start))
                position = close + 1
                return .empty
            default:
                if let item = try classEscape() { return .set(ScalarSet(items: [item])) }
                return .scalar(try characterEscape(start: start))
            }
        }

        /// `\d \D \w \W \s \S \p{…} \P{…}`, or nil (nothing read) for another escape.
        private mutating func classEscape() throws(ECMAScriptPatternError) -> ScalarSet.Item? {
            guard let scalar = peek else { return nil }
            switch scalar {
            case "d", "D":
                position += 1
                return .digit(negated: scalar == "D")
            case "w", "W":
                position += 1
                return .word(negated: scalar == "W")
            case "s", "S":
                position += 1
                return .space(negated: scalar == "S")
            case "p", "P":
                let start = position - 1
                position += 1
                guard take("{"), let close = scalars[position...].firstIndex(of: "}") else {
                    throw error("'\\\(scalar)' must be followed by a property in braces, like \\p{L}", at: start)
                }
                let name = String(String.UnicodeScalarView(scalars[position..<close]))
                position = close + 1
                if name.hasPrefix("Script=") || name.hasPrefix("sc=") || name.hasPrefix("Script_Extensions=")
                    || name.hasPrefix("scx=")
                {
                    // Swift has no script property: the name's form is all that can be read.
                    guard checksSyntaxOnly, let value = name.split(separator: "=").last, name.last != "=",
                        value.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "_" })
                    else { throw error("script properties ('\\p{\(name)}') are not supported", at: start) }
                    return .property(.any, negated: scalar == "P")
                }
                guard let property = UnicodeProperty.named(name) else {
                    throw error("unknown Unicode property '\(name)'", at: start)
                }
                return .property(property, negated: scalar == "P")
            default:
                return nil
            }
        }

        /// A character escape after `\`, as its code point.
        private mutating func characterEscape(start: Int) throws(ECMAScriptPatternError) -> UInt32 {
            let scalar = scalars[position]
            position += 1
            switch scalar {
            case "t": return 0x09
            case "n": return 0x0A
            case "v": return 0x0B
            case "f": return 0x0C
            case "r": return 0x0D
            case "0":
                if let next = peek, ("0"..."9").contains(next) {
                    throw error("octal escapes are not ECMA-262 with the u flag", at: start)
                }
                return 0
            case "c":
                guard let letter = peek, ("a"..."z").contains(letter) || ("A"..."Z").contains(letter) else {
                    throw error("'\\c' must be followed by a letter", at: start)
                }
                position += 1
                return letter.value % 32
            case "x":
                return try hexDigits(count: 2, start: start)
            case "u":
                if take("{") {
                    guard let close = scalars[position...].firstIndex(of: "}"), close > position, close - position <= 8,
                        let value = Self.hexValue(scalars[position..<close]), value <= 0x10FFFF
                    else { throw error("'\\u{…}' must hold a code point in hex, at most 10FFFF", at: start) }
                    position = close + 1
                    return value
                }
                let value = try hexDigits(count: 4, start: start)
                // A surrogate pair written as two escapes is one code point.
                if (0xD800...0xDBFF).contains(value), position + 6 <= scalars.count, scalars[position] == "\\",
                    scalars[position + 1] == "u"
                {
                    let saved = position
                    position += 2
                    if let low = try? hexDigits(count: 4, start: start), (0xDC00...0xDFFF).contains(low) {
                        return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    }
                    position = saved
                }
                return value
            default:
                // Identity escapes: syntax characters, '/' and '-' (in classes); letters and
                // digits name nothing else in ECMA-262.
                if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    throw error("'\\\(scalar)' is not an ECMA-262 escape", at: start)
                }
                return scalar.value
            }
        }

        private mutating func hexDigits(count: Int, start: Int) throws(ECMAScriptPatternError) -> UInt32 {
            guard position + count <= scalars.count, let value = Self.hexValue(scalars[position..<position + count])
            else { throw error("expected \(count) hex digits after the escape", at: start) }
            position += count
            return value
        }

        /// The value of hex digits (at most 8), or nil when any is not a hex digit.
        private static func hexValue(_ digits: ArraySlice<Unicode.Scalar>) -> UInt32? {
            var value: UInt32 = 0
            for digit in digits {
                guard let nibble = decimal(digit) ?? hexLetter(digit) else { return nil }
                value = value << 4 | nibble
            }
            return value
        }

        private static func decimal(_ digit: Unicode.Scalar) -> UInt32? {
            ("0"..."9").contains(digit) ? digit.value - 0x30 : nil
        }

        private static func hexLetter(_ digit: Unicode.Scalar) -> UInt32? {
            switch digit {
            case "a"..."f": return digit.value - 0x61 + 10
            case "A"..."F": return digit.value - 0x41 + 10
            default: return nil
            }
        }

        private mutating func characterClass(openedAt start: Int) throws(ECMAScriptPatternError) -> Node {
            var set = ScalarSet(items: [])
            set.negated = take("^")
            while true {
                guard let scalar = peek else { throw error("missing ']' for the class opened at \(start)", at: start) }
                if scalar == "]" {
                    position += 1
                    return .set(set)
                }
                let low = try classAtom()
                guard case .range(let lowValue, _) = low, peek == "-", position + 1 < scalars.count,
                    scalars[position + 1] != "]"
                else {
                    set.items.append(low)
                    continue
                }
                let dash = position
                position += 1
                let high = try classAtom()
                guard case .range(let highValue, _) = high else {
                    throw error("a class escape cannot end a range", at: dash)
                }
                guard lowValue <= highValue else { throw error("range out of order in a character class", at: dash) }
                set.items.append(.range(lowValue, highValue))
            }
        }

        /// One member of a class: a code point (as a one-point range) or a class escape.
        private mutating func classAtom() throws(ECMAScriptPatternError) -> ScalarSet.Item {
            let start = position
            let scalar = scalars[position]
            position += 1
            guard scalar == "\\" else { return .range(scalar.value, scalar.value) }
            guard peek != nil else { throw error("'\\' at the end of the pattern", at: start) }
            if take("b") { return .range(0x08, 0x08) }  // backspace, inside a class
            if take("-") { return .range(0x2D, 0x2D) }
            if let item = try classEscape() { return item }
            if let digit = peek, ("1"..."9").contains(digit) {
                throw error("backreferences ('\\\(digit)') are not allowed in a class", at: start)
            }
            let value = try characterEscape(start: start)
            return .range(value, value)
        }
    }
}
