/// Who the app a revision builds is, to the system that keeps its files: the bundle identifiers
/// its project files and build settings give its targets (`PRODUCT_BUNDLE_IDENTIFIER`), and the
/// app groups its entitlements name. A store lives in the app's own container or in an app
/// group's; an app of other identifiers and other groups can open neither. A project that began
/// as another app (a prototype, a beta built under its own identifier, an app rewritten under a
/// new one) has release tags whose stores no later release opens.
package struct AppIdentity: Sendable, Hashable {
    /// The literal identifiers only: one built from a variable (`$(PREFIX).app`) says nothing,
    /// and a test bundle's (`...Tests`, `...UITests`), which keeps no store and often keeps its
    /// name when the app takes another, is left out.
    package var bundleIdentifiers: Set<String> = []
    package var appGroups: Set<String> = []
    /// The app's identifier is a placeholder the repository keeps in place of the real one
    /// (`com.replace.me`, `com.yourcompany.app`, the real one in a file git ignores): what
    /// identifiers it has say nothing of which app it is.
    package var namesAPlaceholder = false

    package init(bundleIdentifiers: Set<String> = [], appGroups: Set<String> = []) {
        self.bundleIdentifiers = bundleIdentifiers
        self.appGroups = appGroups
    }

    /// Whether the app is another one than `other`: both name their bundle identifiers, they share
    /// none, and they share no app group. Unknown (false) where either names none.
    package func isAnotherApp(than other: AppIdentity) -> Bool {
        !namesAPlaceholder && !other.namesAPlaceholder && !bundleIdentifiers.isEmpty && !other.bundleIdentifiers.isEmpty
            && bundleIdentifiers.isDisjoint(with: other.bundleIdentifiers) && appGroups.isDisjoint(with: other.appGroups)
    }

    /// The identity of the app at `revision` (a commit, a tag), from its files in git: one
    /// `git grep` over the project files, build settings and entitlements, leaving out those of
    /// dependencies checked in. `HEAD` is read in the work tree's files, which git need not
    /// inflate (a third of the time, in a project file of megabytes). git looks for fixed strings,
    /// and the lines that assign no such setting are left out here: git's extended regular
    /// expression took 80 to 130 ms over WooCommerce's 3 MB of project files, fixed strings under
    /// 10 ms. Nil where git cannot answer.
    package static func read(at revision: String, top: String, runner: GitRunner) -> AppIdentity? {
        let strings = (settingNameParts + [groupEntitlement]).flatMap { ["-e", $0] }
        let paths = ["*.pbxproj", "*.xcconfig", "*.entitlements"] + excludedDependencies
        let tree = revision == "HEAD" ? [] : [revision]
        guard let output = runner.run(["grep", "-h", "-I", "-F", "--no-color"] + strings + tree + ["--"] + paths, in: top),
              output.status == 0 || output.status == 1 else { return nil }
        return AppIdentity(settingLines: output.text)
    }

    /// The identity that lines of build settings (`NAME = value;` of a project file, `NAME =
    /// value` of an xcconfig) and entitlements (`<string>group.…</string>`) give. A bundle
    /// identifier built from other settings (`$(MAIN_BUNDLE_IDENTIFIER)`, `${PREFIX}.app`), as
    /// teams write it once they move it into an xcconfig, is resolved from those settings'
    /// values among the lines; one that names a setting the lines lack says nothing.
    package init(settingLines text: String) {
        var settings: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") {
            if let start = line.range(of: Self.groupEntitlement), let end = line[start.upperBound...].range(of: "</string>") {
                let group = line[start.lowerBound..<end.lowerBound].dropFirst("<string>".count)
                if !group.contains("$") { appGroups.insert(String(group)) }
            } else if Self.assignsIdentifierSetting(line), let equals = Self.assignment(in: line) {
                // `NAME[config=Debug][sdk=*]` is the setting NAME under a condition.
                let name = line[..<equals].trimmingCharacters(in: .whitespaces).prefix { $0 != "[" }
                // An xcconfig's line may end in a `//` comment.
                let assigned = line[line.index(after: equals)...]
                let value = assigned[..<(assigned.range(of: "//")?.lowerBound ?? assigned.endIndex)].trimmingCharacters(in: .init(charactersIn: " \t;\"\r"))
                if !name.isEmpty, !value.isEmpty { settings[String(name), default: []].insert(value) }
            }
        }
        for value in settings["PRODUCT_BUNDLE_IDENTIFIER"] ?? [] {
            for resolved in Self.resolving(value, in: settings, depth: 0) where !resolved.lowercased().hasSuffix("tests") {
                if Self.isPlaceholder(resolved) { namesAPlaceholder = true } else { bundleIdentifiers.insert(resolved) }
            }
        }
    }

    /// Whether an identifier is a template's placeholder for the team's own: a part of it says so
    /// (`com.replace.me`, `com.yourcompany.notes`, `org.changeme.app`). (`com.example.notes`
    /// is what sample apps ship under.)
    static func isPlaceholder(_ identifier: String) -> Bool {
        let parts = identifier.lowercased().split { !$0.isLetter && !$0.isNumber }
        let placeholders: Set<Substring> = ["replace", "changeme", "placeholder", "yourcompany", "yourorganization", "yourorg", "yourname", "companyname", "organizationname", "yourdomain"]
        return parts.contains { placeholders.contains($0) }
    }

    /// What the names of the settings that build identifiers hold (`PRODUCT_BUNDLE_IDENTIFIER`,
    /// `MAIN_BUNDLE_ID`, `APP_PREFIX`), and what starts an app group in entitlements.
    private static let settingNameParts = ["BUNDLE_ID", "IDENTIFIER", "PREFIX"]
    private static let groupEntitlement = "<string>group."

    /// Whether `line` assigns a setting whose name holds one of `settingNameParts`: the name first
    /// on the line, then any conditions (`[config=Debug]`), then `=`. A line that only mentions
    /// such a name (a comment, a value) assigns nothing.
    static func assignsIdentifierSetting(_ line: Substring) -> Bool {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard settingNameParts.contains(where: { name.contains($0) }) else { return false }
        rest = rest.dropFirst(name.count)
        while rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return false }
            rest = rest[rest.index(after: close)...]
        }
        return rest.drop { $0 == " " }.first == "="
    }

    /// The `=` that assigns the setting on `line`: the first outside a condition's brackets.
    private static func assignment(in line: Substring) -> Substring.Index? {
        var depth = 0
        return line.indices.first { index in
            switch line[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case "=": return depth == 0
            default: break
            }
            return false
        }
    }

    /// `value` with each `$(NAME)` or `${NAME}` replaced by every value `settings` gives NAME,
    /// a few levels deep; the values that still hold a `$` (a setting not among the lines,
    /// `$(inherited)`, `$(TARGET_NAME:rfc1034identifier)`) are left out.
    private static func resolving(_ value: String, in settings: [String: Set<String>], depth: Int) -> Set<String> {
        guard let dollar = value.firstIndex(of: "$") else { return [value] }
        let open = value.index(after: dollar)
        guard depth < 4, open < value.endIndex, value[open] == "(" || value[open] == "{",
              let close = value[open...].firstIndex(of: value[open] == "(" ? ")" : "}"),
              let values = settings[String(value[value.index(after: open)..<close])]
        else { return [] }
        return values.prefix(8).reduce(into: Set<String>()) { all, replacement in
            all.formUnion(resolving(String(value[..<dollar]) + replacement + String(value[value.index(after: close)...]), in: settings, depth: depth + 1))
        }
    }

    /// Pathspecs that leave out the project files of dependencies checked into the repository:
    /// their identifiers and versions are theirs, not the app's (`*` matches across folders in a
    /// pathspec). So are those inside a built framework or resource bundle committed as it came
    /// (`Crashlytics.framework/Versions/A/Resources/Info.plist` holds the framework's version).
    package static let excludedDependencies = ["Carthage", "Pods", "Vendor", "Vendors", "ThirdParty", "Third Party", "Third-Party", "External", "Externals"]
        .flatMap { [":(exclude,icase)\($0)/*", ":(exclude,icase)*/\($0)/*"] }
        + [".framework", ".xcframework", ".bundle"].map { ":(exclude,icase)*\($0)/*" }
}
