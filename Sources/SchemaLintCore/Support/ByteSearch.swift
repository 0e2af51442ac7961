#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a file's bytes contain a word, without decoding or parsing them: how readers of app
/// code decide cheaply which files to read (most files of an app never mention a store).
package enum ByteSearch {
    /// Words to search for, grouped by the byte `memchr` looks for (computed once): each group is
    /// one pass over the bytes, so words that share a rare byte (the `P` of `loadPersistentStores`
    /// and `addPersistentStore`, the `I` of `moveItem` and `copyItem`) cost one pass together.
    package struct Words: Sendable {
        package let words: [[UInt8]]
        /// The byte of each pass, and the words found through it with that byte's index in each.
        package let groups: [(byte: UInt8, members: [Member])]

        /// A word of a group: which word, where the group's byte is in it, and what a place must
        /// hold before the whole word is compared there.
        package struct Member {
            package var word: Int
            var offset: Int
            var count: Int
            var first: UInt8
            var last: UInt8
        }

        package init(_ words: [[UInt8]]) {
            self.words = words
            self.groups = ByteSearch.groups(of: words).map { group in
                (group.byte, group.members.map { Member(word: $0.word, offset: $0.offset, count: words[$0.word].count, first: words[$0.word][0], last: words[$0.word][words[$0.word].count - 1]) })
            }
        }
    }

    /// Whether `byte` may be part of a Swift identifier: a letter, a digit, `_`, or a byte of a
    /// character beyond ASCII.
    package static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// How often `word` occurs in `bytes` as a whole word (no identifier byte right after it, nor
    /// right before it where it starts with one) where the byte before it passes `after`.
    package static func wholeWordCount(of word: String, in bytes: [UInt8], after: (UInt8) -> Bool = { _ in true }) -> Int {
        let needle = Array(word.utf8)
        guard let first = needle.first, containsAny([needle], in: bytes) else { return 0 }
        var count = 0
        var start = 0
        while let at = firstIndex(of: needle, in: bytes, from: start) {
            start = at + 1
            let end = at + needle.count
            let before = at > 0 ? bytes[at - 1] : 0x20
            let next = end < bytes.count ? bytes[end] : 0x20
            if isIdentifierByte(first) && isIdentifierByte(before) || isIdentifierByte(next) || !after(before) { continue }
            count += 1
        }
        return count
    }

    /// Whether any of `words` occurs in `bytes` (groups computed for this call).
    package static func containsAny(_ words: [[UInt8]], in bytes: [UInt8]) -> Bool {
        containsAny(Words(words), in: bytes)
    }

    /// Whether any of `words` occurs in `bytes`: for each group, C's `memchr` finds each place of
    /// the group's byte (it reads many bytes at a time), `memcmp` compares each word of the group
    /// there. Rare bytes (`P`, `I`, `@`) rather than first bytes make `memchr` stop seldom in code
    /// that never mentions the words.
    package static func containsAny(_ words: Words, in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { containsAny(words, in: $0) }
    }

    /// Where `word` first occurs in `bytes` at or after `start`: C's `memchr` finds each place
    /// of its first byte and `memcmp` compares the rest there, where the standard library's
    /// generic `firstRange(of:)` compares element by element (an Xcode project of a large app is
    /// megabytes).
    package static func firstIndex(of word: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard let first = word.first, start >= 0, start + word.count <= bytes.count else { return nil }
        return bytes.withUnsafeBytes { haystack in
            word.withUnsafeBytes { needle in
                guard let base = haystack.baseAddress, let rest = needle.baseAddress else { return nil }
                var index = start
                let last = haystack.count - word.count
                while index <= last, let found = memchr(base + index, Int32(first), last - index + 1) {
                    let at = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + at, rest, word.count) == 0 { return at }
                    index = at + 1
                }
                return nil
            }
        }
    }

    /// Whether `word` occurs in `text`, byte for byte: how the readers of app code look for the
    /// short ASCII words of code (`-wal`, `BGTaskScheduler`) in a name or a literal they read. It
    /// decodes no characters and builds no Foundation string, as `String.contains` does when
    /// Foundation is imported.
    package static func contains(_ word: String, in text: String) -> Bool {
        var text = text, word = word
        return text.withUTF8 { haystack in
            word.withUTF8 { needle in
                guard let first = needle.first else { return true }
                guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
                let lastStart = haystack.count - needle.count
                var position = 0
                while position <= lastStart, let found = memchr(base + position, Int32(first), lastStart - position + 1) {
                    let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return true }
                    position = at + 1
                }
                return false
            }
        }
    }

    /// Whether any of `words` occurs in the bytes at `haystack` (as above, without an array). In
    /// code the group's byte is often there without the word (the `I` of `Int`), so a word's first
    /// and last bytes are compared before the whole word.
    package static func containsAny(_ words: Words, in haystack: UnsafeRawBufferPointer) -> Bool {
        guard let base = haystack.baseAddress else { return false }
        let count = haystack.count
        let bytes = haystack.assumingMemoryBound(to: UInt8.self)
        return words.words.withUnsafeBufferPointer { list in
            for group in words.groups {
                var position = 0
                while position < count, let found = memchr(base + position, Int32(group.byte), count - position) {
                    let at = base.distance(to: UnsafeRawPointer(found))
                    for member in group.members {
                        let start = at - member.offset
                        let end = start + member.count
                        guard start >= 0, end <= count, bytes[start] == member.first, bytes[end - 1] == member.last else { continue }
                        if list[member.word].withUnsafeBytes({ memcmp(base + start, $0.baseAddress!, member.count) }) == 0 { return true }
                    }
                    position = at + 1
                }
            }
            return false
        }
    }

    /// Groups the words by a byte each holds: repeatedly the byte that the most words not yet
    /// grouped hold among their rarest (within `slack` ranks of the word's rarest byte), the rarer
    /// of equals, so that few passes each stop seldom.
    static func groups(of words: [[UInt8]], slack: Int = 6) -> [(byte: UInt8, members: [(word: Int, offset: Int)])] {
        // One word (a marker searched on each call): its rarest byte, without grouping.
        if words.count == 1, let word = words.first {
            return word.isEmpty ? [] : [(word[anchorIndex(of: word)], [(0, anchorIndex(of: word))])]
        }
        func rank(_ byte: UInt8) -> Int { Int(commonness[Int(byte)]) }
        let candidates: [Set<UInt8>] = words.map { word in
            guard let rarest = word.map(rank).min() else { return [] }
            return Set(word.filter { rank($0) <= rarest + slack })
        }
        var ungrouped = words.indices.filter { !words[$0].isEmpty }
        var groups: [(byte: UInt8, members: [(word: Int, offset: Int)])] = []
        while !ungrouped.isEmpty {
            var counts = [Int](repeating: 0, count: 256)
            for index in ungrouped { for byte in candidates[index] { counts[Int(byte)] += 1 } }
            var best = 0
            for byte in 1...255 where counts[byte] > counts[best] || counts[byte] > 0 && counts[byte] == counts[best] && rank(UInt8(byte)) < rank(UInt8(best)) {
                best = byte
            }
            let byte = UInt8(best)
            let members = ungrouped.filter { candidates[$0].contains(byte) }.map { (word: $0, offset: words[$0].firstIndex(of: byte) ?? 0) }
            ungrouped.removeAll { candidates[$0].contains(byte) }
            groups.append((byte, members))
        }
        return groups
    }

    /// The index of the byte of `word` that source code holds least often, by a rough order of
    /// frequency (lowercase letters most often, by English frequency, then uppercase, `@`); the
    /// first of equals.
    package static func anchorIndex(of word: [UInt8]) -> Int {
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
    /// be read): `FileReader`'s read, with the reason dropped, for the walk's byte search of every
    /// file some reader may claim; a file it cannot read is claimed by no reader.
    package static func contents(of path: String) -> [UInt8]? {
        try? FileReader.bytes(of: path)
    }
}
