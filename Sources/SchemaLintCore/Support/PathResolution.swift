import Foundation

/// Path arithmetic shared by the configuration and the file finder.
package enum PathResolution {
    /// `path` resolved against `directory` when it is relative.
    package static func resolve(_ path: String, against directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// An absolute, standardized form, for comparing two spellings of one path.
    package static func canonical(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        var result = (absolute as NSString).standardizingPath
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// The folder that holds `path` ("" for a name alone): what `NSString.deletingLastPathComponent`
    /// answers, except that swift-corelibs-foundation traps on a one-character relative name ("Y",
    /// a repository's top folder `A/`), so such a name is answered here.
    package static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard trimmed.contains("/") else { return "" }
        return (String(trimmed) as NSString).deletingLastPathComponent
    }

    /// `path` relative to `directory` when it lies inside it; otherwise the path unchanged.
    package static func relative(_ path: String, to directory: String) -> String {
        let full = canonical(path)
        let base = canonical(directory)
        if full == base { return "." }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : path
    }
}
