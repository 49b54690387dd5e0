import PaySize

/// The settings a test target shares: where schema snapshots and size baselines live, where
/// the kept schemas of shipped versions live, the default size ceiling and the default size
/// tolerance.
///
/// Set it once per suite, with the `.paySizeTestConfiguration(_:)` trait in Swift Testing or
/// around `invokeTest()` in an XCTest case class, or for the whole project through the
/// environment (``environmentVariables``). Each setting left `nil` falls back to the next
/// place: per-call argument, then the scoped configuration, then the environment, then the
/// built-in default.
///
/// ```swift
/// extension PaySizeTestConfiguration {
///     static let app = PaySizeTestConfiguration(snapshotFolder: "Tests/AppTests/Schemas", ceiling: .monitor)
/// }
///
/// @Suite(.paySizeTestConfiguration(.app)) struct DeliveryTests {
///     @Test func schema() { expectSchemaSnapshot(of: DeliveryAttributes.ContentState.self) }
///     // Tests/AppTests/Schemas/DeliveryAttributes.ContentState.schema.json
/// }
/// ```
public struct PaySizeTestConfiguration: Sendable, Equatable {
    /// The folder of schema snapshots and size baselines, absolute or relative to the project
    /// root (the nearest folder above the test file with a `Package.swift` or an `.xcodeproj`).
    /// Default: `Schemas`.
    public var snapshotFolder: String?
    /// The folder of kept schemas, one subfolder per type, absolute or relative to the project
    /// root. Default: `history` inside the snapshot folder.
    public var historyFolder: String?
    /// The ceiling of `expectFits` and `assertFits` when a call names none. Default:
    /// ``SizeCeiling/critical``, ActivityKit's 4096-byte limit.
    public var ceiling: SizeCeiling?
    /// How much a size baseline may grow when a call names no tolerance. Default: 5 %.
    public var sizeTolerance: SizeTolerance?

    /// A configuration; each setting left `nil` comes from the environment, else its default.
    ///
    /// - Parameters:
    ///   - snapshotFolder: The folder of schema snapshots and size baselines.
    ///   - historyFolder: The folder of kept schemas of shipped versions.
    ///   - ceiling: The default size ceiling.
    ///   - sizeTolerance: The default growth a size baseline allows.
    public init(
        snapshotFolder: String? = nil, historyFolder: String? = nil, ceiling: SizeCeiling? = nil,
        sizeTolerance: SizeTolerance? = nil
    ) {
        self.snapshotFolder = snapshotFolder
        self.historyFolder = historyFolder
        self.ceiling = ceiling
        self.sizeTolerance = sizeTolerance
    }

    /// The variables that set the project-wide defaults: `PAYSIZE_SNAPSHOT_FOLDER`,
    /// `PAYSIZE_HISTORY_FOLDER`, `PAYSIZE_CEILING` (a byte count or a tier name: `safe`,
    /// `monitor`, `risky`, `critical`) and `PAYSIZE_SIZE_TOLERANCE` (`5%` or a byte count such as `40`).
    public static let environmentVariables = [
        snapshotFolderVariable, historyFolderVariable, ceilingVariable, sizeToleranceVariable,
    ]

    static let snapshotFolderVariable = "PAYSIZE_SNAPSHOT_FOLDER"
    static let historyFolderVariable = "PAYSIZE_HISTORY_FOLDER"
    static let ceilingVariable = "PAYSIZE_CEILING"
    static let sizeToleranceVariable = "PAYSIZE_SIZE_TOLERANCE"

    /// The configuration set by the innermost enclosing scope (a trait, or
    /// ``withPaySizeTestConfiguration(_:operation:)``), if any.
    public static var scoped: PaySizeTestConfiguration? { scopedValue }

    @TaskLocal static var scopedValue: PaySizeTestConfiguration?

    /// The configuration the environment sets; a variable unset or empty sets nothing.
    ///
    /// - Parameter environment: The variables, such as `ProcessInfo.processInfo.environment`.
    /// - Throws: ``PaySizeTestConfigurationError`` for a ceiling or tolerance it cannot read.
    public init(environment: [String: String]) throws(PaySizeTestConfigurationError) {
        let (configuration, problems) = Self.reading(environment)
        if let first = problems.first { throw first }
        self = configuration
    }

    /// What `environment` sets, and the values it cannot read (those settings left `nil`).
    static func reading(
        _ environment: [String: String]
    ) -> (configuration: PaySizeTestConfiguration, problems: [PaySizeTestConfigurationError]) {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        var configuration = PaySizeTestConfiguration(
            snapshotFolder: value(snapshotFolderVariable), historyFolder: value(historyFolderVariable))
        var problems: [PaySizeTestConfigurationError] = []
        if let text = value(ceilingVariable) {
            configuration.ceiling = SizeCeiling(text)
            if configuration.ceiling == nil {
                problems.append(
                    PaySizeTestConfigurationError(
                        variable: ceilingVariable, value: text,
                        expected: "a byte count or 'safe', 'monitor', 'risky' or 'critical'"))
            }
        }
        if let text = value(sizeToleranceVariable) {
            configuration.sizeTolerance = SizeTolerance(text)
            if configuration.sizeTolerance == nil {
                problems.append(
                    PaySizeTestConfigurationError(
                        variable: sizeToleranceVariable, value: text,
                        expected: "a percentage such as '5%' or a byte count such as '40'"))
            }
        }
        return (configuration, problems)
    }

    /// Each setting of `self`, else of `fallback`.
    func filling(from fallback: PaySizeTestConfiguration) -> PaySizeTestConfiguration {
        PaySizeTestConfiguration(
            snapshotFolder: snapshotFolder ?? fallback.snapshotFolder,
            historyFolder: historyFolder ?? fallback.historyFolder,
            ceiling: ceiling ?? fallback.ceiling,
            sizeTolerance: sizeTolerance ?? fallback.sizeTolerance)
    }
}

/// Every setting of a ``PaySizeTestConfiguration`` with its fallbacks applied.
struct ResolvedTestConfiguration: Sendable, Equatable {
    var snapshotFolder: String
    var historyFolder: String
    var ceiling: SizeCeiling
    var sizeTolerance: SizeTolerance
    /// The environment's values that could not be read and that no scoped setting replaces;
    /// their settings take the defaults, and checks that use them report the problem.
    var ceilingProblem: PaySizeTestConfigurationError?
    var sizeToleranceProblem: PaySizeTestConfigurationError?

    /// The settings in force: the scoped configuration, then `environment`, then the defaults.
    static func current(
        environment: [String: String], scoped: PaySizeTestConfiguration? = PaySizeTestConfiguration.scoped
    ) -> ResolvedTestConfiguration {
        let (fromEnvironment, problems) = PaySizeTestConfiguration.reading(environment)
        let settings = (scoped ?? PaySizeTestConfiguration()).filling(from: fromEnvironment)
        let snapshotFolder = settings.snapshotFolder ?? "Schemas"
        return ResolvedTestConfiguration(
            snapshotFolder: snapshotFolder,
            historyFolder: settings.historyFolder ?? snapshotFolder + "/history",
            ceiling: settings.ceiling ?? .critical,
            sizeTolerance: settings.sizeTolerance ?? .percent(5),
            ceilingProblem: settings.ceiling == nil
                ? problems.first { $0.variable == PaySizeTestConfiguration.ceilingVariable } : nil,
            sizeToleranceProblem: settings.sizeTolerance == nil
                ? problems.first { $0.variable == PaySizeTestConfiguration.sizeToleranceVariable } : nil)
    }

    /// `ceiling`, else the configured one, with the problem reading `PAYSIZE_CEILING` if it matters.
    static func ceiling(
        _ ceiling: SizeCeiling?, environment: [String: String]
    ) -> (ceiling: SizeCeiling, problem: PaySizeTestConfigurationError?) {
        if let ceiling { return (ceiling, nil) }
        let configuration = current(environment: environment)
        return (configuration.ceiling, configuration.ceilingProblem)
    }
}

/// An environment variable of ``PaySizeTestConfiguration`` whose value cannot be read.
public struct PaySizeTestConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The variable, such as `PAYSIZE_CEILING`.
    public var variable: String
    /// The value found.
    public var value: String
    /// What it should be.
    public var expected: String

    package init(variable: String, value: String, expected: String) {
        self.variable = variable
        self.value = value
        self.expected = expected
    }

    /// `PAYSIZE_CEILING is 'huge'; expected a byte count or 'safe', 'monitor', 'risky' or 'critical'`.
    public var description: String {
        "\(variable) is '\(value)'; expected \(expected)"
    }
}
