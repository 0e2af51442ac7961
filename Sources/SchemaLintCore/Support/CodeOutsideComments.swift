import Foundation

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
    /// `code` (comments already left out) with the lines of `#if DEBUG` clauses (any condition
    /// `DebugBuildCondition` takes for a debug build's) blanked, newlines kept: what only debug
    /// builds compile uses nothing in the builds people run. Their `#else` is kept.
    package static func releaseCode(of code: [UInt8]) -> [UInt8] {
        // Most files have no conditional compilation: one search of the bytes says so.
        guard ByteSearch.containsAny([Array("#if".utf8)], in: code) else { return code }
        var result = code
        var clauses: [Bool] = []  // whether each open `#if`'s current clause is debug-only
        var lineStart = 0
        while lineStart < code.count {
            let lineEnd = code[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? code.count
            let line = String(decoding: code[lineStart..<lineEnd], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") || line.hasPrefix("#if(") {
                clauses.append(DebugBuildCondition.isDebugOnly(condition: String(line.dropFirst(3))))
            } else if line.hasPrefix("#else"), !clauses.isEmpty {
                clauses[clauses.count - 1] = false
            } else if line.hasPrefix("#endif") {
                _ = clauses.popLast()
            } else if clauses.contains(true) {
                for index in lineStart..<lineEnd { result[index] = UInt8(ascii: " ") }
            }
            lineStart = lineEnd + 1
        }
        return result
    }
}
