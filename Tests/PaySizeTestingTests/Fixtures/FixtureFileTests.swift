import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import Testing

@Suite("Fixture files found from #filePath")
struct FixtureFileTests {
    @Test("a fixture near the test file is found without a bundle")
    func found() throws {
        let url = try fixtureURL("../Resources/update-from-server.json")
        #expect(
            url.path == URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
                + "/Resources/update-from-server.json")
        let data = try fixtureData("../Resources/update-from-server.json")
        #expect(data == Data(try Data(contentsOf: url)))
        #expect(expectDecodes(DeliveryState.self, from: data).isPassing)
    }

    @Test("a missing fixture names the path tried and the test file")
    func missing() {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
        #expect(
            throws: FixtureError(
                path: "Fixtures/../Recorded/none.json", triedPath: folder + "/Recorded/none.json",
                testFilePath: #filePath)
        ) {
            try fixtureData("Fixtures/../Recorded/none.json")
        }
        let error = FixtureError(
            path: "Fixtures/none.json", triedPath: "/p/Fixtures/none.json", testFilePath: "/p/T.swift")
        #expect(
            error.description
                == "no fixture file at '/p/Fixtures/none.json' ('Fixtures/none.json' relative to the folder of '/p/T.swift')"
        )
        #expect(throws: FixtureError.self) { try fixtureURL("../Resources") }
    }
}
