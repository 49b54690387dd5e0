/// A command line that cannot be run: an unknown option, a missing value, a bad value.
struct UsageError: Error, Equatable {
    /// One line, lowercase, user input in single quotes.
    var message: String
    /// The command whose help explains the fix, such as `paysize check`.
    var command: String

    /// `paysize: error: MESSAGE (see 'COMMAND --help')`.
    var line: String {
        "paysize: error: \(message) (see '\(command) --help')"
    }
}
