import SchemaLintRules
import SchemaLintCore

/// A hash that is the same on every platform, process and run, for fingerprints that must survive
/// between CI runs. (Swift's `Hasher` is randomly seeded per process, so it cannot be used for this.)
///
/// 64-bit FNV-1a over the UTF-8 bytes of the text. Not cryptographic: it identifies, it does not protect.
enum StableHash {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The FNV-1a 64-bit hash of the UTF-8 encoding of `text`.
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash = offsetBasis
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// ``fnv1a64(_:)`` as 16 lowercase hexadecimal digits.
    static func hex(_ text: String) -> String {
        let digits = String(fnv1a64(text), radix: 16, uppercase: false)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
