import SchemaLintRules
import SchemaLintCore

/// How SARIF names a finding's file (`artifactLocation`): a normalized, percent-encoded relative
/// reference resolved against `%SRCROOT%` (the folder schemalint ran in), as GitHub code scanning
/// expects. `.` and `..` segments are resolved; an absolute path inside the source root becomes
/// relative to it; only an absolute path outside it stays a `file://` URI with no base.
struct ArtifactURI: Hashable, Sendable {
    /// The symbolic base relative references are resolved against: the root the paths were given from.
    static let sourceRootBaseID = "%SRCROOT%"

    /// An RFC 3986 URI reference.
    let uri: String
    /// ``sourceRootBaseID`` for relative paths, nil for absolute ones.
    let baseID: String?

    /// `sourceRoot`: the absolute path of the folder relative paths start from (nil: absolute paths
    /// are never made relative).
    init(path: String, sourceRoot: String? = nil) {
        var normalized = Self.normalized(path)
        if normalized.hasPrefix("/"), let sourceRoot {
            let root = Self.normalized(sourceRoot)
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if normalized.hasPrefix(prefix) { normalized = String(normalized.dropFirst(prefix.count)) }
        }
        if normalized.hasPrefix("/") {
            uri = "file://" + Self.percentEncoded(normalized)
            baseID = nil
        } else {
            uri = Self.percentEncoded(normalized)
            baseID = Self.sourceRootBaseID
        }
    }

    /// The `originalUriBaseIds` value for `%SRCROOT%`: the folder as a `file://` URI ending in `/`.
    static func sourceRootURI(_ folder: String) -> String {
        let normalized = Self.normalized(folder)
        return "file://" + percentEncoded(normalized.hasSuffix("/") ? normalized : normalized + "/")
    }

    /// `.` segments dropped and `..` resolved against the segment before it, without touching the
    /// disk; a relative path may keep leading `..` segments.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                if let last = segments.last, last != ".." { segments.removeLast() } else if !absolute { segments.append(segment) }
            default: segments.append(segment)
            }
        }
        let joined = segments.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// Keeps unreserved characters (`A–Z a–z 0–9 - . _ ~`) and `/`; percent-encodes every other UTF-8
    /// byte. Encoding `:` too keeps a first segment like `C:` from reading as a scheme.
    static func percentEncoded<S: StringProtocol>(_ path: S) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                output.append(byte)
            default:
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
