/// What the code of a C-family file (Swift, Objective-C) says, its comments left out: Xcode's
/// templates write "save user data" in a comment of every app delegate, which says nothing of what
/// the app does.
package enum CodeOutsideComments {
    /// Whether any of `words` occurs in `bytes` outside `//` and `/* */` comments. String literals
    /// count as code. Swift nests block comments (`nested`); Objective-C ends one at the first `*/`
    /// and writes character literals (`'"'`), which open no string.
    package static func containsAny(_ words: ByteSearch.Words, in bytes: [UInt8], nested: Bool) -> Bool {
        // Most files hold none of the words anywhere: one search of the bytes says so.
        guard ByteSearch.containsAny(words, in: bytes) else { return false }
        return ByteSearch.containsAny(words, in: code(of: bytes, nested: nested))
    }

    /// `bytes` with each comment replaced by one space, so that the words on either side stay apart.
    package static func code(of bytes: [UInt8], nested: Bool) -> [UInt8] {
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'")
        let backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
        var code: [UInt8] = []
        code.reserveCapacity(bytes.count)
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let next = index + 1 < count ? bytes[index + 1] : 0
            if byte == slash, next == slash {
                while index < count, bytes[index] != newline { index += 1 }
                code.append(UInt8(ascii: " "))
            } else if byte == slash, next == star {
                var depth = 1
                index += 2
                while index < count, depth > 0 {
                    if bytes[index] == star, index + 1 < count, bytes[index + 1] == slash {
                        depth -= 1
                        index += 2
                    } else if nested, bytes[index] == slash, index + 1 < count, bytes[index + 1] == star {
                        depth += 1
                        index += 2
                    } else {
                        index += 1
                    }
                }
                code.append(UInt8(ascii: " "))
            } else if byte == quote || (!nested && byte == apostrophe) {
                // A literal, kept as it is, to its closing mark on the same line.
                code.append(byte)
                index += 1
                while index < count, bytes[index] != byte, bytes[index] != newline {
                    if bytes[index] == backslash, index + 1 < count {
                        code.append(bytes[index])
                        index += 1
                    }
                    code.append(bytes[index])
                    index += 1
                }
                if index < count {
                    code.append(bytes[index])
                    index += 1
                }
            } else {
                code.append(byte)
                index += 1
            }
        }
        return code
    }
}
