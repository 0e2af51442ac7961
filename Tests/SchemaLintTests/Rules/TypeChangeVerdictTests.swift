import Foundation
import Testing
import SchemaLintTestSupport

/// Type changes through the executable: for a local store the verdict follows what lightweight
/// migration infers (numeric and Boolean types convert, others do not); for CloudKit every type
/// change is an error.
@Suite struct TypeChangeVerdictTests {
    /// Writes a history of the `Order` entity of a shop, one file per version (`models/v<N>.yaml`),
    /// each holding `total` and `quantity` (line 7 and 8) with the given types, defaults as Xcode
    /// writes them for scalars.
    static func shop(_ types: [(total: String, quantity: String)], cloudkit: Bool) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for (index, version) in types.enumerated() {
            let text = """
                model: Shop
                version: \(index + 1)
                cloudkit: \(cloudkit)
                entities:
                  Order:
                    attributes:
                      total: {type: \(version.total), default: 0}
                      quantity: {type: \(version.quantity), default: 0}

                """
            try folder.write(text, to: "models/v\(index + 1).yaml")
        }
        // The notes on the migration at launch (every step here changes a version hash) are not what these tests are about.
        try folder.write("rules:\n  migration-at-launch: off\n", to: ".schemalint.yml")
        return folder
    }

    static func lines(_ run: Executable.Run) -> [String] {
        run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// WooCommerce's Int64 -> Double and WordPress's Int16/Int32 -> Int64 steps, with no mapping
    /// model: both migrate inferred. Int64 -> Double rounds integers beyond 2^53, so it warns; the
    /// run still passes (no error), and fails only with --strict.
    @Test func numericStepsOfALocalStoreAreNoErrors() throws {
        let folder = try Self.shop([("int64", "int16"), ("double", "int16"), ("double", "int64")], cloudkit: false)
        let run = try Executable.run(["models", "--all-steps"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(Self.lines(run) == [
            "models/v2.yaml:7:21: warning: attribute 'Order.total' narrowed from int64 to double; lightweight migration infers the conversion, but not every stored value survives it: integers beyond ±2^53 (9007199254740992) are rounded [attribute-type-narrowed]",
            "    note: 'Order.total' as declared in version 1 (models/v1.yaml:7:7)",
            "    help: if stores of version 1 can hold such values, convert them yourself: split it into steps (add a new attribute, copy the values in code, remove 'total' in a later version) or migrate with a staged migration (NSStagedMigrationManager)",
            "models/v3.yaml:8:24: note: attribute 'Order.quantity' widened from int16 to int64; lightweight migration infers the conversion and keeps every value, rewriting a store of version 2 when version 3 first opens it at launch [attribute-type-widened]",
            "    note: 'Order.quantity' as declared in version 2 (models/v2.yaml:8:7)",
            "1 warning, 1 note in 3 versions of 1 model",
            "",
        ])
        // Stores of version 1 jump to version 3 with both conversions at once, which is inferable too.
        #expect(!run.stdout.contains("migration-path-not-inferable"))
        let strict = try Executable.run(["models", "--all-steps", "--strict"], in: folder.url)
        #expect(strict.status == 1, "the warning fails a strict run")
    }

    @Test func aSmallerIntegerIsAWarningNamingTheRange() throws {
        let folder = try Self.shop([("int64", "int16"), ("int16", "int16")], cloudkit: false)
        let run = try Executable.run(["models", "--all-steps"], in: folder.url)
        #expect(run.status == 0)
        #expect(Self.lines(run).first == "models/v2.yaml:7:21: warning: attribute 'Order.total' narrowed from int64 to int16; lightweight migration infers the conversion, but not every stored value survives it: values outside -32768...32767 do not fit [attribute-type-narrowed]")
        #expect(Self.lines(run).suffix(2) == ["1 warning in 2 versions of 1 model", ""])
    }

    @Test func stringAndDateChangesOfALocalStoreAreErrors() throws {
        let folder = try Self.shop([("string", "int32"), ("int32", "int32"), ("int32", "date")], cloudkit: false)
        let run = try Executable.run(["models", "--all-steps"], in: folder.url)
        #expect(run.status == 1)
        #expect(Self.lines(run) == [
            "models/v2.yaml:7:21: error: attribute 'Order.total' changed type from string to int32; lightweight migration converts only between numeric and Boolean types, so it cannot infer this change and opening a store of version 1 fails [attribute-type-changed]",
            "    note: 'Order.total' as declared in version 1 (models/v1.yaml:7:7)",
            "    help: split it into steps (add a new attribute, copy the values in code, remove 'total' in a later version) or migrate with a staged migration (NSStagedMigrationManager)",
            "models/v3.yaml:8:24: error: attribute 'Order.quantity' changed type from int32 to date; lightweight migration converts only between numeric and Boolean types, so it cannot infer this change and opening a store of version 2 fails [attribute-type-changed]",
            "    note: 'Order.quantity' as declared in version 2 (models/v2.yaml:8:7)",
            "    help: split it into steps (add a new attribute, copy the values in code, remove 'quantity' in a later version) or migrate with a staged migration (NSStagedMigrationManager)",
            "2 errors in 3 versions of 1 model",
            "",
        ])
    }

    /// Types that mirror to one CloudKit field type (String and URI to STRING) leave the deployed
    /// field as it is: the error is the local migration's, and its advice a local one.
    @Test func aSyncedChangeBetweenTypesOfOneFieldIsTheLocalMigrationsError() throws {
        let folder = try Self.shop([("string", "int32"), ("uri", "int32")], cloudkit: true)
        let run = try Executable.run(["models", "--all-steps"], in: folder.url)
        #expect(run.status == 1)
        #expect(Self.lines(run).prefix(3) == [
            "models/v2.yaml:7:21: error: attribute 'Order.total' changed type from string to uri; the CloudKit field CD_total stays STRING, so the schema deploys, but lightweight migration converts only between numeric and Boolean types, so it cannot infer this change and opening a store of version 1 fails [attribute-type-changed]",
            "    note: 'Order.total' as declared in version 1 (models/v1.yaml:7:7)",
            "    help: split it into steps (add a new attribute, copy the values in code, remove 'total' in a later version) or migrate with a staged migration (NSStagedMigrationManager)",
        ])
    }

    /// In CloudKit a deployed field keeps its type: every one of the steps above is an error, once.
    @Test(arguments: [
        [("int64", "int16"), ("double", "int16"), ("double", "int64")],
        [("int64", "int16"), ("int16", "int16")],
        [("string", "int32"), ("int32", "int32"), ("int32", "date")],
    ])
    func everyTypeChangeOfASyncedStoreIsAnError(types: [(total: String, quantity: String)]) throws {
        let folder = try Self.shop(types, cloudkit: true)
        let run = try Executable.run(["models", "--all-steps"], in: folder.url)
        #expect(run.status == 1)
        let findings = Self.lines(run).filter { $0.hasPrefix("models/") }
        let expected = zip(types, types.dropFirst()).enumerated().flatMap { index, pair in
            [("total", 7, 21, pair.0.total, pair.1.total), ("quantity", 8, 24, pair.0.quantity, pair.1.quantity)]
                .filter { $0.3 != $0.4 }
                .map { "models/v\(index + 2).yaml:\($0.1):\($0.2): error: attribute 'Order.\($0.0)' changed type from \($0.3) to \($0.4); a field deployed to the CloudKit production schema cannot change type, so this schema cannot be deployed [attribute-type-changed]" }
        }
        #expect(findings == expected)
        let errors = expected.count == 1 ? "1 error" : "\(expected.count) errors"
        #expect(Self.lines(run).suffix(2) == ["\(errors) in \(types.count) versions of 1 model", ""])
    }
}
