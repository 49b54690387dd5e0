#if canImport(XCTest)
    import Foundation
    import PaySize
    import XCTest

    // The XCTest entries: each runs the same check as its Swift Testing twin (`expect…`) and
    // calls `XCTFail` with the failure message at the caller's file and line.

    /// Asserts that a Live Activity's attributes and content state together — ActivityKit's
    /// combined figure — fit within `ceiling`.
    ///
    /// ```swift
    /// func testDeliveryFits() {
    ///     assertFits(DeliveryAttributes(orderNumber: "A-1042"), .preview, within: .monitor)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - attributes: The activity's attributes.
    ///   - contentState: Its content state.
    ///   - ceiling: The most both may measure; default: the ``PaySizeTestConfiguration``'s
    ///     ceiling (`.critical`, ActivityKit's 4096-byte limit, unless set).
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The measurement, for further assertions.
    @discardableResult
    public func assertFits<Attributes: Encodable, ContentState: Encodable>(
        _ attributes: Attributes, _ contentState: ContentState, within ceiling: SizeCeiling? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> BudgetFit {
        BudgetFit(
            attributes: attributes, contentState: contentState, within: configured(ceiling, file: file, line: line)
        ).fail(file: file, line: line)
    }

    /// Asserts that a content state alone, as an update push carries it, fits within `ceiling`.
    ///
    /// - Parameters:
    ///   - contentState: The content state.
    ///   - ceiling: The most it may measure; default: the ``PaySizeTestConfiguration``'s
    ///     ceiling (`.critical`, ActivityKit's 4096-byte limit, unless set).
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The measurement, for further assertions.
    @discardableResult
    public func assertFits<ContentState: Encodable>(
        contentState: ContentState, within ceiling: SizeCeiling? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> BudgetFit {
        BudgetFit(contentState: contentState, within: configured(ceiling, file: file, line: line)).fail(
            file: file, line: line)
    }

    /// Asserts that a whole push payload (JSON), measured in compact form, fits within `ceiling`.
    ///
    /// - Parameters:
    ///   - payload: The payload's JSON bytes.
    ///   - ceiling: The most it may measure; default: the ``PaySizeTestConfiguration``'s
    ///     ceiling (`.critical`, ActivityKit's 4096-byte limit, unless set).
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The measurement, for further assertions.
    @discardableResult
    public func assertFits(
        payload: Data, within ceiling: SizeCeiling? = nil, file: StaticString = #filePath, line: UInt = #line
    ) -> BudgetFit {
        BudgetFit(payload: payload, within: configured(ceiling, file: file, line: line)).fail(file: file, line: line)
    }

    /// Asserts that the body a push builder sends fits within `ceiling`, and the push breaks no rule.
    ///
    /// - Parameters:
    ///   - push: The push.
    ///   - ceiling: The most its body may measure; default: the ``PaySizeTestConfiguration``'s
    ///     ceiling (`.critical`, ActivityKit's 4096-byte limit, unless set).
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The measurement, for further assertions.
    @discardableResult
    public func assertFits<ContentState, Attributes>(
        _ push: LiveActivityPush<ContentState, Attributes>, within ceiling: SizeCeiling? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> BudgetFit {
        BudgetFit(push: push, within: configured(ceiling, file: file, line: line)).fail(file: file, line: line)
    }

    /// Asserts that a content state encoded by the server's `JSONEncoder` decodes on the device
    /// (default `JSONDecoder`) into the same state.
    ///
    /// - Parameters:
    ///   - state: The state; `Codable` is enough (an `Equatable` one must also come back `==`).
    ///   - encoder: The server's encoder with its strategies; default: a plain `JSONEncoder`.
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The round trip, for further assertions.
    @discardableResult
    public func assertRoundTrips<State: Codable>(
        _ state: State, encoder: JSONEncoder = JSONEncoder(), file: StaticString = #filePath, line: UInt = #line
    ) -> RoundTripResult {
        ContentStateRoundTrip.check(state, encoder: encoder).fail(file: file, line: line)
    }

    /// Asserts that a content state encoded by the server's ``/PaySize/PayloadEncoder`` decodes on the
    /// device (default `JSONDecoder`) into the same state.
    ///
    /// - Parameters:
    ///   - state: The state; `Codable` is enough (an `Equatable` one must also come back `==`).
    ///   - encoder: The server's encoder with its strategies.
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The round trip, for further assertions.
    @discardableResult
    public func assertRoundTrips<State: Codable>(
        _ state: State, encoder: PayloadEncoder, file: StaticString = #filePath, line: UInt = #line
    ) -> RoundTripResult {
        ContentStateRoundTrip.check(state, encoder: encoder).fail(file: file, line: line)
    }

    /// Asserts that a push body or content state (JSON) decodes into `type` on the device, with
    /// no suspicious contract finding.
    ///
    /// - Parameters:
    ///   - type: The app's content-state type.
    ///   - jsonData: A push body or a bare content state.
    ///   - allowsSuspicious: Pass `true` to tolerate suspicious findings. Default: `false`.
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The check, for further assertions.
    @discardableResult
    public func assertDecodes<State: Decodable>(
        _ type: State.Type, from jsonData: Data, allowsSuspicious: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) -> ServerPayloadCheck {
        ServerPayloadCheck(State.self, jsonData: jsonData, allowsSuspicious: allowsSuspicious).fail(
            file: file, line: line)
    }

    /// Asserts that a JSON file (a push body or content state) decodes into `type` on the
    /// device, with no suspicious contract finding.
    ///
    /// - Parameters:
    ///   - type: The app's content-state type.
    ///   - url: The file.
    ///   - allowsSuspicious: Pass `true` to tolerate suspicious findings. Default: `false`.
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The check, for further assertions.
    @discardableResult
    public func assertDecodes<State: Decodable>(
        _ type: State.Type, contentsOf url: URL, allowsSuspicious: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) -> ServerPayloadCheck {
        ServerPayloadCheck(State.self, contentsOf: url, allowsSuspicious: allowsSuspicious).fail(file: file, line: line)
    }

    /// Asserts that a JSON resource of a bundle — a payload the server team recorded into the
    /// test bundle — decodes into `type` on the device, with no suspicious contract finding.
    ///
    /// - Parameters:
    ///   - type: The app's content-state type.
    ///   - name: The resource's name.
    ///   - fileExtension: Its extension; default `json`.
    ///   - bundle: The bundle, such as `.module`.
    ///   - allowsSuspicious: Pass `true` to tolerate suspicious findings. Default: `false`.
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The check, for further assertions.
    @discardableResult
    public func assertDecodes<State: Decodable>(
        _ type: State.Type, resource name: String, withExtension fileExtension: String = "json", in bundle: Bundle,
        allowsSuspicious: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) -> ServerPayloadCheck {
        ServerPayloadCheck(
            State.self, resource: name, withExtension: fileExtension, in: bundle, allowsSuspicious: allowsSuspicious
        ).fail(file: file, line: line)
    }

    /// Asserts that the schema inferred from `type` equals its committed snapshot, recording it
    /// as the record mode says (`PAYSIZE_RECORD`, or a scoped override; never when `CI` is set).
    ///
    /// - Parameters:
    ///   - type: The content-state (or attributes) type.
    ///   - path: The snapshot, absolute or relative to the project root (the nearest folder
    ///     above this test file with a `Package.swift` or an `.xcodeproj`); default
    ///     `<snapshot folder>/<TypeName>.schema.json`, the configured folder (`Schemas` unless set).
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The check, for further assertions.
    @discardableResult
    public func assertSchemaSnapshot<T: Decodable>(
        of type: T.Type, path: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) -> SchemaSnapshot {
        SchemaSnapshot(
            of: T.self, path: path, testFilePath: "\(file)", environment: ProcessInfo.processInfo.environment
        ).fail(file: file, line: line)
    }

    /// Asserts that `type` is compatible with every kept schema of a shipped version.
    ///
    /// - Parameters:
    ///   - type: The content-state (or attributes) type as it is now.
    ///   - folder: The kept schemas, absolute or relative to the project root; default
    ///     `<history folder>/<TypeName>`, the configured folder (`Schemas/history` unless set).
    ///   - directions: Which breakages fail; default: both.
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The check, for further assertions.
    @discardableResult
    public func assertCompatibleWithSchemaHistory<T: Decodable>(
        of type: T.Type, folder: String? = nil,
        directions: Set<SchemaConflict.Direction> = [.serversToInstalledApps, .runningActivitiesToUpdatedApp],
        file: StaticString = #filePath, line: UInt = #line
    ) -> SchemaHistoryCheck {
        SchemaHistoryCheck(of: T.self, folder: folder, testFilePath: "\(file)", directions: directions)
            .fail(file: file, line: line)
    }

    /// Asserts that a representative value's encoded size stays within a tolerance of its
    /// recorded baseline, recording the baseline as the record mode says (`PAYSIZE_RECORD`, or a
    /// scoped override; never when `CI` is set).
    ///
    /// The baseline is `<name>.size.json` in the snapshot folder of the
    /// ``PaySizeTestConfiguration`` in force (`Schemas` unless set). A value that grew past the
    /// tolerance fails, with the growth of each path.
    ///
    /// - Parameters:
    ///   - value: A representative value, such as a content state; measured compact as the
    ///     device encodes it.
    ///   - name: The baseline's name; letters, digits, `.`, `-` and `_`.
    ///   - folder: The folder of the baseline file, absolute or relative to the project root;
    ///     default: the configured snapshot folder.
    ///   - tolerance: The growth allowed, such as `.percent(5)` or `.bytes(40)`; default: the
    ///     configured tolerance (5 % unless set).
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The check, for further assertions.
    @discardableResult
    public func assertSizeBaseline<Value: Encodable>(
        _ value: Value, named name: String, folder: String? = nil, tolerance: SizeTolerance? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> SizeBaselineCheck {
        SizeBaselineCheck(
            value, named: name, folder: folder, tolerance: tolerance, testFilePath: "\(file)",
            environment: ProcessInfo.processInfo.environment
        ).fail(file: file, line: line)
    }

    /// `ceiling`, else the configured one; an unreadable `PAYSIZE_CEILING` fails the test.
    func configured(_ ceiling: SizeCeiling?, file: StaticString, line: UInt) -> SizeCeiling {
        let (resolved, problem) = ResolvedTestConfiguration.ceiling(
            ceiling, environment: ProcessInfo.processInfo.environment)
        if let problem {
            XCTFail("\(problem)", file: file, line: line)
        }
        return resolved
    }

    extension ExpectationOutcome {
        /// Fails the running XCTest test with the failure message, if any, at `file` and `line`.
        func fail(file: StaticString, line: UInt) -> Self {
            if let failureMessage {
                XCTFail(failureMessage, file: file, line: line)
            }
            return self
        }
    }
#endif
