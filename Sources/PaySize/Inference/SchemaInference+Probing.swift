@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

// Learning what a type's own `init(from:)` accepts at each place it reads, by running it again
// with that place missing, null, of another type, refused or unusual.
extension SchemaInference {
    /// A type that reads other keys when one is missing (`if contains(.cents) … else amount`)
    /// is described branch by branch this many levels deep; deeper, the schema says so.
    static let maximumBranchDepth = 2

    /// The schema of `type` as its plain run `base` read it, each place probed.
    func analyze<T: Decodable>(_ type: T.Type, base: InferencePass, depth: Int) -> JSONElement {
        var branches: [(key: String, pass: InferencePass)] = []
        var notes: [String] = []
        let probesRoot = base.root.kind == .single && base.recordings[.root] != nil
        for site in base.sites where (site != .root || probesRoot) && !base.probe.absent.contains(site) {
            guard runs < Self.runBudget else {
                notes.append(
                    "inference stopped probing '\(type)' at \(site) (too many runs); what it accepts from there on is not inferred"
                )
                break
            }
            guard let recording = base.recordings[site] else { continue }
            let outcome = probe(type, at: site, base: base, recording: recording)
            recording.facts = outcome.facts
            notes += outcome.notes
            if let branch = outcome.branch {
                if site.components.count == 1, case .key(let key) = site.components[0], base.root.kind == .keyed {
                    branches.append((key, branch))
                } else {
                    recording.facts?.notes.append(
                        "init(from:) of '\(type)' reads other places when this one is missing; this schema does not say which"
                    )
                }
            }
        }
        var schema: JSONElement
        if branches.isEmpty {
            schema = base.root.schema()
        } else {
            // The branch with every branching key present requires them all; each other branch
            // is the run with one of them missing, described the same way.
            for branch in branches {
                base.recordings[JSONPointer(branch.key)]?.facts?.required = true
            }
            if depth < Self.maximumBranchDepth {
                var alternatives = [base.root.schema()]
                for (key, pass) in branches {
                    var absent = analyze(type, base: pass, depth: depth + 1)
                    let guardSchema = JSONElement.object([("required", .array([.string(key)]))])
                    absent =
                        absent["not"] == nil
                        ? absent.setting("not", to: guardSchema)
                        : .object([("allOf", .array([absent, .object([("not", guardSchema)])]))])
                    alternatives.append(absent)
                }
                schema = .object([("anyOf", .array(alternatives))])
            } else {
                for branch in branches {
                    base.recordings[JSONPointer(branch.key)]?.facts?.required = false
                }
                schema = base.root.schema()
                notes.append(
                    "init(from:) of '\(type)' reads other keys when \(branches.map { "'\($0.key)'" }.joined(separator: ", ")) are missing, more deeply than inference follows; this schema may accept payloads the type refuses"
                )
            }
        }
        for note in notes { schema = Self.adding(note, to: schema) }
        // Each note here says the type may read keys this schema does not list.
        return notes.isEmpty ? schema : Self.keepingOtherKeys(schema)
    }

    private struct ProbeOutcome {
        var facts = DecodingTrace.SiteFacts()
        /// The run with this place missing, when it recovered by reading other places.
        var branch: InferencePass?
        /// Notes for the type as a whole.
        var notes: [String] = []
    }

    /// Probes one place `type` read in `base`.
    private func probe<T: Decodable>(
        _ type: T.Type, at site: JSONPointer, base: InferencePass, recording: DecodingTrace
    ) -> ProbeOutcome {
        var outcome = ProbeOutcome()
        let place = site == .root ? "its value" : "'\(site)'"
        func attempt(_ fault: InferencePass.Fault?) -> (pass: InferencePass, recovered: Bool, refusal: (any Error)?) {
            var probe = base.probe
            if let fault {
                probe.site = site
                probe.fault = fault
            } else {
                probe.absent.insert(site)
            }
            let (pass, result, refusal) = runTryingVariants(type, probe)
            for note in pass.notes where !outcome.facts.notes.contains(note) { outcome.facts.notes.append(note) }
            switch result {
            case .success:
                if let refusal, fault != .unusual { noteRefusal(refusal) }
                return (pass, true, nil)
            case .failure(let error): return (pass, false, error)
            }
        }
        /// The type recovered only with another placeholder: it checks the values it reads.
        func noteRefusal(_ refusal: any Error) {
            let note =
                "init(from:) of '\(type)' refuses some values at \(place) (\(Self.shortDescription(of: refusal))), which inference cannot list: servers must send values the app accepts"
            if !outcome.facts.notes.contains(note) { outcome.facts.notes.append(note) }
        }
        func noteOtherPlaces(_ pass: InferencePass, _ what: String) {
            let before = Set(base.sites)
            let others = pass.sites.filter { !$0.components.starts(with: site.components) && !before.contains($0) }
            if !others.isEmpty {
                outcome.notes.append(
                    "when \(place) \(what), init(from:) of '\(type)' reads \(others.map { "'\($0)'" }.joined(separator: ", ")), which this schema does not require"
                )
            }
        }

        if site != .root {
            let missing = attempt(nil)
            outcome.facts.required = !missing.recovered
            if missing.recovered, !otherPlaces(read: missing.pass, base: base, besides: site).isEmpty {
                outcome.branch = missing.pass
            }
        }
        let null = attempt(.null)
        outcome.facts.nullable = null.recovered
        if null.recovered { noteOtherPlaces(null.pass, "is null") }

        for count in 1...3 {
            let mismatch = attempt(.mismatch(count: count))
            guard mismatch.recovered else { break }
            noteOtherPlaces(mismatch.pass, "does not decode")
            let new = mismatch.pass.fallbacks.filter { fallback in
                !outcome.facts.fallbacks.contains { $0.isJSONEqual(to: fallback) }
                    && !recording.alternatives.contains { $0.isJSONEqual(to: fallback) }
            }
            if new.isEmpty {
                outcome.facts.recoversFromAnyValue = true
                break
            }
            outcome.facts.fallbacks += new
        }
        if !outcome.facts.recoversFromAnyValue {
            let corrupted = attempt(.corrupted)
            if corrupted.recovered, corrupted.pass.fallbacks.isEmpty {
                outcome.facts.recoversFromAnyValue = true
                outcome.facts.notes.append(
                    "init(from:) of '\(type)' recovers from a value it refuses at \(place) but not from one of another type; any value is accepted here"
                )
            }
        }
        if recording.kind == .single, !outcome.facts.recoversFromAnyValue,
            site != .root || !(type is any RawRepresentable.Type)
        {
            let unusual = attempt(.unusual)
            if !unusual.recovered, let refusal = unusual.refusal, !InferencePass.isProbeError(refusal) {
                noteRefusal(refusal)
            }
        }
        return outcome
    }

    /// Places `pass` read that `base` did not, or the reverse, other than `site` and inside it.
    private func otherPlaces(read pass: InferencePass, base: InferencePass, besides site: JSONPointer) -> [JSONPointer]
    {
        func outside(_ place: JSONPointer) -> Bool {
            !(place.components.starts(with: site.components))
        }
        let read = Set(pass.sites)
        let before = Set(base.sites)
        return pass.sites.filter { outside($0) && !before.contains($0) }
            + base.sites.filter { outside($0) && !read.contains($0) }
    }
}
