#!/usr/bin/env bash
# PaySizeTesting's ActivityKit overloads compile only on iOS, so Linux never type-checks them.
# This type-checks that file here against a stub ActivityKit written from Apple's declarations of
# `ActivityAttributes` and `ActivityContent` (names, generic constraints, the `state` property),
# with the `os(iOS)` condition lifted: a wrong forwarding call or signature fails here.
# Needs `swift build` first (it imports the built PaySize and PaySizeTesting modules).
set -euo pipefail
cd "$(dirname "$0")/../.."
modules=.build/debug/Modules
[ -f "$modules/PaySizeTesting.swiftmodule" ] || { echo "typecheck-activitykit: run 'swift build' first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/ActivityKit.swift" <<'SWIFT'
import Foundation

public protocol ActivityAttributes: Decodable, Encodable {
    associatedtype ContentState: Decodable, Encodable, Hashable
}

public struct ActivityContent<State>: Equatable where State: Decodable, State: Encodable, State: Hashable {
    public let state: State
    public let staleDate: Date?
    public let relevanceScore: Double
    public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}
SWIFT
swiftc -parse-as-library -emit-module -module-name ActivityKit -emit-module-path "$work/ActivityKit.swiftmodule" \
  "$work/ActivityKit.swift"

source=Sources/PaySizeTesting/ActivityKit/ActivityContent+Expectations.swift
# Compiled here as a module of its own, the file sees PaySizeTesting's declarations by importing it.
sed -e 's/^#if canImport(ActivityKit) && os(iOS)$/#if canImport(ActivityKit)/' \
  -e 's/^    import ActivityKit$/    import ActivityKit\n    import PaySizeTesting/' "$source" >"$work/Overloads.swift"
grep -q '^#if canImport(ActivityKit)$' "$work/Overloads.swift" || { echo "typecheck-activitykit: $source no longer opens with the expected #if" >&2; exit 1; }

# A caller as an app's test target writes it, through both overload families.
cat >"$work/Caller.swift" <<'SWIFT'
import ActivityKit
import PaySizeTesting
import Testing
import XCTest

struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var eta: Int }
    var orderID: String
}

func callers(_ attributes: DeliveryAttributes, _ content: ActivityContent<DeliveryAttributes.ContentState>) {
    _ = expectFits(attributes, content)
    _ = assertFits(attributes, content, within: .critical)
}
SWIFT
swiftc -typecheck -swift-version 6 -module-name ActivityKitOverloads -I "$work" -I "$modules" \
  "$work/Overloads.swift" "$work/Caller.swift"
echo "typecheck-activitykit: ok ($source against a stub ActivityKit)"
