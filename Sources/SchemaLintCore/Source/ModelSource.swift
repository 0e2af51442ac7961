import Foundation

/// A file or folder the walk found, and the reader (by name) that claimed it: a YAML model file,
/// an Xcode bundle, a Swift file of SwiftData models, ... A file two readers claim is two sources.
package struct ModelSource: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var path: String
    package var reader: String
    /// What the reader calls such a source (`--verbose`).
    package var kind: String

    package init(path: String, reader: String, kind: String? = nil) {
        self.path = path
        self.reader = reader
        self.kind = kind ?? reader
    }

    package init(path: String, reader: any ModelSourceReader) {
        self.init(path: path, reader: reader.name, kind: reader.sourceDescription)
    }

    /// By path, then (for a file two readers claim) by reader.
    package static func < (lhs: ModelSource, rhs: ModelSource) -> Bool { (lhs.path, lhs.reader) < (rhs.path, rhs.reader) }

    package var description: String { "\(path) (\(kind))" }
}
