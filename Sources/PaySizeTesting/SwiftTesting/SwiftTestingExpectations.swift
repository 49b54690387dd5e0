#if canImport(Testing)
    import Foundation
    import PaySize
    import Testing

    // The Swift Testing entries: each runs one check and records an `Issue` with its failure
    // message at the caller's source location. The XCTest entries (`assert…`) run the same checks.

    /// Expects a Live Activity's attributes and content state together — ActivityKit's combined
    /// figure — to fit within `ceiling`.
    ///
    /// ```swift
    /// @Test func deliveryFits() {
    ///     expectFits(DeliveryAttributes(orderNumber: "A-1042"), .preview, within: .monitor)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - attributes: The activity's attributes.
    ///   - contentState: Its content state.
    ///   - ceiling: The most both may measure; default: the ``PaySizeTestConfiguration``'s
    ///     ceiling (`.critical`, ActivityKit's 4096-byte limit, unless set).
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The measurement, for further expectations.
    @discardableResult
    public func expectFits<Attributes: Encodable, ContentState: Encodable>(
        _ attributes: Attributes, _ contentState: ContentState, within ceiling: SizeCeiling? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> BudgetFit {
        BudgetFit(
            attributes: attributes, contentState: contentState,
            within: configured(ceiling, sourceLocation: sourceLocation)
        ).record(at: sourceLocation)
    }

    /// Expects a content state alone, as an update push carries it, to fit within `ceiling`.
    ///
    /// - Parameters:
    ///   - contentState: The content state.
    ///   - ceiling: The most it may measure; default: the ``PaySizeTestConfiguration``'s
    ///     ceiling (`.critical`, ActivityKit's 4096-byte limit, unless set).
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The measurement, for further expectations.
    @discardableResult
    public func expectFits<ContentState: Encodable>(
        contentState: ContentState, within ceiling: SizeCeiling? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> BudgetFit {
        BudgetFit(contentState: contentState, within: configured(ceiling, sourceLocation: sourceLocation)).record(
            at: sourceLocation)
    }

    /// Expects a whole push payload (JSON), measured in compact form, to fit within `ceiling`.
    ///
    /// - Parameters:
    ///   - payload: The payload's JSON bytes.
    ///   - ceiling: The most it may measure; default: the ``PaySizeTestConfiguration``'s
    ///     ceiling (`.critical`, ActivityKit's 4096-byte limit, unless set).
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The measurement, for further expectations.
    @discardableResult
    public func expectFits(
        payload: Data, within ceiling: SizeCeiling? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> BudgetFit {
        BudgetFit(payload: payload, within: configured(ceiling, sourceLocation: sourceLocation)).record(
            at: sourceLocation)
    }

    /// Expects the body a push builder sends to fit within `ceiling`, and the push to break no rule.
    ///
    /// - Parameters:
    ///   - push: The push.
    ///   - ceiling: The most its body may measure; default: the ``PaySizeTestConfiguration``'s
    ///     ceiling (`.critical`, ActivityKit's 4096-byte limit, unless set).
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The measurement, for further expectations.
    @discardableResult
    public func expectFits<ContentState, Attributes>(
        _ push: LiveActivityPush<ContentState, Attributes>, within ceiling: SizeCeiling? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> BudgetFit {
        BudgetFit(push: push, within: configured(ceiling, sourceLocation: sourceLocation)).record(at: sourceLocation)
    }

    /// Expects a content state encoded by the server's `JSONEncoder` to decode on the device
    /// (default `JSONDecoder`) into the same state.
    ///
    /// ```swift
    /// let server = JSONEncoder()
    /// server.dateEncodingStrategy = .secondsSince1970
    /// expectRoundTrips(state, encoder: server)   // fails: the device reads the Date 31 years late
    /// ```
    ///
    /// - Parameters:
    ///   - state: The state; `Codable` is enough (an `Equatable` one must also come back `==`).
    ///   - encoder: The server's encoder with its strategies; default: a plain `JSONEncoder`.
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The round trip, for further expectations.
    @discardableResult
    public func expectRoundTrips<State: Codable>(
        _ state: State, encoder: JSONEncoder = JSONEncoder(), sourceLocation: SourceLocation = #_sourceLocation
    ) -> RoundTripResult {
        ContentStateRoundTrip.check(state, encoder: encoder).record(at: sourceLocation)
    }

    /// Expects a content state encoded by the server's ``/PaySize/PayloadEncoder`` to decode on the device
    /// (default `JSONDecoder`) into the same state.
    ///
    /// - Parameters:
    ///   - state: The state; `Codable` is enough (an `Equatable` one must also come back `==`).
    ///   - encoder: The server's encoder with its strategies.
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The round trip, for further expectations.
    @discardableResult
    public func expectRoundTrips<State: Codable>(
        _ state: State, encoder: PayloadEncoder, sourceLocation: SourceLocation = #_sourceLocation
    ) -> RoundTripResult {
        ContentStateRoundTrip.check(state, encoder: encoder).record(at: sourceLocation)
    }

    /// Expects a push body or content state (JSON) to decode into `type` on the device, with no
    /// suspicious contract finding.
    ///
    /// - Parameters:
    ///   - type: The app's content-state type.
    ///   - jsonData: A push body or a bare content state.
    ///   - allowsSuspicious: Pass `true` to tolerate suspicious findings. Default: `false`.
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The check, for further expectations.
    @discardableResult
    public func expectDecodes<State: Decodable>(
        _ type: State.Type, from jsonData: Data, allowsSuspicious: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ServerPayloadCheck {
        ServerPayloadCheck(State.self, jsonData: jsonData, allowsSuspicious: allowsSuspicious).record(
            at: sourceLocation)
    }

    /// Expects a JSON file (a push body or content state) to decode into `type` on the device,
    /// with no suspicious contract finding.
    ///
    /// - Parameters:
    ///   - type: The app's content-state type.
    ///   - url: The file.
    ///   - allowsSuspicious: Pass `true` to tolerate suspicious findings. Default: `false`.
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The check, for further expectations.
    @discardableResult
    public func expectDecodes<State: Decodable>(
        _ type: State.Type, contentsOf url: URL, allowsSuspicious: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ServerPayloadCheck {
        ServerPayloadCheck(State.self, contentsOf: url, allowsSuspicious: allowsSuspicious).record(at: sourceLocation)
    }

    /// Expects a JSON resource of a bundle — a payload the server team recorded into the test
    /// bundle — to decode into `type` on the device, with no suspicious contract finding.
    ///
    /// ```swift
    /// expectDecodes(DeliveryAttributes.ContentState.self, resource: "update-from-server", in: .module)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The app's content-state type.
    ///   - name: The resource's name.
    ///   - fileExtension: Its extension; default `json`.
    ///   - bundle: The bundle, such as `.module`.
    ///   - allowsSuspicious: Pass `true` to tolerate suspicious findings. Default: `false`.
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The check, for further expectations.
    @discardableResult
    public func expectDecodes<State: Decodable>(
        _ type: State.Type, resource name: String, withExtension fileExtension: String = "json", in bundle: Bundle,
        allowsSuspicious: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) -> ServerPayloadCheck {
        ServerPayloadCheck(
            State.self, resource: name, withExtension: fileExtension, in: bundle, allowsSuspicious: allowsSuspicious
        ).record(at: sourceLocation)
    }

    /// Expects the schema inferred from `type` to equal its committed snapshot, recording it as
    /// the record mode says (`PAYSIZE_RECORD`, or a scoped override; never when `CI` is set).
    ///
    /// - Parameters:
    ///   - type: The content-state (or attributes) type.
    ///   - path: The snapshot, absolute or relative to the project root (the nearest folder
    ///     above this test file with a `Package.swift` or an `.xcodeproj`); default
    ///     `<snapshot folder>/<TypeName>.schema.json`, the configured folder (`Schemas` unless set).
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The check, for further expectations.
    @discardableResult
    public func expectSchemaSnapshot<T: Decodable>(
        of type: T.Type, path: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> SchemaSnapshot {
        SchemaSnapshot(
            of: T.self, path: path, testFilePath: sourceLocation.testFilePath,
            environment: ProcessInfo.processInfo.environment
        ).record(at: sourceLocation)
    }

    /// Expects `type` to be compatible with every kept schema of a shipped version.
    ///
    /// - Parameters:
    ///   - type: The content-state (or attributes) type as it is now.
    ///   - folder: The kept schemas, absolute or relative to the project root; default
    ///     `<history folder>/<TypeName>`, the configured folder (`Schemas/history` unless set).
    ///   - directions: Which breakages fail; default: both.
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The check, for further expectations.
    @discardableResult
    public func expectCompatibleWithSchemaHistory<T: Decodable>(
        of type: T.Type, folder: String? = nil,
        directions: Set<SchemaConflict.Direction> = [.serversToInstalledApps, .runningActivitiesToUpdatedApp],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> SchemaHistoryCheck {
        SchemaHistoryCheck(
            of: T.self, folder: folder, testFilePath: sourceLocation.testFilePath, directions: directions
        )
        .record(at: sourceLocation)
    }

    /// Expects a representative value's encoded size to stay within a tolerance of its recorded
    /// baseline, recording the baseline as the record mode says (`PAYSIZE_RECORD`, or a scoped
    /// override; never when `CI` is set).
    ///
    /// The baseline is `<name>.size.json` in the snapshot folder of the
    /// ``PaySizeTestConfiguration`` in force (`Schemas` unless set). A value that grew past the
    /// tolerance fails, with the growth of each path:
    ///
    /// ```swift
    /// @Test func onTheWayStaysSmall() {
    ///     expectSizeBaseline(DeliveryActivityTests.onTheWay, named: "delivery-on-the-way")
    /// }
    /// // size baseline 'delivery-on-the-way' grew from 1000 to 1060 bytes (+60, +6.0 %), past the 5 % tolerance (at most 1050 bytes)
    /// // growth by path:
    /// //   /note: 100 → 160 bytes (+60)
    /// ```
    ///
    /// - Parameters:
    ///   - value: A representative value, such as a content state; measured compact as the
    ///     device encodes it.
    ///   - name: The baseline's name; letters, digits, `.`, `-` and `_`.
    ///   - folder: The folder of the baseline file, absolute or relative to the project root;
    ///     default: the configured snapshot folder.
    ///   - tolerance: The growth allowed, such as `.percent(5)` or `.bytes(40)`; default: the
    ///     configured tolerance (5 % unless set).
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The check, for further expectations.
    @discardableResult
    public func expectSizeBaseline<Value: Encodable>(
        _ value: Value, named name: String, folder: String? = nil, tolerance: SizeTolerance? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> SizeBaselineCheck {
        SizeBaselineCheck(
            value, named: name, folder: folder, tolerance: tolerance, testFilePath: sourceLocation.testFilePath,
            environment: ProcessInfo.processInfo.environment
        ).record(at: sourceLocation)
    }

    /// `ceiling`, else the configured one; an unreadable `PAYSIZE_CEILING` is recorded as an issue.
    func configured(_ ceiling: SizeCeiling?, sourceLocation: SourceLocation) -> SizeCeiling {
        let (resolved, problem) = ResolvedTestConfiguration.ceiling(
            ceiling, environment: ProcessInfo.processInfo.environment)
        if let problem {
            Issue.record(Comment(rawValue: "\(problem)"), sourceLocation: sourceLocation)
        }
        return resolved
    }

    extension ExpectationOutcome {
        /// Records an issue with the failure message, if any, at `sourceLocation`.
        func record(at sourceLocation: SourceLocation) -> Self {
            if let failureMessage {
                Issue.record(Comment(rawValue: failureMessage), sourceLocation: sourceLocation)
            }
            return self
        }
    }

    extension SourceLocation {
        /// The test file's path, to find the project root from.
        var testFilePath: String {
            #if compiler(>=6.3)
                filePath
            #else
                _filePath
            #endif
        }
    }
#endif
