/// The offsets of a text's line feeds (`\n`), in order, found eight bytes at a time: one word's
/// line feeds are read from one mask, so a short line costs a few instructions, not a `memchr` call.
package struct LineFeedScanner {
    private let base: UnsafePointer<UInt8>?
    private let count: Int
    /// The offset of the word whose remaining line feeds `pending` holds.
    private var word = -8
    /// The high bit of each byte of that word that is a line feed not yet returned.
    private var pending: UInt64 = 0

    package init(_ text: UnsafeBufferPointer<UInt8>) {
        base = text.baseAddress
        count = text.count
    }

    /// The offset of the next line feed, or nil after the last one.
    package mutating func next() -> Int? {
        guard let base else { return nil }
        while pending == 0 {
            word += 8
            guard word < count else {
                word = count
                return nil
            }
            pending = YAMLSourceText.zeroBytes(Self.word(base, at: word, count: count) ^ 0x0A0A_0A0A_0A0A_0A0A)
        }
        let offset = word + pending.trailingZeroBitCount >> 3
        pending &= pending &- 1
        return offset
    }

    /// Goes on from `offset`: the next line feed returned is the first at or after it.
    mutating func skip(to offset: Int) {
        guard let base else { return }
        word = offset - offset % 8
        pending = word < count ? YAMLSourceText.zeroBytes(Self.word(base, at: word, count: count) ^ 0x0A0A_0A0A_0A0A_0A0A) : 0
        pending &= ~0 << (8 * UInt64(offset - word))
    }

    /// The eight bytes at `offset`, the first in the lowest bits; past the end, zero bytes (never a
    /// line feed).
    private static func word(_ base: UnsafePointer<UInt8>, at offset: Int, count: Int) -> UInt64 {
        if offset + 8 <= count {
            return UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        }
        var word: UInt64 = 0
        for index in (offset..<count).reversed() { word = word << 8 | UInt64(base[index]) }
        return word
    }
}
