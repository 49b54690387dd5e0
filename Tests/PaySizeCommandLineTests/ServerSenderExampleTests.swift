import Foundation
import Testing

/// The server-side sender example prints headers and a body that `paysize check` accepts.
@Suite("The server sender example") struct ServerSenderExampleTests {
    @Test("example body passes the checker") func exampleBodyPassesTheChecker() throws {
        let example = PaySizeProcess.executable.deletingLastPathComponent().appendingPathComponent(
            "ServerSenderExample")
        let process = Process()
        process.executableURL = example
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let lines = String(decoding: outputData, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            Array(lines.prefix(4)) == [
                "apns-push-type: liveactivity", "apns-topic: com.example.Deliveries.push-type.liveactivity",
                "apns-priority: 10", "",
            ])
        // A failure above must not crash the run here: four header lines and the body.
        try #require(lines.count >= 5, "\(lines.count) lines")
        let body = String(lines[4])
        #expect(
            body.hasPrefix(
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{"status":"onTheWay","courierName":"Sam","etaDate":786194100,"itemCount":3}"#
            ))
        #expect(
            String(decoding: errorData, as: UTF8.self)
                == "\(body.utf8.count) bytes, safe (advisory), \(4096 - body.utf8.count) bytes of headroom\n")

        let check = try PaySizeProcess.run(["check", "--format", "json", "-"], input: Data(body.utf8))
        #expect(check.status == 0)
        #expect(check.standardOutput.contains(#""payloadBytes":\#(body.utf8.count),"#))
        #expect(check.standardOutput.contains(#""findings":[]"#))
    }
}
