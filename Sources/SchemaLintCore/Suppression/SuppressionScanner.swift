import Foundation

/// A finding accepted on purpose in a YAML model file: `# schemalint:ignore <rule-id> -- <reason>`
/// on the finding's line or on the line above it.
package struct Suppression: Hashable, Sendable, Codable {
    package var rule: String
    package var reason: String
    /// Where the comment is.
    package var location: SourceLocation

    /// Whether the comment covers a finding at `location`: its own line, or the next one.
    package func covers(_ finding: SourceLocation) -> Bool {
        finding.file == location.file && (finding.line == location.line || finding.line == location.line + 1)
    }
}

/// Finds suppression comments in a file's bytes. libyaml drops comments, so they are read from the
/// text: a `#` at the start of a line or after white space, then `schemalint:ignore`.
package enum SuppressionScanner {
    static let marker = Array("schemalint:ignore".utf8)

    package static func scan(_ bytes: [UInt8], file: String) throws(InputError) -> [Suppression] {
        guard mayHoldSuppressions(bytes) else { return [] }
        var result: [Suppression] = []
        var line = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            } else if byte == UInt8(ascii: "#"), index == lineStart || bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\t") {
                var end = index
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let comment = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1
                if let suppression = try parse(comment, at: SourceLocation(file: file, line: line, column: column)) {
                    result.append(suppression)
                }
                index = end
                continue
            }
            index += 1
        }
        return result
    }

    /// Whether a `#` is followed, after spaces or tabs, by the marker, as in every suppression. The
    /// `#`s are found with `memchr`: comments are rare in model files, while the marker's rarest
    /// byte by `ByteSearch`'s order (for code), `:`, is on nearly every line of YAML.
    package static func mayHoldSuppressions(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, Int32(UInt8(ascii: "#")), buffer.count - offset) {
                var index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                while index < buffer.count, buffer[index] == UInt8(ascii: " ") || buffer[index] == UInt8(ascii: "\t") { index += 1 }
                if buffer.count - index >= marker.count, memcmp(base + index, marker, marker.count) == 0 { return true }
                offset = index
            }
            return false
        }
    }

    /// `schemalint:ignore attribute-removed -- why` (the text after `#`, or after `//` in app code:
    /// `marker`), or nil for another comment.
    static func parse(_ comment: String, at location: SourceLocation, marker: String = "#") throws(InputError) -> Suppression? {
        let text = comment.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("schemalint:ignore") else { return nil }
        let rest = text.dropFirst("schemalint:ignore".count)
        let usage = "write it as `\(marker) schemalint:ignore <rule-id> -- <reason>`"
        guard let separator = rest.range(of: "--") else {
            throw InputError(at: location, "a suppression needs a reason: \(usage)")
        }
        let rule = rest[..<separator.lowerBound].trimmingCharacters(in: .whitespaces)
        let reason = rest[separator.upperBound...].trimmingCharacters(in: .whitespaces)
        guard !rule.isEmpty, !rule.contains(" ") else { throw InputError(at: location, "a suppression names one rule: \(usage)") }
        guard !reason.isEmpty else { throw InputError(at: location, "a suppression needs a reason: \(usage)") }
        return Suppression(rule: rule, reason: reason, location: location)
    }
}
