/// How SARIF names a finding's file (`artifactLocation`): a relative path becomes a percent-encoded
/// relative reference resolved against `%SRCROOT%`; an absolute path becomes a `file://` URI with no
/// base. Paths are used as given; nothing is resolved against the working directory.
struct ArtifactURI: Hashable, Sendable {
    /// The symbolic base relative references are resolved against: the root the paths were given from.
    static let sourceRootBaseID = "%SRCROOT%"

    /// An RFC 3986 URI reference.
    let uri: String
    /// ``sourceRootBaseID`` for relative paths, nil for absolute ones.
    let baseID: String?

    init(path: String) {
        if path.hasPrefix("/") {
            uri = "file://" + Self.percentEncoded(path)
            baseID = nil
        } else {
            var relative = Substring(path)
            while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
            uri = Self.percentEncoded(relative)
            baseID = Self.sourceRootBaseID
        }
    }

    /// Keeps unreserved characters (`A–Z a–z 0–9 - . _ ~`) and `/`; percent-encodes every other UTF-8
    /// byte. Encoding `:` too keeps a first segment like `C:` from reading as a scheme.
    static func percentEncoded<S: StringProtocol>(_ path: S) -> String {
        var output = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = String(byte, radix: 16, uppercase: true)
                output += "%" + (digits.count == 1 ? "0" : "") + digits
            }
        }
        return output
    }
}
