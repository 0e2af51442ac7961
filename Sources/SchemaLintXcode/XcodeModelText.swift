import Foundation

/// A model file's text as far as what it describes goes: what Xcode rewrites when it saves an
/// unchanged model (the `<model>` tag, which names the Xcode and system that saved it, and the
/// diagram's `<elements>`) is left out, and so are spaces and line breaks (a final newline added
/// by an editor, indentation). Two files with the same comparable text hold the same model.
package enum XcodeModelText {
    package static func comparable(_ data: Data) -> [UInt8] {
        var bytes = [UInt8](data)
        if let start = range(of: Array("<model".utf8), in: bytes), let end = bytes[start.upperBound...].firstIndex(of: UInt8(ascii: ">")) {
            bytes.removeSubrange(start.lowerBound...end)
        }
        if let start = range(of: Array("<elements".utf8), in: bytes), let end = range(of: Array("</elements>".utf8), in: bytes, from: start.upperBound) {
            bytes.removeSubrange(start.lowerBound..<end.upperBound)
        }
        return bytes.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
    }

    /// Where `needle` first occurs in `bytes` at or after `from`.
    private static func range(of needle: [UInt8], in bytes: [UInt8], from: Int = 0) -> Range<Int>? {
        guard !needle.isEmpty, bytes.count >= needle.count, from <= bytes.count - needle.count else { return nil }
        for index in from...(bytes.count - needle.count) where bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) {
            return index..<(index + needle.count)
        }
        return nil
    }
}
