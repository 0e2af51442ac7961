#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a file's bytes contain a word, without decoding or parsing them: how readers of app
/// code decide cheaply which files to read (most files of an app never mention a store).
public enum ByteSearch {
    /// Words to search for, each with the index of its rarest byte (computed once).
    public struct Words: Sendable {
        public let words: [[UInt8]]
        let anchors: [Int]

        public init(_ words: [[UInt8]]) {
            self.words = words
            self.anchors = words.map(ByteSearch.anchorIndex)
        }
    }

    /// Whether any of `words` occurs in `bytes` (anchors computed for this call).
    public static func containsAny(_ words: [[UInt8]], in bytes: [UInt8]) -> Bool {
        containsAny(Words(words), in: bytes)
    }

    /// Whether any of `words` occurs in `bytes`: C's `memchr` finds each candidate place of the
    /// word's rarest byte (it reads many bytes at a time), `memcmp` compares the whole word there.
    /// Anchoring on a rare byte (`P` of `loadPersistentStores`, `I` of `moveItem`) rather than the
    /// first makes `memchr` stop seldom in code that never mentions the word.
    public static func containsAny(_ words: Words, in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { haystack in
            guard let base = haystack.baseAddress else { return false }
            return zip(words.words, words.anchors).contains { word, anchor in
                word.withUnsafeBytes { needle in
                    guard let start = needle.baseAddress, !word.isEmpty, word.count <= haystack.count else { return false }
                    // Candidate starts run from 0 to `last`; the anchor byte of one stands `anchor` further.
                    let last = haystack.count - word.count
                    var candidate = 0
                    while candidate <= last {
                        guard let found = memchr(base + candidate + anchor, Int32(word[anchor]), last - candidate + 1) else { return false }
                        candidate = base.distance(to: UnsafeRawPointer(found)) - anchor
                        if memcmp(base + candidate, start, word.count) == 0 { return true }
                        candidate += 1
                    }
                    return false
                }
            }
        }
    }

    /// The index of the byte of `word` that source code holds least often, by a rough order of
    /// frequency (lowercase letters most often, by English frequency, then uppercase, `@`); the
    /// first of equals.
    static func anchorIndex(of word: [UInt8]) -> Int {
        var best = 0
        for index in word.indices where commonness[Int(word[index])] < commonness[Int(word[best])] { best = index }
        return best
    }

    /// For each byte value, a rank: higher for bytes that occur more often in source code.
    static let commonness: [UInt8] = {
        var ranks = [UInt8](repeating: 60, count: 256)
        for (rank, byte) in "etaoinsrlcduhmpfgywbvkxqjz".utf8.enumerated() { ranks[Int(byte)] = UInt8(100 - rank) }
        for (rank, byte) in "SCTIDVNMPAUBFERLHOGWKJQXYZ".utf8.enumerated() { ranks[Int(byte)] = UInt8(50 - rank) }
        ranks[Int(UInt8(ascii: "@"))] = 40
        return ranks
    }()

    /// The bytes of a regular file of at most 64 MiB, or nil (a pipe, a device, a file that cannot
    /// be read). Called for every file of a walk that some reader may claim, so it reads the file
    /// in one call into a buffer of its size (`FileReader`, which reports why a file cannot be
    /// read, reads in chunks); the walk keeps the bytes of the files claimed for their readers.
    public static func contents(of path: String) -> [UInt8]? {
        // Only regular files: opening a FIFO would block.
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(status.st_size)
        guard size <= 64 << 20 else { return nil }
        guard size > 0 else { return [] }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = read(descriptor, buffer.baseAddress! + count, size - count)
                if got <= 0 { break }
                count += got
            }
        }
        return bytes
    }
}
