import Foundation
import SchemaLintCore

/// A model file's text as far as what it describes goes: what Xcode rewrites when it saves an
/// unchanged model (the `<model>` tag, which names the Xcode and system that saved it, and the
/// diagram's `<elements>`) is left out, and so are spaces and line breaks (a final newline added
/// by an editor, indentation). Two files with the same comparable text hold the same model.
package enum XcodeModelText {
    package static func comparable(_ data: Data) -> [UInt8] {
        let bytes = [UInt8](data)
        // Found with `memchr` and copied once: reading every version a bundle's releases held
        // compares a hundred files of tens of kilobytes.
        var left: [Range<Int>] = []
        if let start = ByteSearch.firstIndex(of: modelTag, in: bytes), let close = ByteSearch.firstIndex(of: [UInt8(ascii: ">")], in: bytes, from: start + modelTag.count) {
            left.append(start..<(close + 1))
        }
        // The diagram's first `<elements`, outside the `<model>` tag.
        var elements = ByteSearch.firstIndex(of: elementsTag, in: bytes)
        if let at = elements, let model = left.first, model.contains(at) { elements = ByteSearch.firstIndex(of: elementsTag, in: bytes, from: model.upperBound) }
        if let start = elements,
           let close = ByteSearch.firstIndex(of: elementsEnd, in: bytes, from: start + elementsTag.count) {
            left.append(start..<(close + elementsEnd.count))
        }
        var kept = [UInt8]()
        kept.reserveCapacity(bytes.count)
        var from = 0
        for range in left.sorted(by: { $0.lowerBound < $1.lowerBound }) + [bytes.count..<bytes.count] where range.lowerBound >= from {
            for byte in bytes[from..<range.lowerBound] where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") {
                kept.append(byte)
            }
            from = range.upperBound
        }
        return kept
    }

    private static let modelTag = Array("<model".utf8)
    private static let elementsTag = Array("<elements".utf8)
    private static let elementsEnd = Array("</elements>".utf8)
}
