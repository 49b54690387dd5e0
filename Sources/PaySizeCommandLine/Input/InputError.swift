@_spi(Internals) import PaySize

/// Input that cannot be read or is not one strict JSON text: reported in compiler style and
/// exit status 2.
struct InputError: Error, Equatable {
    var file: String
    /// The line and column of the problem, when it has one.
    var location: TextPosition? = nil
    /// The byte offset of the problem within the payload, when known.
    var byteOffset: Int? = nil
    /// The JSON Pointer being read, when known.
    var path: JSONPointer? = nil
    /// One line: `expected …, found …`.
    var message: String

    /// `FILE:LINE:COLUMN: error: MESSAGE`, or `FILE: error: MESSAGE` without a location.
    var diagnostic: String {
        let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
        var text = "\(place): error: "
        if let path { text += "\(path): " }
        text += message
        if let byteOffset { text += " (byte \(byteOffset))" }
        return text
    }

    /// The scanner's error placed in `file`, its line shifted when the payload starts on `firstLine`.
    init(file: String, scanError: JSONScanError, firstLine: Int = 1) {
        self.file = file
        self.location = TextPosition(line: scanError.line + firstLine - 1, column: scanError.column)
        self.byteOffset = scanError.byteOffset
        self.path = scanError.path
        self.message = scanError.message
    }

    init(file: String, location: TextPosition? = nil, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }
}
