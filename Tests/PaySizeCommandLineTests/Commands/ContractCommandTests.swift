import Foundation
import Testing

/// `paysize check --schema` and `paysize schema diff`, end to end.
@Suite("paysize check --schema and paysize schema diff", .timeLimit(.minutes(2))) struct ContractCommandTests {
    @Test("examples satisfy their schemas") func examplesSatisfyTheirSchemas() throws {
        for (schema, example) in [("delivery", "start-delivery"), ("sports", "update-sports"), ("ride", "end-ride")] {
            let result = try PaySizeProcess.run([
                "check", "--format", "json", "--schema", "Schemas/examples/\(schema).schema.json",
                "Examples/\(example).json",
            ])
            #expect(result.status == 0, "\(example)")
            #expect(result.standardOutput.contains(#""findings":[]"#), "\(example)")
        }
    }

    @Test("dropped values fail and suspicious ones warn") func droppedValuesFailAndSuspiciousOnesWarn() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "update.json",
            """
            {"aps":{"timestamp":1764500400,"event":"update","content-state":{"status":"onTheWay","etaDate":1764502200,
            "courier_name":"Sam","courierName":"Sam","stopsAway":"4"}}}
            """)
        let result = try PaySizeProcess.run(["check", "--schema", "Schemas/examples/delivery.schema.json", path])
        #expect(result.status == 1)
        #expect(result.standardError == "")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "  \(path):2:54: error: /aps/content-state/stopsAway: dropped: expected integer, found string '4'; fix: send an integer"
            ))
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "  \(path):1:96: warning: /aps/content-state/etaDate: suspicious: a Date of 1764502200 looks like Unix seconds"
                )
            })
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "  \(path):2:1: warning: /aps/content-state/courier_name: suspicious: unknown key 'courier_name'")
            })
        #expect(
            lines.last(where: { $0.contains("payload checked") }) == "1 payload checked (1 safe); 1 error, 2 warnings")

        let json = try PaySizeProcess.run([
            "check", "--format", "json", "--schema", "Schemas/examples/delivery.schema.json", path,
        ])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["contract"] as? String } == ["dropped", "suspicious", "suspicious"])
        #expect(findings.allSatisfy { ($0["fix"] as? String)?.isEmpty == false })
    }

    @Test("unusable schemas are bad input") func unusableSchemasAreBadInput() throws {
        let folder = try TemporaryFolder()
        let schema = try folder.write(
            "s.json", "{\"type\":\"object\",\n \"properties\":{\"a\":{\"pattern\":\"(?=x)\"}}}")
        let result = try PaySizeProcess.run(["check", "--schema", schema, "Examples/start-delivery.json"])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "\(schema):2:31: error: expected a schema PaySize can honour, found /properties/a/pattern: pattern '(?=x)' cannot be used: lookahead assertions ('(?=' and '(?!') are not supported (at character 0)\n"
        )
        let notJSON = try folder.write("n.json", "{")
        #expect(
            try PaySizeProcess.run(["check", "--schema", notJSON, "x.json"]).standardError
                == "\(notJSON):1:2: error: (root): expected an object key (a string) or '}', found end of input (byte 1)\n"
        )
    }

    @Test("diff of compatible widening exits zero and lists the conflict")
    func diffOfCompatibleWideningExitsZeroAndListsTheConflict() throws {
        let result = try PaySizeProcess.run([
            "schema", "diff", "Schemas/examples/delivery.schema.json", "Examples/schemas/delivery-next.schema.json",
        ])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                servers → installed apps: 1 conflict
                  /status: a payload for the new version may hold 'returned', which installed apps cannot decode
                running activities → the updated app: compatible
                verdict: conflicts — one payload can still satisfy both versions, but see above

                """)
        let strict = try PaySizeProcess.run([
            "schema", "diff", "--strict", "Schemas/examples/delivery.schema.json",
            "Examples/schemas/delivery-next.schema.json",
        ])
        #expect(strict.status == 1)
    }

    @Test("diff that breaks running activities exits one") func diffThatBreaksRunningActivitiesExitsOne() throws {
        // The next version adds a required key: no payload helps a running activity, whose state
        // was stored by the installed build.
        let folder = try TemporaryFolder()
        let next = try Self.deliverySchema(in: folder) { schema, properties in
            properties["courierPhone"] = ["type": "string"]
            schema["required"] = (schema["required"] as? [String] ?? []) + ["courierPhone"]
        }
        let result = try PaySizeProcess.run(["schema", "diff", "Schemas/examples/delivery.schema.json", next])
        #expect(result.status == 1)
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                servers → installed apps: compatible
                running activities → the updated app: 1 conflict
                  /courierPhone: key 'courierPhone' is required by the updated app but a state stored by the installed build does not have it
                verdict: conflicts — running activities started before the update stop showing: the updated app cannot decode their stored state, and no payload can fix it

                """)
        let json = try PaySizeProcess.run([
            "schema", "diff", "--format", "json", "Schemas/examples/delivery.schema.json", next,
        ])
        #expect(json.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["breaksRunningActivities"] as? Bool == true)
        #expect(object["noPayloadSatisfiesBoth"] as? Bool == false)
    }

    @Test("diff with a type change exits one") func diffWithATypeChangeExitsOne() throws {
        let folder = try TemporaryFolder()
        let next = try Self.deliverySchema(in: folder) { _, properties in
            properties["stopsAway"] = ["type": "string"]
        }
        let result = try PaySizeProcess.run([
            "schema", "diff", "--format", "json", "Schemas/examples/delivery.schema.json", next,
        ])
        #expect(result.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["verdict"] as? String == "conflicts")
        #expect(object["noPayloadSatisfiesBoth"] as? Bool == true)
        let conflicts = try #require(object["conflicts"] as? [[String: Any]])
        #expect(
            conflicts.map { $0["direction"] as? String } == [
                "servers → installed apps", "running activities → the updated app",
            ])
        #expect(conflicts.allSatisfy { $0["path"] as? String == "/stopsAway" })
    }

    /// The committed delivery schema changed by `edit` (the whole document, its properties),
    /// written to `folder`; returns the file's path.
    static func deliverySchema(
        in folder: TemporaryFolder, _ edit: (inout [String: Any], inout [String: Any]) -> Void
    ) throws -> String {
        var schema = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    contentsOf: PaySizeProcess.packageRoot.appendingPathComponent(
                        "Schemas/examples/delivery.schema.json"))) as? [String: Any])
        var properties = try #require(schema["properties"] as? [String: Any])
        edit(&schema, &properties)
        schema["properties"] = properties
        return try folder.write("next.json", Array(try JSONSerialization.data(withJSONObject: schema)))
    }

    @Test("diff usage") func diffUsage() throws {
        let result = try PaySizeProcess.run(["schema", "diff", "only-one.json"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "paysize: error: expected two schema files, <old> and <new>, found 1 (see 'paysize schema diff --help')\n"
        )
        let help = try PaySizeProcess.run(["help", "schema"])
        #expect(
            help.standardOutput.hasPrefix(
                "OVERVIEW: Compare the content-state schema of the app version in the field with the next.\n"))
    }
}

/// `--string-equality` and `--format-assertion`.
@Suite("paysize check: schema options", .timeLimit(.minutes(2))) struct SchemaOptionCommandTests {
    @Test("string equality and format assertion") func stringEqualityAndFormatAssertion() throws {
        let folder = try TemporaryFolder()
        let schema = try folder.write(
            "s.json", #"{"properties":{"name":{"const":"\u00e4"},"at":{"format":"date"}}}"#)
        let payload = try folder.write(
            "p.json",
            #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{"name":"a\u0308","at":"2026-13-01"}}}"#)
        let plain = try PaySizeProcess.run(["check", "--schema", schema, payload])
        #expect(plain.status == 0)

        let codepoints = try PaySizeProcess.run([
            "check", "--schema", schema, "--string-equality", "codepoints", payload,
        ])
        #expect(codepoints.status == 1)
        #expect(codepoints.standardOutput.contains("/aps/content-state/name: dropped: expected 'ä', found 'ä'"))

        let formats = try PaySizeProcess.run(["check", "--schema", schema, "--format-assertion", payload])
        #expect(formats.status == 1)
        #expect(
            formats.standardOutput.contains(
                "/aps/content-state/at: dropped: '2026-13-01' is not a valid 'date' (format)"))

        let wrong = try PaySizeProcess.run(["check", "--schema", schema, "--string-equality", "nfc", payload])
        #expect(wrong.status == 2)
        #expect(wrong.standardError.contains("'--string-equality' must be canonical or codepoints, found 'nfc'"))
    }
}

/// `--unknown-keywords`, vendor annotations in `schema lint`, and twin keys under
/// `--string-equality codepoints`, end to end.
@Suite("paysize check and schema lint: unknown keywords and twin keys", .timeLimit(.minutes(2)))
struct SchemaKeywordCommandTests {
    static let update = #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{"name":"x"}}}"#

    @Test("unknown keywords warn by default, refuse or stay quiet on request") func unknownKeywords() throws {
        let folder = try TemporaryFolder()
        let schema = try folder.write(
            "s.json", "{\"properties\":{\"name\":{\"type\":\"string\",\n\"colour\":\"red\",\"tsType\":\"string\"}}}")
        let payload = try folder.write("p.json", Self.update)
        let warned = try PaySizeProcess.run(["check", "--schema", schema, payload])
        #expect(warned.status == 0)
        #expect(
            warned.standardError
                == "\(schema):2:10: warning: /properties/name/colour: unknown keyword 'colour' is not checked (skipped; '--unknown-keywords refuse' refuses it, 'ignore' hides this warning)\n"
        )
        let quiet = try PaySizeProcess.run(["check", "--schema", schema, "--unknown-keywords", "ignore", payload])
        #expect(quiet.status == 0)
        #expect(quiet.standardError == "")
        let refused = try PaySizeProcess.run(["check", "--schema", schema, "--unknown-keywords", "refuse", payload])
        #expect(refused.status == 2)
        #expect(
            refused.standardError
                == "\(schema):2:10: error: expected a schema PaySize can honour, found /properties/name/colour: unsupported keyword 'colour': the validator cannot honour it, so it refuses the schema\n"
        )
        let wrong = try PaySizeProcess.run(["check", "--schema", schema, "--unknown-keywords", "skip", payload])
        #expect(wrong.status == 2)
        #expect(
            wrong.standardError
                == "paysize: error: unknown policy 'skip' for '--unknown-keywords'; expected refuse, warn or ignore (see 'paysize check --help')\n"
        )
        let typo = try folder.write("t.json", #"{"properties":{"name":{"maxLenght":3}}}"#)
        let misspelt = try PaySizeProcess.run(["check", "--schema", typo, payload])
        #expect(misspelt.status == 2)
        #expect(
            misspelt.standardError
                == "\(typo):1:36: error: expected a schema PaySize can honour, found /properties/name/maxLenght: unknown keyword 'maxLenght', did you mean 'maxLength'? A near miss of a draft 2020-12 keyword is refused, not skipped\n"
        )
    }

    @Test(
        "every command that reads a schema takes the same unknown-keyword policy",
        arguments: [
            ["suggest", "--schema", "s.json", "p.json"], ["bound", "s.json"], ["schema", "diff", "s.json", "n.json"],
            ["schema", "diff", "n.json", "s.json"],
        ])
    func unknownKeywordPolicyOnEveryCommand(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "s.json",
            "{\"type\":\"object\",\"additionalProperties\":false,\"properties\":{\"name\":{\"type\":\"string\",\n\"maxLength\":3,\"colour\":\"red\"}}}"
        )
        try folder.write(
            "n.json",
            #"{"type":"object","additionalProperties":false,"properties":{"name":{"type":"string","maxLength":3}}}"#)
        try folder.write("p.json", Self.update)
        let warned = try PaySizeProcess.run(command, in: folder.url)
        let quiet = try PaySizeProcess.run(command + ["--unknown-keywords", "ignore"], in: folder.url)
        // Skipping the keyword changes nothing but the warning.
        #expect(warned.status == quiet.status)
        #expect(warned.status != 2)
        #expect(warned.standardOutput == quiet.standardOutput)
        #expect(
            warned.standardError
                == "s.json:2:24: warning: /properties/name/colour: unknown keyword 'colour' is not checked (skipped; '--unknown-keywords refuse' refuses it, 'ignore' hides this warning)\n"
        )
        #expect(quiet.standardError == "")
        let refused = try PaySizeProcess.run(command + ["--unknown-keywords", "refuse"], in: folder.url)
        #expect(refused.status == 2)
        #expect(refused.standardOutput == "")
        #expect(
            refused.standardError
                == "s.json:2:24: error: expected a schema PaySize can honour, found /properties/name/colour: unsupported keyword 'colour': the validator cannot honour it, so it refuses the schema\n"
        )
    }

    @Test("schema lint lists vendor annotations and warns of unknown keywords") func lintListsAnnotations() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "s.json",
            "{\"type\":\"object\",\n\"x-generator\":\"quicktype\",\"properties\":{\"bin\":{\"tsType\":\"string\",\"units\":1}}}"
        )
        let result = try PaySizeProcess.run(["schema", "lint", "s.json"], in: folder.url)
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                s.json:2:15: note: /x-generator: annotation 'x-generator', not checked
                s.json:2:57: note: /properties/bin/tsType: annotation 'tsType', not checked
                s.json: valid draft 2020-12 schema

                """)
        #expect(
            result.standardError
                == "s.json:2:74: warning: /properties/bin/units: unknown keyword 'units' is not checked (skipped; '--unknown-keywords refuse' refuses it, 'ignore' hides this warning)\n"
        )
        let refused = try PaySizeProcess.run(
            ["schema", "lint", "--unknown-keywords", "refuse", "s.json"], in: folder.url)
        #expect(refused.status == 2)
    }

    @Test("twin keys: two names under codepoints, one key with a reason by default") func twinKeys() throws {
        let folder = try TemporaryFolder()
        let schema = try folder.write(
            "s.json", #"{"properties":{"\u00e4":{"type":"integer"},"a\u0308":{"type":"string"}}}"#)
        let payload = try folder.write(
            "p.json", #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{"\u00e4":1,"a\u0308":"x"}}}"#)
        let codepoints = try PaySizeProcess.run([
            "check", "--schema", schema, "--string-equality", "codepoints", payload,
        ])
        #expect(codepoints.status == 0)
        let canonical = try PaySizeProcess.run(["check", "--schema", schema, payload])
        #expect(canonical.status == 2)
        #expect(
            canonical.standardError
                == "\(schema):1:44: error: /properties: expected unique keys, found key 'a\u{308}' (U+0061 U+0308), canonically equivalent to key '\u{e4}' (U+00E4) (first at byte 15): the device's JSONDecoder compares keys as Swift strings and reads both as one (byte 43)\n"
        )
    }
}
