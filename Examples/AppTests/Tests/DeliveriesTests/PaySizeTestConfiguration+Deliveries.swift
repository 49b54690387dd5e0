import PaySizeTesting

extension PaySizeTestConfiguration {
    /// This target's settings, set once: snapshots, size baselines and kept schemas beside the
    /// tests, and the safe tier as the default ceiling.
    static let deliveries = PaySizeTestConfiguration(snapshotFolder: "Tests/DeliveriesTests/Schemas", ceiling: .safe)
}
