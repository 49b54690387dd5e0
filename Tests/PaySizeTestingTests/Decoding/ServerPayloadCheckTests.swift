import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import Testing

@Suite("Server payloads decode")
struct ServerPayloadCheckTests {
    static func fixture(_ name: String) -> URL {
        Bundle.module.url(forResource: name, withExtension: "json")!
    }

    static func update(_ contentState: String) -> Data {
        Data(#"{"aps":{"timestamp":1764504000,"event":"update","content-state":\#(contentState)}}"#.utf8)
    }

    @Test("a push body, a bare content state, a file and a bundle resource that decode pass")
    func passes() {
        let state = #"{"status":"onTheWay","etaDate":786197700,"courierName":"Ana"}"#
        #expect(expectDecodes(DeliveryState.self, from: Self.update(state)).isPassing)
        #expect(expectDecodes(DeliveryState.self, from: Data(state.utf8)).isPassing)
        let file = Self.fixture("update-from-server")
        #expect(expectDecodes(DeliveryState.self, contentsOf: file).isPassing)
        let resource = expectDecodes(
            DeliveryState.self, resource: "update-from-server", in: .module)
        #expect(resource.source == "update-from-server.json")
        #expect(resource.findings.isEmpty)
        #expect(resource.decoding?.isFaithful == true)
    }

    @Test("a snake_case payload does not decode: the decoder's reason, then every contract finding")
    func snakeCaseFile() throws {
        let file = Self.fixture("update-snake-case")
        let check = ServerPayloadCheck(DeliveryState.self, contentsOf: file)
        #expect(check.decoding?.isDecodingFailure == true)
        // The contract's own findings for these bytes, dropped first, each on its own line.
        let payload = try JSONScanner.scan(Array(Data(contentsOf: file)))
        let findings = PayloadContract(contentState: .infer(from: DeliveryState.self)).findings(in: payload)
        #expect(check.findings == findings)
        #expect(findings.map(\.path.description).contains("/aps/content-state/etaDate"))
        #expect(findings.contains { $0.code == .dropped })
        let expected =
            ([
                "'update-snake-case.json' does not decode into 'DeliveryState': the device expects key 'etaDate' at /etaDate but the payload has no such key — the payload has 'eta_date' instead",
                "contract findings:",
            ] + findings.map { "  \($0)" }).joined(separator: "\n")
        #expect(check.failureMessage == expected)
        withKnownIssue {
            expectDecodes(DeliveryState.self, resource: "update-snake-case", in: .module)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [expected]
        }
    }

    @Test("Unix seconds in a Date decode, but are suspicious: fails unless suspicious findings are allowed")
    func unixSeconds() throws {
        let data = Self.update(#"{"status":"onTheWay","etaDate":1764504900,"courierName":"Ana"}"#)
        let check = ServerPayloadCheck(DeliveryState.self, jsonData: data)
        #expect(check.decoding?.isFaithful == true)
        #expect(check.findings.map(\.path) == [JSONPointer("aps", "content-state", "etaDate")])
        #expect(check.findings.map(\.code) == [.suspicious])
        let expected = """
            the payload decodes into 'DeliveryState', but not as the server means it:
              \(check.findings[0])
            """
        #expect(check.failureMessage == expected)
        withKnownIssue {
            expectDecodes(DeliveryState.self, from: data)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [expected]
        }
        #expect(expectDecodes(DeliveryState.self, from: data, allowsSuspicious: true).isPassing)
    }

    @Test("a wrong type in a bare content state is located in it")
    func bareContentState() {
        let check = ServerPayloadCheck(
            DeliveryState.self, jsonData: Data(#"{"status":"onTheWay","etaDate":"soon","courierName":"Ana"}"#.utf8))
        #expect(
            check.failureMessage?.components(separatedBy: "\n").first
                == "the payload does not decode into 'DeliveryState': the device expects a number at /etaDate but the payload has string 'soon'"
        )
        #expect(check.findings.first?.path == JSONPointer("etaDate"))
    }

    @Test("input that cannot be read says why")
    func unreadable() throws {
        let missing = Self.fixture("update-from-server").deletingLastPathComponent()
            .appendingPathComponent("no-such-payload.json")
        #expect(
            ServerPayloadCheck(DeliveryState.self, contentsOf: missing).failureMessage
                == "no file at '\(missing.path)'")
        #expect(
            ServerPayloadCheck(DeliveryState.self, resource: "no-such-payload", in: .module).failureMessage
                == "no resource 'no-such-payload.json' in the bundle at '\(Bundle.module.bundlePath)'")
        let bytes = Array("{\"aps\":".utf8)
        let error = try #require(throws: JSONScanError.self) { try JSONScanner.scan(bytes) }
        #expect(
            ServerPayloadCheck(DeliveryState.self, jsonData: Data(bytes)).failureMessage
                == "the payload is not JSON: \(error)")
        #expect(
            ServerPayloadCheck(DeliveryState.self, jsonData: Data(#"{"aps":{"event":"end"}}"#.utf8)).failureMessage
                == "the payload does not decode into 'DeliveryState': the payload has no 'content-state'")
    }
}
