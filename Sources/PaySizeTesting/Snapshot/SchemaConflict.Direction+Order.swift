import PaySize

extension SchemaConflict.Direction {
    /// Both directions, servers → installed apps first, as ``SchemaDiff`` orders them.
    static let allDirections: [SchemaConflict.Direction] = [.serversToInstalledApps, .runningActivitiesToUpdatedApp]
}
