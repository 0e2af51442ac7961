/// Byte-level facts about a YAML file's text, worked out without libyaml: its encoding, the first
/// character libyaml would refuse, and how byte offsets map to lines and columns.
///
/// Lines and columns follow libyaml's marks so that positions agree with the ones in its events:
/// lines are 0-based and end at `\n`, `\r\n`, `\r`, NEL (U+0085), LS (U+2028) or PS (U+2029);
/// columns are 0-based and count Unicode scalars.
package enum YAMLSourceText {
    /// Something in the bytes that stops them from being YAML text.
    package enum Problem: Equatable {
        /// The byte starts no valid UTF-8 sequence (stray, overlong, truncated, surrogate, out of range).
        case invalidUTF8(byte: UInt8)
        /// A well-formed character that YAML does not allow in a file (libyaml's "control characters").
        case disallowed(scalar: UInt32)
    }

    /// The length of a leading UTF-8 byte-order mark: 3 or 0.
    static func utf8BOMLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// The name of the encoding announced by a UTF-16 or UTF-32 byte-order mark, if the bytes start with one.
    static func foreignEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func starts(with prefix: [UInt8]) -> Bool {
            bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 == $1 }
        }
        if starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 (big-endian)" }
        if starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 (little-endian)" }
        if starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian)" }
        if starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian)" }
        return nil
    }

    /// The byte offset and kind of the first problem, or nil when the bytes are UTF-8 made only of
    /// characters YAML allows: tab, line feed, carriage return, printable ASCII, NEL, U+00A0...U+D7FF,
    /// U+E000...U+FFFD and U+10000...U+10FFFF.
    package static func firstProblem(in text: UnsafeBufferPointer<UInt8>) -> (offset: Int, problem: Problem)? {
        guard let base = text.baseAddress else { return nil }
        var i = 0
        let count = text.count
        while i < count {
            // Eight bytes at a time while they are all printable ASCII (0x20...0x7E), tabs and line
            // breaks (so a line break does not leave the loop: lines are short).
            while i + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let nonASCII = word & highBits
                let control = zeroBytes(word & 0xE0E0_E0E0_E0E0_E0E0)
                let allowedControl = zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
                    | zeroBytes(word ^ 0x0909_0909_0909_0909)
                let delete = zeroBytes(word ^ 0x7F7F_7F7F_7F7F_7F7F)
                guard nonASCII | (control & ~allowedControl) | delete == 0 else { break }
                i += 8
            }
            guard i < count else { break }
            let lead = text[i]
            if lead < 0x80 {
                // Printable ASCII first: by far the most common byte.
                if (lead >= 0x20 && lead != 0x7F) || lead == 0x0A || lead == 0x0D || lead == 0x09 {
                    i += 1
                    continue
                }
                return (i, .disallowed(scalar: UInt32(lead)))
            }
            guard let (scalar, length) = decodeMultiByte(text, at: i) else {
                return (i, .invalidUTF8(byte: lead))
            }
            let allowed = scalar == 0x85 || (scalar >= 0xA0 && scalar <= 0xD7FF)
                || (scalar >= 0xE000 && scalar <= 0xFFFD) || scalar >= 0x10000
            if !allowed { return (i, .disallowed(scalar: scalar)) }
            i += length
        }
        return nil
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is zero, exactly (no carry between bytes: the low
    /// seven bits plus 0x7F never leave their byte).
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word) & highBits
    }

    /// Decodes the multi-byte sequence whose lead byte is at `i`; nil if it is not well-formed UTF-8.
    private static func decodeMultiByte(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int)? {
        let lead = text[i]
        let length: Int
        let secondRange: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: length = 2; secondRange = 0x80...0xBF
        case 0xE0: length = 3; secondRange = 0xA0...0xBF            // no overlong forms
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; secondRange = 0x80...0xBF
        case 0xED: length = 3; secondRange = 0x80...0x9F            // no surrogates
        case 0xF0: length = 4; secondRange = 0x90...0xBF            // no overlong forms
        case 0xF1...0xF3: length = 4; secondRange = 0x80...0xBF
        case 0xF4: length = 4; secondRange = 0x80...0x8F            // nothing past U+10FFFF
        default: return nil                                          // continuation byte, C0, C1, F5...FF
        }
        guard i + length <= text.count, secondRange.contains(text[i + 1]) else { return nil }
        var scalar = UInt32(lead) & (0xFF >> (length + 1))
        for k in 1..<length {
            let byte = text[i + k]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        return (scalar, length)
    }

    /// The length of the line break starting at `i` (1 to 3 bytes), or 0 if none starts there.
    private static func lineBreakLength(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        switch text[i] {
        case 0x0A: return 1
        case 0x0D: return i + 1 < text.count && text[i + 1] == 0x0A ? 2 : 1
        case 0xC2: return i + 1 < text.count && text[i + 1] == 0x85 ? 2 : 0
        case 0xE2:
            return i + 2 < text.count && text[i + 1] == 0x80 && (text[i + 2] == 0xA8 || text[i + 2] == 0xA9) ? 3 : 0
        default: return 0
        }
    }

    /// The 0-based line and column of the byte at `offset`; every byte before it must be valid UTF-8.
    static func position(ofOffset offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 0
        var column = 0
        var i = 0
        let end = min(offset, text.count)
        while i < end {
            let breakLength = lineBreakLength(text, at: i)
            if breakLength > 0 {
                line += 1
                column = 0
                i += breakLength
            } else {
                if text[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
        }
        return (line, column)
    }

    /// The character at a 0-based line and column, and whether only spaces and tabs precede it on
    /// its line; nil when the position is past the end of its line or of the text.
    static func character(
        atLine line: Int, column: Int, in text: UnsafeBufferPointer<UInt8>
    ) -> (scalar: Unicode.Scalar, inIndentation: Bool)? {
        var i = 0
        var currentLine = 0
        while currentLine < line {
            guard i < text.count else { return nil }
            let breakLength = lineBreakLength(text, at: i)
            if breakLength > 0 {
                currentLine += 1
                i += breakLength
            } else {
                i += 1
            }
        }
        var currentColumn = 0
        var inIndentation = true
        while i < text.count, lineBreakLength(text, at: i) == 0 {
            let lead = text[i]
            var length = 1
            var value = UInt32(lead)
            if lead >= 0x80 {
                guard let (scalar, scalarLength) = decodeMultiByte(text, at: i) else { return nil }
                value = scalar
                length = scalarLength
            }
            if currentColumn == column {
                return Unicode.Scalar(value).map { ($0, inIndentation) }
            }
            if lead != 0x20 && lead != 0x09 { inIndentation = false }
            currentColumn += 1
            i += length
        }
        return nil
    }
}
