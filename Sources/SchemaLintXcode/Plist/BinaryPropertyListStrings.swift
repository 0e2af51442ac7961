/// The strings of a binary property list (`bplist00`), as Xcode's mapping model editor saves an
/// expression (a keyed archive): every ASCII and UTF-16 string object, in object order; the
/// strings are all a reader of expressions needs. Nil where the bytes are no binary property list.
package enum BinaryPropertyListStrings {
    package static func read(_ bytes: [UInt8]) -> [String]? {
        BinaryPropertyList(bytes)?.strings
    }
}
