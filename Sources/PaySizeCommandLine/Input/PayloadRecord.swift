/// One payload to check: the bytes of a payload file, or one line of a JSON Lines log.
struct PayloadRecord {
    /// The file as named on the command line (`<stdin>` for `-`).
    var file: String
    /// The 1-based line of a JSON Lines record; `nil` for a whole payload file.
    var line: Int?
    var bytes: [UInt8]
}
