import Foundation

/// JSON Lines shaped like Live Activity updates, `count` lines each ending in `\n`.
func liveActivityLines(count: Int) -> [UInt8] {
    var text = ""
    for index in 0..<count {
        text +=
            #"{"aps":{"timestamp":\#(1_700_000_000 + index),"event":"update","content-state":"#
            + #"{"eta":\#(index % 60),"driver":"driver \#(index % 7)","stage":"stage-\#(index % 4)"}}}"#
            + "\n"
    }
    return Array(text.utf8)
}

/// A fresh directory under the system temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("PaySizeCompressionTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
