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

    package init(bundleIdentifiers: Set<String> = [], appGroups: Set<String> = []) {
        self.bundleIdentifiers = bundleIdentifiers
        self.appGroups = appGroups
    }

    /// Whether the app is another one than `other`: both name their bundle identifiers, they share
    /// none, and they share no app group. Unknown (false) where either names none.
    package func isAnotherApp(than other: AppIdentity) -> Bool {
        !bundleIdentifiers.isEmpty && !other.bundleIdentifiers.isEmpty
            && bundleIdentifiers.isDisjoint(with: other.bundleIdentifiers) && appGroups.isDisjoint(with: other.appGroups)
    }

    /// The identity of the app at `revision` (a commit, a tag), from its files in git: one
    /// `git grep` over the project files, build settings and entitlements, leaving out those of
    /// dependencies checked in. `HEAD` is read in the work tree's files, which git need not
    /// inflate (a third of the time, in a project file of megabytes). Nil where git cannot answer.
    package static func read(at revision: String, top: String, runner: GitRunner) -> AppIdentity? {
        let pattern = "PRODUCT_BUNDLE_IDENTIFIER *=|<string>group\\."
        let paths = ["*.pbxproj", "*.xcconfig", "*.entitlements"] + excludedDependencies
        let tree = revision == "HEAD" ? [] : [revision]
        guard let output = runner.run(["grep", "-h", "-I", "-E", "--no-color", pattern] + tree + ["--"] + paths, in: top),
              output.status == 0 || output.status == 1 else { return nil }
        var identity = AppIdentity()
        for line in output.text.split(separator: "\n") {
            if let equals = line.firstIndex(of: "="), line[..<equals].trimmingCharacters(in: .whitespaces) == "PRODUCT_BUNDLE_IDENTIFIER" {
                let value = line[line.index(after: equals)...].trimmingCharacters(in: .init(charactersIn: " \t;\"\r"))
                if !value.isEmpty, !value.contains("$"), !value.lowercased().hasSuffix("tests") { identity.bundleIdentifiers.insert(value) }
            } else if let start = line.range(of: "<string>group."), let end = line[start.upperBound...].range(of: "</string>") {
                let group = line[start.lowerBound..<end.lowerBound].dropFirst("<string>".count)
                if !group.contains("$") { identity.appGroups.insert(String(group)) }
            }
        }
        return identity
    }

    /// Pathspecs that leave out the project files of dependencies checked into the repository:
    /// their identifiers and versions are theirs, not the app's (`*` matches across folders in a
    /// pathspec).
    package static let excludedDependencies = ["Carthage", "Pods", "Vendor", "Vendors", "ThirdParty", "Third Party", "Third-Party", "External", "Externals"]
        .flatMap { [":(exclude,icase)\($0)/*", ":(exclude,icase)*/\($0)/*"] }
}
