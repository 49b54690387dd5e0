extension String {
    /// A type's name as its declaration spells it, module names left out and nesting kept:
    /// `DeliveryAttributes.ContentState`, `Box<Int>`, `Outer<Int>.Inner`.
    ///
    /// Schema titles and snapshot file names use it, so two activities' `ContentState` types
    /// never share one.
    package init(typeName type: Any.Type) {
        self.init(typeNameFromReflecting: String(reflecting: type))
    }

    /// The name ``init(typeName:)`` makes of a type's `String(reflecting:)` text.
    ///
    /// Every type reference in that text is qualified by its module, and a module is the first
    /// component of a reference only: `App.FoodApp.ContentState` is `FoodApp.ContentState`,
    /// `Kit.Kit` is `Kit`, `Swift.Optional<App.Box<Swift.Int>>` is `Optional<Box<Int>>`. A
    /// component is never searched for as text, so a type whose name contains its module's
    /// keeps it whole. Contexts the demangler prints in parentheses are left out with their
    /// separator: `(extension in Kit):`, and `(unknown context at $10a3c).` for a type declared
    /// in a function, named from that function on (`App.Tests.(unknown context at $10a3c).Local`
    /// is `Local`).
    package init(typeNameFromReflecting reflected: String) {
        let characters = Array(reflected)
        var name: [Character] = []
        var index = 0
        // Whether the next identifier starts a reference qualified by its module.
        var nextIsQualified = true
        // Where the current reference's type names start in `name`.
        var referenceStart = 0
        while index < characters.count {
            let character = characters[index]
            if character.isIdentifierCharacter {
                var end = index
                while end < characters.count, characters[end].isIdentifierCharacter { end += 1 }
                let continues = end < characters.count && characters[end] == "."
                let startsReference = name.last != "."
                if startsReference, nextIsQualified, continues {
                    // The module: drop it and its dot; what follows is the type.
                    index = end + 1
                    nextIsQualified = false
                    referenceStart = name.count
                    continue
                }
                name += characters[index..<end]
                index = end
                nextIsQualified = true
                continue
            }
            if character == "(", let close = Self.closingParenthesis(in: characters, from: index),
                close + 1 < characters.count, characters[close + 1] == "." || characters[close + 1] == ":"
            {
                // A context, not a tuple: `(unknown context at $…).Name`, `(extension in Kit):Swift.Int`.
                // A type declared in a function is named from there on, as its code names it.
                let separator = characters[close + 1]
                if separator == "." { name.removeSubrange(referenceStart...) }
                index = close + 2
                nextIsQualified = separator == ":"
                continue
            }
            name.append(character)
            index += 1
        }
        self = String(name)
    }

    private static func closingParenthesis(in characters: [Character], from open: Int) -> Int? {
        var depth = 0
        for index in open..<characters.count {
            switch characters[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}

extension Character {
    fileprivate var isIdentifierCharacter: Bool {
        isLetter || isNumber || self == "_" || self == "$"
    }
}
