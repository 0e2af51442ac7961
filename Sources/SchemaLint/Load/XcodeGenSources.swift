import SchemaLintCore
import SchemaLintYAML

/// The folders an XcodeGen specification's targets take their files from (`targets: App:
/// sources: [App, Shared]`, or `- path: Widget`), relative to the specification's folder: a copy
/// of the app's sources beside them that no target names (a sandbox, an old version kept) is built
/// by nothing. Nil where the specification may take any folder: one it cannot read, or one whose
/// targets come partly from elsewhere (`include:`, templates) or name no sources of their own.
package enum XcodeGenSources {
    package static func folders(in bytes: [UInt8], file: String) -> [[Substring]]? {
        guard let root = try? YAMLParser().parse(bytes, file: file), case .mapping(let top) = root.content else { return nil }
        func value(_ key: String, in pairs: [(key: YAMLNode, value: YAMLNode)]) -> YAMLNode? {
            pairs.first { $0.key.scalar == key }?.value
        }
        if value("include", in: top) != nil { return nil }
        guard let targets = value("targets", in: top), case .mapping(let named) = targets.content, !named.isEmpty else { return nil }
        var folders: [[Substring]] = []
        for (_, target) in named {
            guard case .mapping(let settings) = target.content, value("templates", in: settings) == nil,
                  let sources = value("sources", in: settings) else { return nil }
            let entries: [YAMLNode] = if case .sequence(let list) = sources.content { list } else { [sources] }
            for entry in entries {
                let path: String? = switch entry.content {
                case .scalar(let text, _): text
                case .mapping(let pairs): value("path", in: pairs)?.scalar
                case .sequence: nil
                }
                guard let path else { return nil }
                let components = path.split(separator: "/").filter { $0 != "." }
                // A path that leaves the specification's folder, or names it, takes everything.
                if components.isEmpty || components.contains("..") || path.hasPrefix("/") || path.contains("*") || path.contains("$") { return nil }
                folders.append(components)
            }
        }
        // Targets that name no source at all (`sources: []`) say nothing of where files lie.
        return folders.isEmpty ? nil : folders
    }
}
