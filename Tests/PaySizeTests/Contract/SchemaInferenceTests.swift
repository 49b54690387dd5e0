import Foundation
import Testing

@_spi(Internals) @testable import PaySize

@Suite("Schema inference")
struct SchemaInferenceTests: ContractFixtureNames {
    func text(_ schema: PayloadSchema) -> String {
        String(decoding: schema.jsonData(), as: UTF8.self)
    }

    struct Pin: Codable {
        enum Kind: Int, Codable, CaseIterable {
            case home = 1
            case work = 2
        }
        var id: UUID
        var kind: Kind
        var at: Date
        var icon: Data?
        var link: URL
        var tags: [String]
        var level: UInt8
    }

    @Test("output is pinned: keys sorted, pretty, final newline")
    func pinned() {
        let document = PayloadSchema.infer(from: Pin.self).document
        #expect(
            String(decoding: JSONDocumentWriter.write(document.removing("x-paysize-keywords")), as: UTF8.self) == """
                {
                  "$schema" : "https://json-schema.org/draft/2020-12/schema",
                  "properties" : {
                    "at" : {
                      "description" : "a Date: seconds since 2001-01-01T00:00:00Z (JSONDecoder's default .deferredToDate), not Unix seconds",
                      "type" : "number",
                      "x-paysize-date" : "reference-date",
                      "x-paysize-number" : "Double"
                    },
                    "icon" : {
                      "contentEncoding" : "base64",
                      "type" : [
                        "string",
                        "null"
                      ],
                      "x-paysize-format" : "base64"
                    },
                    "id" : {
                      "format" : "uuid",
                      "type" : "string",
                      "x-paysize-format" : "UUID"
                    },
                    "kind" : {
                      "enum" : [
                        1,
                        2
                      ],
                      "type" : "integer",
                      "x-paysize-number" : "Int"
                    },
                    "level" : {
                      "maximum" : 255,
                      "minimum" : 0,
                      "type" : "integer",
                      "x-paysize-number" : "UInt8"
                    },
                    "link" : {
                      "format" : "uri-reference",
                      "type" : "string",
                      "x-paysize-format" : "URL"
                    },
                    "tags" : {
                      "items" : {
                        "type" : "string"
                      },
                      "type" : "array"
                    }
                  },
                  "required" : [
                    "id",
                    "kind",
                    "at",
                    "link",
                    "tags",
                    "level"
                  ],
                  "title" : "SchemaInferenceTests.Pin",
                  "type" : "object"
                }

                """)
        // The PaySize keywords the document uses, each with how another validator reads it.
        #expect(
            document["x-paysize-keywords"]?.members?.map { "\($0.key): \($0.value.stringValue ?? "")" }
                == [
                    PaySizeKeyword.date, .number, .format,
                ].map { "\($0.rawValue): \($0.explanation)" })
    }

    @Test("the same type always gives the same bytes")
    func deterministic() {
        let first = PayloadSchema.infer(from: SportsScoreState.self).jsonData()
        for _ in 0..<5 {
            #expect(PayloadSchema.infer(from: SportsScoreState.self).jsonData() == first)
        }
    }

    @Test("custom CodingKeys name the properties")
    func codingKeys() throws {
        let schema = PayloadSchema.infer(from: FlightState.self)
        let keys = schema.document["properties"]?.members?.map(\.key)
        #expect(keys == ["flight", "status", "gate", "departs", "arrives", "delay"])
        #expect(
            schema.document["required"]?.elements?.compactMap(\.stringValue) == [
                "flight", "status", "departs", "arrives", "delay",
            ])
    }

    @Test("enums with associated values become oneOf single-key objects")
    func associatedValues() throws {
        let period = PayloadSchema.infer(from: SportsScoreState.self).document["properties"]?["period"]
        let branches = period?["oneOf"]?.elements ?? []
        #expect(
            branches.compactMap { $0["required"]?.elements?.first?.stringValue } == [
                "pregame", "quarter", "overtime", "final",
            ])
        #expect(
            branches[1]["properties"]?["quarter"]?["required"]?.elements?.compactMap(\.stringValue) == ["_0", "clock"])
    }

    @Test("recursive types use $defs and $ref")
    func recursion() {
        let thread = PayloadSchema.infer(from: CommentThread.self).document
        #expect(thread["$ref"]?.stringValue == "#/$defs/CommentThread")
        #expect(
            thread["$defs"]?["CommentThread"]?["properties"]?["replies"]?["items"]?["$ref"]?.stringValue
                == "#/$defs/CommentThread")
        #expect(
            thread["$defs"]?["CommentThread"]?["properties"]?["parent"]?["properties"]?["thread"]?["$ref"]?.stringValue
                == "#/$defs/CommentThread")
        #expect(!text(.infer(from: CommentThread.self)).contains("x-paysize-note"))

        let expression = PayloadSchema.infer(from: Expression.self).document
        let pair = expression["$defs"]?["Expression"]?["oneOf"]?.elements?[1]["properties"]?["pair"]
        #expect(pair?["required"]?.elements?.compactMap(\.stringValue) == ["_0", "_1"])
    }

    @Test("a key read only when another is missing makes one branch per case")
    func branching() throws {
        let document = PayloadSchema.infer(from: LegacyPrice.self).document
        let branches = try #require(document["anyOf"]?.elements)
        #expect(branches.map { $0["required"]?.elements?.compactMap(\.stringValue) } == [["cents"], ["amount"]])
        #expect(branches[0]["properties"]?.members?.map(\.key) == ["cents"])
        #expect(branches[1]["properties"]?["amount"]?["x-paysize-number"]?.stringValue == "Double")
        #expect(branches[1]["not"]?["required"]?.elements?.compactMap(\.stringValue) == ["cents"])
        let schema = PayloadSchema.infer(from: LegacyPrice.self)
        #expect(schema.findings(in: try ContractTestSupport.json(#"{"amount":1.5}"#)) == [])
        #expect(
            schema.findings(in: try ContractTestSupport.json("{}")).map(\.description) == [
                "/amount: dropped: missing required key 'amount'; fix: add 'amount' to the payload, or make it optional in the app's type"
            ])
        #expect(
            schema.findings(in: try ContractTestSupport.json(#"{"cents":"1"}"#)).map(\.path) == [JSONPointer("cents")])
    }

    @Test("what cannot be inferred is noted, not guessed; raw values are listed without CaseIterable")
    func notes() {
        let strict = PayloadSchema.infer(from: StrictName.self).document
        // Run again with a non-empty placeholder, the type reads its second key too.
        #expect(strict["properties"]?.members?.map(\.key) == ["first", "last"])
        #expect(
            strict["x-paysize-note"]?.stringValue
                == "init(from:) of 'StrictName' refuses some values it reads (EmptyName()), which inference cannot list: servers must send values the app accepts"
        )
        let forecast = PayloadSchema.infer(from: Forecast.self).document
        #expect(forecast["properties"]?["weather"]?["enum"]?.elements?.compactMap(\.stringValue) == ["sunny", "rainy"])
        #expect(forecast["required"]?.elements?.compactMap(\.stringValue) == ["weather", "temperature"])
    }

    /// Refuses codes without its prefix: no placeholder inference tries is one.
    struct Voucher: Codable, Equatable {
        struct BadCode: Error {}
        var code: String
        var cents: Int

        init(code: String, cents: Int) {
            self.code = code
            self.cents = cents
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            code = try container.decode(String.self, forKey: .code)
            guard code.hasPrefix("PS-") else { throw BadCode() }
            cents = try container.decode(Int.self, forKey: .cents)
        }
    }

    /// Reads a different key depending on a value, which no probe can see.
    struct Reading: Codable, Equatable {
        var kind: String
        var value: Int

        enum CodingKeys: String, CodingKey { case kind, value, legacyValue }

        init(kind: String, value: Int) {
            self.kind = kind
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(String.self, forKey: .kind)
            value = try container.decode(Int.self, forKey: kind == "legacy" ? .legacyValue : .value)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(value, forKey: kind == "legacy" ? .legacyValue : .value)
        }
    }

    @Test("examples fill what the type alone cannot show, and say what inference missed")
    func examples() throws {
        let alone = PayloadSchema.infer(from: Voucher.self).document
        #expect(alone["properties"]?.members?.map(\.key) == ["code"])
        #expect(
            alone["x-paysize-note"]?.stringValue
                == "init(from:) of 'Voucher' stopped (BadCode()); keys it reads after that are not in this schema: give infer(from:examples:) a value of it"
        )

        // Keys it could not see are not reported as ignored by the device.
        #expect(alone["additionalProperties"]?.boolValue == true)
        #expect(
            PayloadSchema.infer(from: Voucher.self).findings(
                in: try ContractTestSupport.json(#"{"code":"PS-1","cents":1}"#)) == [])

        let taught = PayloadSchema.infer(from: Voucher.self, examples: [Voucher(code: "PS-1042", cents: 250)])
        #expect(taught.document["properties"]?.members?.map(\.key) == ["code", "cents"])
        #expect(taught.document["required"]?.elements?.compactMap(\.stringValue) == ["code", "cents"])
        #expect(
            taught.document["x-paysize-note"]?.stringValue
                == "init(from:) of 'Voucher' refuses some values it reads (BadCode()), which inference cannot list: servers must send values the app accepts"
        )
        #expect(
            taught.document["examples"].map { String(decoding: JSONDocumentWriter.write($0), as: UTF8.self) }
                == "[\n  {\n    \"cents\" : 250,\n    \"code\" : \"PS-1042\"\n  }\n]\n")
        #expect(taught.findings(in: try ContractTestSupport.json(#"{"code":"PS-7","cents":1}"#)) == [])

        let reading = PayloadSchema.infer(
            from: Reading.self, examples: [Reading(kind: "legacy", value: 3), Reading(kind: "meter", value: 4)])
        #expect(
            reading.document["x-paysize-note"]?.stringValue
                == "example 1 decodes as 'Reading' but this schema refuses it at /value (missing required key 'value'): inference did not see how init(from:) reads it"
        )
    }

    struct Dimmer: Codable {
        enum Level: Float, Codable, CaseIterable {
            case dim = 0.1
            case full = 1
        }
        var level: Level
        var mood: Mood
        enum Mood: String, Codable, CaseIterable {
            case calm, lively, unknown
            init(from decoder: any Decoder) throws {
                self = Mood(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unknown
            }
        }
    }

    @Test("Float raw values are written as the encoder writes them; a fallback enum takes any string")
    func rawValues() throws {
        let schema = PayloadSchema.infer(from: Dimmer.self)
        let level = try #require(schema.document["properties"]?["level"])
        #expect(level["enum"]?.elements?.compactMap(\.numberText) == ["0.1", "1"])
        #expect(level["x-paysize-number"]?.stringValue == "Float")
        // Any string decodes; the annotation lists what each mood is written as, for the bound.
        #expect(schema.document["properties"]?["mood"]?.members?.map(\.key) == ["type", "x-paysize-written-as"])
        #expect(
            schema.document["properties"]?["mood"]?["x-paysize-written-as"]?.elements?.compactMap(\.stringValue) == [
                "calm", "lively", "unknown",
            ])
        let encoded = try ContractTestSupport.element(Dimmer(level: .dim, mood: .lively))
        #expect(String(decoding: JSONDocumentWriter.write(encoded), as: UTF8.self).contains("0.1"))
        #expect(schema.findings(in: encoded) == [])
        // The Float 0.1 spelled as a Double decodes as the same case; another string is any mood.
        let spelled = try ContractTestSupport.json(#"{"level":0.10000000149011612,"mood":"grumpy"}"#)
        #expect(schema.findings(in: spelled) == [])
        #expect(
            schema.findings(in: try ContractTestSupport.json(#"{"level":0.5,"mood":"calm"}"#)).map(\.message) == [
                "unknown value 0.5, expected one of 0.1, 1"
            ])
    }

    struct Shapes: Decodable {
        var byID: [Int: String]
        var byKind: [Kind: Int]
        var matrix: [[Double]]
        var nested: [String: [Date]]
        var pair: Pair
        var explicitOptional: Int?

        enum Kind: String, Decodable, Hashable { case a }

        struct Pair: Decodable {
            var values: [Int]
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                var values: [Int] = []
                while !container.isAtEnd { values.append(try container.decode(Int.self)) }
                self.values = values
            }
        }

        enum CodingKeys: String, CodingKey { case byID, byKind, matrix, nested, pair, explicitOptional }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            byID = try container.decode([Int: String].self, forKey: .byID)
            byKind = try container.decode([Kind: Int].self, forKey: .byKind)
            matrix = try container.decode([[Double]].self, forKey: .matrix)
            nested = try container.decode([String: [Date]].self, forKey: .nested)
            pair = try container.decode(Pair.self, forKey: .pair)
            explicitOptional = try container.decode(Int?.self, forKey: .explicitOptional)
        }
    }

    @Test("collections, dictionaries and explicit optionals")
    func shapes() {
        let properties = PayloadSchema.infer(from: Shapes.self).document["properties"]
        #expect(properties?["byID"]?["type"]?.stringValue == "object")
        #expect(properties?["byID"]?["additionalProperties"]?["type"]?.stringValue == "string")
        #expect(properties?["byKind"]?["type"]?.stringValue == "array")
        #expect(properties?["matrix"]?["items"]?["items"]?["type"]?.stringValue == "number")
        #expect(
            properties?["nested"]?["additionalProperties"]?["items"]?["x-paysize-date"]?.stringValue == "reference-date"
        )
        #expect(properties?["pair"]?["items"]?["type"]?.stringValue == "integer")
        #expect(properties?["explicitOptional"]?["type"]?.elements?.compactMap(\.stringValue) == ["integer", "null"])
        #expect(PayloadSchema.infer(from: Shapes.self).document["required"]?.elements?.count == 6)
    }
}
