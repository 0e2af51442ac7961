#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a file's bytes contain a word, without decoding or parsing them: how readers of app
/// code decide cheaply which files to read (most files of an app never mention a store).
public enum ByteSearch {
    /// Whether any of `words` occurs in `bytes`: C's `memchr` finds each candidate first byte (it
    /// reads many bytes at a time), `memcmp` compares the rest.
    public static func containsAny(_ words: [[UInt8]], in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { haystack in
            guard let base = haystack.baseAddress else { return false }
            return words.contains { word in
                word.withUnsafeBytes { needle in
                    guard let start = needle.baseAddress, let first = word.first else { return false }
                    var offset = 0
                    while haystack.count - offset >= needle.count {
                        guard let found = memchr(base + offset, Int32(first), haystack.count - offset - needle.count + 1) else { return false }
                        if memcmp(found, start, needle.count) == 0 { return true }
                        offset = base.distance(to: UnsafeRawPointer(found)) + 1
                    }
                    return false
                }
            }
        }
    }

    /// Whether the file at `path` (a regular file) contains one of `words`; false when it cannot be read.
    public static func file(_ path: String, containsAny words: [[UInt8]]) -> Bool {
        guard let bytes = try? FileReader.bytes(of: path) else { return false }
        return containsAny(words, in: bytes)
    }
}
