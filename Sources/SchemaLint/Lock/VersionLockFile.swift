import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules
import SchemaLintYAML

/// The lock file's text: what `schemalint lock` writes, and its reading (YAML, through the YAML
/// reader's parser).
extension VersionLock {
    package func rendered() -> String {
        var out = """
        # schemalint.lock: hashes of the released model versions, written by `schemalint lock`.
        # Lint reports a released version that no longer matches (released-version-modified) or that is
        # gone (released-version-removed). Run `schemalint lock` again after each release; see docs/lock.md.
        lock: \(Self.formatVersion)
        models:\(entries.isEmpty ? " {}" : "")

        """
        var model: String?
        for entry in entries.sorted(by: { ($0.model, $0.versionNumber ?? VersionNumber(ordinal: 0)) < ($1.model, $1.versionNumber ?? VersionNumber(ordinal: 0)) }) {
            if entry.model != model {
                out += "  "
                JSONEscaping.appendQuoted(entry.model, to: &out)
                out += ":\n"
                model = entry.model
            }
            out += "    "
            JSONEscaping.appendQuoted(entry.version, to: &out)
            out += ": "
            JSONEscaping.appendQuoted(entry.hash, to: &out)
            out += "\n"
        }
        return out
    }

    /// Reads a lock file; any problem is an input error at its position.
    package static func read(path: String) throws(InputError) -> VersionLock {
        try parse(bytes: try FileReader.bytes(of: path), file: path)
    }

    package static func parse(bytes: [UInt8], file: String) throws(InputError) -> VersionLock {
        let root = try YAMLParser().parse(bytes, file: file)
        let top = try MappingReader(root, subject: "the lock file")
        try top.rejectUnknownKeys(allowed: ["lock", "models"])
        let format = try top.int("lock")
        guard format == formatVersion else {
            throw InputError(at: top.value("lock")?.location ?? root.location, "lock format \(format.map(String.init) ?? "(none)") is not supported (this schemalint writes format \(formatVersion)); run `schemalint lock --force` to rewrite it")
        }
        var entries: [Entry] = []
        for (model, _, versions) in try MappingReader.entries(of: try top.required("models"), subject: "'models'") {
            for (version, key, value) in try MappingReader.entries(of: versions, subject: "the versions of model '\(model)'") {
                guard VersionNumber(version) != nil else {
                    throw InputError(at: key.location, "'\(version)' in the lock is not a version number")
                }
                let hash = try ScalarReader.string(value, for: "the hash of version \(version) of model '\(model)'")
                guard hash.hasPrefix("sha256:"), hash.utf8.count == 71 else {
                    throw InputError(at: value.location, "the hash of version \(version) of model '\(model)' must be 'sha256:' and 64 hex digits")
                }
                entries.append(Entry(model: model, version: version, hash: hash, location: key.location))
            }
        }
        return VersionLock(file: file, entries: entries)
    }

    /// The locks beside the given folders (`<folder>/schemalint.lock`), merged; nil when there is none.
    /// For a model file given directly, the lock in its folder counts for the models linted
    /// (`models`): a lock covers a whole folder, whose other models were not asked for.
    package static func find(for paths: [String], models: Set<String>) throws(InputError) -> VersionLock? {
        var found: VersionLock?
        var read: Set<String> = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            let folder = isFolder.boolValue ? path : PathResolution.parent(of: path)
            let file = lockPath(in: folder.isEmpty ? "." : folder)
            guard FileManager.default.fileExists(atPath: file), read.insert(PathResolution.canonical(file)).inserted else { continue }
            var lock = try self.read(path: file)
            if !isFolder.boolValue { lock.entries = lock.entries.filter { models.contains($0.model) } }
            if found == nil { found = lock } else { found!.entries += lock.entries }
        }
        return found
    }

    /// `<folder>/schemalint.lock`, spelled as the folder was given.
    package static func lockPath(in folder: String) -> String {
        folder == "." ? fileName : (folder.hasSuffix("/") ? folder + fileName : folder + "/" + fileName)
    }
}
