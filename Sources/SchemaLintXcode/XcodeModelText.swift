import Foundation

/// A model file's text as far as what it describes goes: what Xcode rewrites when it saves an
/// unchanged model (the `<model>` tag, which names the Xcode and system that saved it, and the
/// diagram's `<elements>`) is left out, and so are spaces and line breaks (a final newline added
/// by an editor, indentation). Two files with the same comparable text hold the same model.
package enum XcodeModelText {
    package static func comparable(_ data: Data) -> [UInt8] {
        var bytes = [UInt8](data)
        if let start = bytes.firstRange(of: Array("<model".utf8)), let end = bytes[start.upperBound...].firstIndex(of: UInt8(ascii: ">")) {
            bytes.removeSubrange(start.lowerBound...end)
        }
        if let start = bytes.firstRange(of: Array("<elements".utf8)), let end = bytes[start.upperBound...].firstRange(of: Array("</elements>".utf8)) {
            bytes.removeSubrange(start.lowerBound..<end.upperBound)
        }
        return bytes.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
    }
}
