import Foundation
import Testing

@_spi(Internals) @testable import PaySize

@Suite("Schema diff between the installed app and the next version")
struct SchemaDiffTests: ContractFixtureNames {
    func schema(_ text: String) throws -> PayloadSchema {
        try PayloadSchema(jsonBytes: Array(text.utf8))
    }

    func lines(_ diff: SchemaDiff) -> [String] {
        diff.conflicts.map {
            "\($0.path) \($0.direction == .serversToInstalledApps ? "S" : "R")\($0.noPayloadSatisfiesBoth ? "!" : "") \($0.message)"
        }
    }

    struct DeliveryV2: Codable {
        enum Status: String, Codable, CaseIterable {
            case preparing, pickedUp, onTheWay, delivered, returned
        }
        var status: Status
        var etaDate: Date
        var courierName: String
        var stopsAway: Int
        var note: String?
        var courierPhone: String
    }

    @Test("identical schemas are compatible")
    func identical() {
        let diff = SchemaDiff(installed: .infer(from: DeliveryState.self), next: .infer(from: DeliveryState.self))
        #expect(diff.verdict == .compatible)
        #expect(diff.conflicts.isEmpty)
        #expect(!diff.noPayloadSatisfiesBoth)
    }

    @Test("an added enum case and a new required key break one direction each")
    func deliveryV2() {
        let diff = SchemaDiff(installed: .infer(from: DeliveryState.self), next: .infer(from: DeliveryV2.self))
        #expect(diff.verdict == .conflicts)
        #expect(!diff.noPayloadSatisfiesBoth)
        #expect(
            lines(diff) == [
                "/status S a payload for the new version may hold 'returned', which installed apps cannot decode",
                "/courierPhone R key 'courierPhone' is required by the updated app but a state stored by the installed build does not have it",
            ])
    }

    @Test("the reverse update: a removed case and a dropped required key")
    func reverse() {
        let diff = SchemaDiff(installed: .infer(from: DeliveryV2.self), next: .infer(from: DeliveryState.self))
        #expect(
            lines(diff) == [
                "/courierPhone S key 'courierPhone' is required by installed apps but a payload for the new version does not have it",
                "/status R a state stored by the installed build may hold 'returned', which the updated app cannot decode",
            ])
    }

    @Test("a changed type: no payload satisfies both")
    func typeChanged() throws {
        let old = try schema(#"{"type":"object","properties":{"eta":{"type":"number"}},"required":["eta"]}"#)
        let new = try schema(#"{"type":"object","properties":{"eta":{"type":"string"}},"required":["eta"]}"#)
        let diff = SchemaDiff(installed: old, next: new)
        #expect(diff.noPayloadSatisfiesBoth)
        #expect(
            lines(diff) == [
                "/eta S! no payload satisfies both: the installed version expects a number, the new one a string",
                "/eta R a state stored by the installed build may hold a number here, which the updated app cannot decode (it expects a string)",
            ])
    }

    @Test("a changed type on an optional key can be avoided by leaving it out")
    func optionalTypeChanged() throws {
        let old = try schema(#"{"type":"object","properties":{"eta":{"type":"number"}}}"#)
        let new = try schema(#"{"type":"object","properties":{"eta":{"type":"string"}}}"#)
        let diff = SchemaDiff(installed: old, next: new)
        #expect(!diff.noPayloadSatisfiesBoth)
        #expect(diff.conflicts.map(\.direction) == [.serversToInstalledApps, .runningActivitiesToUpdatedApp])
    }

    @Test("number narrowed to integer breaks running activities only")
    func narrowed() throws {
        let old = try schema(#"{"type":"object","properties":{"n":{"type":"number"}},"required":["n"]}"#)
        let new = try schema(#"{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}"#)
        #expect(
            lines(SchemaDiff(installed: old, next: new)) == [
                "/n R a state stored by the installed build may hold a number here, which the updated app cannot decode (it expects an integer)"
            ])
        #expect(
            lines(SchemaDiff(installed: new, next: old)) == [
                "/n S a payload for the new version may hold a number here, which installed apps cannot decode (it expects an integer)"
            ])
    }

    @Test("disjoint enums and disjoint enum cases: no payload satisfies both")
    func disjoint() throws {
        let old = try schema(#"{"type":"object","properties":{"s":{"enum":["a","b"]}},"required":["s"]}"#)
        let new = try schema(#"{"type":"object","properties":{"s":{"enum":["c"]}},"required":["s"]}"#)
        let diff = SchemaDiff(installed: old, next: new)
        #expect(diff.noPayloadSatisfiesBoth)
        #expect(diff.conflicts.first?.path == JSONPointer("s"))

        enum PhaseA: Codable {
            case waiting
            case moving(Int)
        }
        enum PhaseB: Codable {
            case parked
            case flying(String)
        }
        struct A: Codable { var phase: PhaseA }
        struct B: Codable { var phase: PhaseB }
        let cases = SchemaDiff(installed: .infer(from: A.self), next: .infer(from: B.self))
        #expect(cases.noPayloadSatisfiesBoth)
        #expect(
            lines(cases).first
                == "/phase S! no payload satisfies both: the two versions share no enum case both can decode")
        #expect(
            lines(cases).contains(
                "/phase R a state stored by the installed build may hold case 'moving', which the updated app cannot decode"
            ))
    }

    @Test("a new optional key and a widened optional are compatible for running activities")
    func compatibleChanges() throws {
        struct V1: Codable { var a: Int }
        struct V2: Codable {
            var a: Int
            var b: String?
        }
        let diff = SchemaDiff(installed: .infer(from: V1.self), next: .infer(from: V2.self))
        #expect(diff.verdict == .compatible)
    }

    @Test("conflicts come in path order within each direction")
    func pathOrder() throws {
        // Installed: 'z' a number, 'b' optional, 'a' an integer. Next: 'z' a string (no payload
        // fits both), 'b' required, 'a' a number, 'items' longer arrays.
        let old = try schema(
            #"{"type":"object","properties":{"z":{"type":"number"},"b":{"type":"string"},"a":{"type":"integer"},"items":{"type":"array","items":{"type":"object","properties":{"10":{"type":"string"},"9":{"type":"string"}}}}},"required":["z","a"]}"#
        )
        let new = try schema(
            #"{"type":"object","properties":{"z":{"type":"string"},"b":{"type":"string"},"a":{"type":"number"},"items":{"type":"array","items":{"type":"object","properties":{"10":{"type":"integer"},"9":{"type":"integer"}}}}},"required":["z","a","b"]}"#
        )
        let diff = SchemaDiff(installed: old, next: new)
        #expect(
            diff.conflicts.map { "\($0.direction == .serversToInstalledApps ? "S" : "R") \($0.path)" } == [
                "S /a", "S /items/0/10", "S /items/0/9", "S /z",
                "R /b", "R /items/0/10", "R /items/0/9", "R /z",
            ])
        #expect(diff.conflicts[3].noPayloadSatisfiesBoth)
        #expect(diff.breaksRunningActivities)
    }

    @Test("a field made optional, or made required, is one conflict at its path")
    func optionality() throws {
        struct Required: Codable { var label: String }
        struct Optional: Codable { var label: String? }
        #expect(
            lines(SchemaDiff(installed: .infer(from: Required.self), next: .infer(from: Optional.self))) == [
                "/label S a payload for the new version may omit key 'label' or hold null there, which installed apps cannot decode (it requires a string)"
            ])
        #expect(
            lines(SchemaDiff(installed: .infer(from: Optional.self), next: .infer(from: Required.self))) == [
                "/label R a state stored by the installed build may omit key 'label' or hold null there, which the updated app cannot decode (it requires a string)"
            ])
        #expect(
            !SchemaDiff(installed: .infer(from: Required.self), next: .infer(from: Optional.self))
                .breaksRunningActivities)
    }

    @Test("an Int's exact range is no conflict with a schema that wrote none; narrower ranges are")
    func integerBounds() throws {
        let unbounded = try schema(#"{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}"#)
        struct Wide: Codable { var n: Int }
        struct Narrow: Codable { var n: Int32 }
        #expect(SchemaDiff(installed: unbounded, next: .infer(from: Wide.self)).conflicts.isEmpty)
        #expect(SchemaDiff(installed: .infer(from: Wide.self), next: unbounded).conflicts.isEmpty)
        #expect(
            lines(SchemaDiff(installed: unbounded, next: .infer(from: Narrow.self))) == [
                "/n R the updated app requires a value ≥ -2147483648, a state stored by the installed build allows less",
                "/n R the updated app requires a value ≤ 2147483647, a state stored by the installed build allows more",
            ])
    }

    @Test("a Double narrowed to a Float breaks running activities only")
    func floatNarrowed() {
        struct Wide: Codable { var level: Double }
        struct Narrow: Codable { var level: Float }
        #expect(
            lines(SchemaDiff(installed: .infer(from: Wide.self), next: .infer(from: Narrow.self))) == [
                "/level R a state stored by the installed build may hold a Double beyond what a Float holds here, which the updated app cannot decode"
            ])
        #expect(
            lines(SchemaDiff(installed: .infer(from: Narrow.self), next: .infer(from: Wide.self))) == [
                "/level S a payload for the new version may hold a Double beyond what a Float holds here, which installed apps cannot decode"
            ])
    }

    @Test("a key made required, a Date epoch change and a nested change")
    func nested() throws {
        struct Inner1: Codable {
            var at: Date
            var label: String?
        }
        struct Inner2: Codable {
            var at: Double
            var label: String
        }
        struct V1: Codable { var inner: [Inner1] }
        struct V2: Codable { var inner: [Inner2] }
        #expect(
            lines(SchemaDiff(installed: .infer(from: V1.self), next: .infer(from: V2.self))) == [
                "/inner/0/at S one side reads this number as a Date (seconds since 2001-01-01) and the other does not",
                "/inner/0/at R one side reads this number as a Date (seconds since 2001-01-01) and the other does not",
                "/inner/0/label R a state stored by the installed build may omit key 'label' or hold null there, which the updated app cannot decode (it requires a string)",
            ])
    }
}
