import Foundation

/// A deterministic text of what the linter compares in a version: every entity, attribute,
/// relationship and configuration with their properties, sorted by name, without source locations,
/// comments, formatting, key order, the display label or the released flag. Two files that the
/// linter cannot tell apart have the same canonical form.
///
/// Changing this text changes every lock's hashes: bump `VersionLock.formatVersion` if it must change.
enum CanonicalForm {
    static func text(of version: ModelVersion) -> String {
        var out = ""
        func line(_ fields: [(String, String?)]) {
            var first = true
            for (key, value) in fields {
                guard let value else { continue }
                if !first { out += " " }
                first = false
                out += key
                if !value.isEmpty {
                    out += "="
                    JSONEscaping.appendQuoted(value, to: &out)
                }
            }
            out += "\n"
        }
        func flag(_ value: Bool) -> String? { value ? "" : nil }
        let versionText = version.version.components.reversed().drop { $0 == 0 }.reversed().map(String.init).joined(separator: ".")
        line([("model", version.model), ("version", versionText.isEmpty ? "0" : versionText), ("cloudkit", flag(version.usesCloudKit))])
        for entity in version.entities.sorted(by: { $0.name < $1.name }) {
            line([
                ("entity", entity.name), ("parent", entity.parent), ("abstract", flag(entity.isAbstract)),
                ("renamedFrom", entity.renamedFrom), ("deprecated", entity.deprecation), ("versionHashModifier", entity.versionHashModifier),
                ("uniqueness", entity.uniquenessConstraints.isEmpty ? nil : entity.uniquenessConstraints.map { $0.sorted().joined(separator: ",") }.sorted().joined(separator: ";")),
            ])
            for attribute in entity.attributes.sorted(by: { $0.name < $1.name }) {
                line([
                    ("attribute", attribute.name), ("type", attribute.type.rawValue), ("required", flag(!attribute.isOptional)),
                    ("default", attribute.defaultValue), ("transient", flag(attribute.isTransient)), ("renamedFrom", attribute.renamedFrom),
                    ("deprecated", attribute.deprecation), ("transformer", attribute.transformer), ("className", attribute.className),
                    ("versionHashModifier", attribute.versionHashModifier),
                    ("allowsCloudEncryption", flag(attribute.allowsCloudEncryption)), ("derived", flag(attribute.isDerived)), ("indexed", flag(attribute.isIndexed)),
                ])
            }
            for relationship in entity.relationships.sorted(by: { $0.name < $1.name }) {
                line([
                    ("relationship", relationship.name), ("destination", relationship.destination), ("inverse", relationship.inverse),
                    ("toMany", flag(relationship.isToMany)), ("ordered", flag(relationship.isOrdered)), ("required", flag(!relationship.isOptional)),
                    ("deleteRule", relationship.deleteRule.rawValue), ("minCount", relationship.minCount.map(String.init)),
                    ("maxCount", relationship.maxCount.map(String.init)), ("transient", flag(relationship.isTransient)),
                    ("renamedFrom", relationship.renamedFrom), ("deprecated", relationship.deprecation),
                ])
            }
        }
        for configuration in version.configurations.sorted(by: { $0.name < $1.name }) {
            line([("configuration", configuration.name), ("cloudkit", flag(configuration.usesCloudKit)), ("entities", configuration.entities.sorted().joined(separator: ","))])
        }
        return out
    }

    /// `sha256:<hex>` of the canonical text.
    static func hash(of version: ModelVersion) -> String {
        "sha256:" + SHA256.hex(text(of: version).utf8)
    }
}
