import SchemaLintRules
import SchemaLintCore

/// Fingerprints of findings for CI systems that track results across runs (SARIF `partialFingerprints`,
/// GitLab Code Quality `fingerprint`).
///
/// A finding's fingerprint is ``StableHash/hex(_:)`` of its ``Finding/identity`` (rule, model, element;
/// never line numbers, so it survives edits elsewhere in the file). Fingerprints are unique within one
/// result: when a fingerprint is already taken (two findings with the same identity, or a hash
/// collision), the later finding in report order gets the hash of `identity + "\n" + n` for the
/// smallest n ≥ 1 not yet taken. Same findings in the same order, same fingerprints.
enum Fingerprints {
    /// One fingerprint per finding, in the same order as `findings`.
    static func of(_ findings: [Finding]) -> [String] {
        var taken = Set<String>()
        return findings.map { finding in
            var fingerprint = StableHash.hex(finding.identity)
            var occurrence = 0
            while taken.contains(fingerprint) {
                occurrence += 1
                fingerprint = StableHash.hex("\(finding.identity)\n\(occurrence)")
            }
            taken.insert(fingerprint)
            return fingerprint
        }
    }
}
