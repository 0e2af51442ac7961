import Foundation

/// How a bundle's versions were put in history order, and what git and the names say.
package struct XcodeVersionOrdering: Sendable, Hashable {
    /// Where the history order comes from.
    package enum Basis: String, Sendable {
        /// Natural order of the version names (no git history for the bundle).
        case names
        /// The order in which git first added each version's `contents`.
        case git
        /// `--order FILE` or `order:` of the bundle in `.schemalint.yml`.
        case explicit
    }

    package var basis: Basis
    /// The readable versions in history order: the order used.
    package var history: [String]
    /// The readable versions in natural order of their names.
    package var byName: [String]
    /// The commit that first added each version's `contents` (following renamed folders), for the
    /// versions git has; empty without git, and when the order was given explicitly (git is not asked).
    package var commits: [String: GitFileOrigins.Commit]
    /// What git said when the bundle lies in a work tree but git could not read its history.
    package var gitProblem: String?
    /// The bundle lies in a shallow clone, so the names decided, not git.
    package var isShallowClone = false
    /// In a shallow clone, names that carry no order (`Model_discount_policy` beside
    /// `Model_course_info_v18`), or that put several versions after the current one: only the
    /// current version was read, no step between versions.
    package var checksCurrentOnly = false
    /// Versions git added after the current version that hold earlier states of it (each is the
    /// current version's `contents` as they were before the commit that added it): a team that
    /// edits one version in place and keeps copies of what shipped. They come before it, in the
    /// order git added them.
    package var earlierStatesOfCurrent: [String] = []
    /// Versions git added after the current version, in the commit that added it, that are
    /// unchanged copies of a version before it (by copy: the original): leftovers of that commit,
    /// never current. Each comes just after its original.
    package var copiesOfEarlierVersions: [String: String] = [:]
    /// Versions after the current one by name that came in the commit that added it and that no
    /// commit edited since, while commits since edited the current one: the team works on the
    /// current version, so these are copies that commit left beside it, not drafts. They are not
    /// read.
    package var leftoversAfterCurrent: [String] = []
    /// Versions between two that releases made current, that neither a release tag nor any
    /// commit since the release before them made current (`NeverCurrentVersion`): no store was
    /// made with them, and none migrates through them. They are left out of the steps checked.
    package var neverCurrent: [NeverCurrentVersion] = []

    package init(basis: Basis, history: [String], byName: [String], commits: [String: GitFileOrigins.Commit] = [:], gitProblem: String? = nil) {
        self.basis = basis
        self.history = history
        self.byName = byName
        self.commits = commits
        self.gitProblem = gitProblem
    }

    /// Versions git does not have yet (new, uncommitted), when the order comes from git.
    package var uncommitted: [String] { basis == .git ? history.filter { commits[$0] == nil } : [] }
}

/// A version of a bundle that no release made current: the release tags up to `lastReleaseBefore`
/// made an earlier version current, and `madeCurrentAfter` a later one (the release tag
/// `firstReleaseAfter`, or the work tree where that is nil), and no commit in between made this
/// one current. Core Data picks the model a store is migrated from by the hashes the store
/// records: no store records this version's, so stores go from `currentBefore` straight on.
/// Without release tags (`lastReleaseBefore` nil), no commit at all made it current, though
/// commits made `currentBefore` current before and `madeCurrentAfter` after.
package struct NeverCurrentVersion: Sendable, Hashable {
    package var name: String
    package var lastReleaseBefore: String?
    package var currentBefore: String
    package var firstReleaseAfter: String?
    package var madeCurrentAfter: String

    package init(name: String, lastReleaseBefore: String?, currentBefore: String, firstReleaseAfter: String?, madeCurrentAfter: String) {
        self.name = name
        self.lastReleaseBefore = lastReleaseBefore
        self.currentBefore = currentBefore
        self.firstReleaseAfter = firstReleaseAfter
        self.madeCurrentAfter = madeCurrentAfter
    }
}

/// Puts a bundle's versions in history order and checks the version names the user gave.
package enum XcodeVersionOrder {
    /// The readable versions in history order: `explicit` when given (names with or without
    /// `.xcdatamodel`; it must name each readable version exactly once and may also name legacy
    /// versions, which are left out); else the order of the commits that first added them
    /// (`commits`, from git), versions of one commit by name and uncommitted ones last, by name;
    /// else, when git has none of them, the natural order of their names.
    package static func ordering(
        of names: Set<String>, legacy: Set<String>, explicit: [String]?, commits: [String: GitFileOrigins.Commit], bundle: String, current: String? = nil
    ) throws(InputError) -> XcodeVersionOrdering {
        let byName = sortedByName(names, model: XcodeModelBundle.modelName(ofBundleAt: bundle), current: current)
        if let explicit {
            return XcodeVersionOrdering(basis: .explicit, history: try checked(explicit, names: names, legacy: legacy, bundle: bundle), byName: byName)
        }
        let known = commits.filter { names.contains($0.key) }
        guard !known.isEmpty else { return XcodeVersionOrdering(basis: .names, history: byName, byName: byName) }
        let rank = Dictionary(uniqueKeysWithValues: byName.enumerated().map { ($1, $0) })
        // Versions one commit added (a branch of several merged, a folder imported) that all end
        // with a version number are ordered by it (`Model_course_authors_v29` after
        // `Model_time_to_complete_v26`), where names of features would sort them by letters.
        let numberedCommits = Set(Dictionary(grouping: names) { known[$0]?.position ?? .max }.filter { $0.value.count > 1 && $0.value.allSatisfy { !trailingVersion($0).isEmpty } }.keys)
        let byGit = names.sorted { lhs, rhs in
            let (left, right) = (known[lhs]?.position ?? .max, known[rhs]?.position ?? .max)
            if left != right { return left < right }
            let (leftNumber, rightNumber) = (trailingVersion(lhs), trailingVersion(rhs))
            if numberedCommits.contains(left), leftNumber != rightNumber { return leftNumber.lexicographicallyPrecedes(rightNumber) }
            return rank[lhs]! < rank[rhs]!
        }
        return XcodeVersionOrdering(basis: .git, history: byGit, byName: byName, commits: known)
    }

    /// The version names in the order they give: natural order, but for the names Xcode gives and
    /// one name with no number among numbered ones. Xcode names a bundle's first version after the
    /// model and proposes `Model 2`, `Model 3` for each one added after it, so its names (`model`'s)
    /// come before those a team chose later (`ArtsyPartner 5` before `ArtsyFolio v1.4`), and among
    /// the others a first version that kept an unnumbered name (`Shared` beside `0.5`, `0.6`) is
    /// still the oldest, wherever its letters sort.
    /// Numbered names of two stems or more (a project renamed between versions: `Flameworker 4`
    /// then `Molten 5`) are ordered by their numbers where those all differ and the current
    /// version holds the highest.
    /// A team that keeps each shape it shipped as a copy numbered from 1 (`NotesV1`, `Notes_v2`)
    /// and edits the version named after the model as the current one puts the copies first:
    /// Xcode numbers no version 1, so such a copy is no version Xcode added after the first.
    package static func sortedByName(_ names: some Sequence<String>, model: String? = nil, current: String? = nil) -> [String] {
        let sorted = NaturalOrder.sorted(names)
        if let byNumber = numberedAcrossStems(sorted, current: current) { return byNumber }
        if let model, let current, current == model, sorted.contains(current) {
            let copies = sorted.filter { $0 != current }
            let numbers = copies.map { copyNumber($0, model: model) }
            if !copies.isEmpty, numbers.allSatisfy({ $0 != nil }), numbers.contains(1) { return copies + [current] }
        }
        let xcodes = model.map { model in sorted.filter { isXcodeName($0, model: model) || isNumbered(withoutPreRelease(withoutLabel($0)), model: model) } } ?? []
        let others = xcodes.isEmpty ? sorted : sorted.filter { !xcodes.contains($0) }
        let unnumbered = others.filter { !hasNumber($0) }
        guard unnumbered.count == 1, others.count > 1 else { return xcodes + others }
        return xcodes + unnumbered + others.filter(hasNumber)
    }

    /// The number of a copy of model `model`'s versions named `NotesV1`, `Notes_v2`, `Notes 3`,
    /// `Notes-V4`; nil for any other name.
    private static func copyNumber(_ name: String, model: String) -> Int? {
        guard name.hasPrefix(model) else { return nil }
        var rest = Substring(name.dropFirst(model.count))
        if let first = rest.first, " _-".contains(first) { rest = rest.dropFirst() }
        if let first = rest.first, first == "v" || first == "V" { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(rest)
    }

    /// `Notes`, `Notes 2`: the names Xcode gives the versions of model `Notes`.
    private static func isXcodeName(_ name: String, model: String) -> Bool {
        guard name.hasPrefix(model) else { return false }
        let rest = name.dropFirst(model.count)
        return rest.isEmpty || (rest.first == " " && rest.dropFirst().allSatisfy { $0 >= "0" && $0 <= "9" } && rest.count > 1)
    }

    /// `Notes 13_5`, `Notes 14_ 2`, `Notes 6.2`: the model's name and a number of a team's own
    /// spelling (a version rebuilt between two of Xcode's, an app version), which comes among
    /// Xcode's names in natural order (`Notes 13`, `Notes 13_5`, `Notes 14`), not after them.
    private static func isNumbered(_ name: String, model: String) -> Bool {
        guard name.hasPrefix(model), hasNumber(name) else { return false }
        return name.dropFirst(model.count).unicodeScalars.allSatisfy { ($0 >= "0" && $0 <= "9") || " _-.".unicodeScalars.contains($0) }
    }

    private static func hasNumber(_ name: String) -> Bool { name.unicodeScalars.contains { $0 >= "0" && $0 <= "9" } }

    /// A name without the pre-release a version number ends with (`Awful 3.2-beta6` is `Awful 3.2`):
    /// the stage of an app version, not another name.
    private static func withoutPreRelease(_ name: String) -> String {
        let lowered = name.lowercased()
        let digits = lowered.reversed().prefix { $0.isASCII && $0.isNumber }.count
        let beforeDigits = lowered.dropLast(digits)
        for stage in ["alpha", "beta", "rc", "pre", "dev", "b", "a"] where beforeDigits.hasSuffix(stage) {
            var head = beforeDigits.dropLast(stage.count)
            if let last = head.last, "-_. ".contains(last) { head = head.dropLast() }
            if let last = head.last, last.isASCII, last.isNumber { return String(name.prefix(head.count)) }
        }
        return name
    }

    /// A name without the label a team put after its number in parentheses (`Sprinklers 8
    /// (cloud)` is `Sprinklers 8`): what the version brought, not another name.
    static func withoutLabel(_ name: String) -> String {
        guard name.hasSuffix(")"), let open = name.range(of: " (", options: .backwards), open.lowerBound > name.startIndex else { return name }
        return String(name[..<open.lowerBound])
    }

    /// A name's letters, lower-cased: its stem once digits, spaces and punctuation are left out.
    private static func letters(_ name: String) -> String { String(name.lowercased().unicodeScalars.filter { CharacterSet.letters.contains($0) }) }

    /// `names` (in natural order) by the numbers they end with, the one unnumbered name first,
    /// where the numbered names have several stems, each ends with a number of its own, and the
    /// current version's is the highest; nil otherwise.
    private static func numberedAcrossStems(_ names: [String], current: String?) -> [String]? {
        let numbered = names.filter(hasNumber)
        guard let current, numbered.contains(current), names.count - numbered.count <= 1, Set(numbered.map(letters)).count > 1 else { return nil }
        let numbers = Dictionary(uniqueKeysWithValues: numbered.map { ($0, trailingVersion($0)) })
        guard numbers.values.allSatisfy({ !$0.isEmpty }), Set(numbers.values).count == numbered.count else { return nil }
        let byNumber = numbered.sorted { numbers[$0]!.lexicographicallyPrecedes(numbers[$1]!) }
        guard byNumber.last == current else { return nil }
        return names.filter { !hasNumber($0) } + byNumber
    }

    /// The dotted version number a name ends with (`[2, 1]` for `Model 2.1`, `[29]` for
    /// `Model_authors_v29`), empty where it ends with none.
    package static func trailingVersion(_ name: String) -> [Int] {
        let tail = withoutLabel(name).reversed().prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        return String(tail.reversed()).split(separator: ".").compactMap { Int($0) }
    }

    /// Whether the names say the order by themselves: the numbered versions are one name and a
    /// number (`Model 2`, `Model3`, `MeshtasticDataModelV 23`: the same letters once digits,
    /// spaces and punctuation are left out), and a version without a number is Xcode's first one,
    /// named after the model or the versions' own name (`UserCollectionEntity` before
    /// `UserCollectionEntity v2`), or any name beside versions that are numbers alone (`Shared`
    /// before `0.5`, `0.6`: they have no name of their own, and the first version was named before
    /// numbers were); with no numbered version, the model's name and one other. Names
    /// of features (`Model_discount_policy` beside `Model_course_info_v18`) say nothing of when
    /// each was made. A label after the number (`Sprinklers 8 (cloud)`) is no other name.
    package static func namesCarryOrder(_ names: Set<String>, model: String) -> Bool {
        let numbered = names.filter(hasNumber)
        let stems = Set(numbered.map { letters(withoutPreRelease(withoutLabel($0))) })
        guard stems.count <= 1 else { return false }
        let unnumbered = names.subtracting(numbered).subtracting([model])
        if let stem = stems.first {
            return unnumbered.count <= 1 && unnumbered.allSatisfy { stem.isEmpty || stem.hasPrefix(letters(withoutLabel($0))) }
        }
        return unnumbered.count <= 1 && names.contains(model)
    }

    /// Whether the numbers the names end with order them across stems (a project renamed between
    /// versions: `mo_ikai`, `mo_ikai 2` ... `mo_ikai 11`, `opb 12` ... `opb 21`): each numbered
    /// name ends with a number of its own, the current version's the highest, and at most one
    /// name has none (the first version).
    package static func numbersCarryOrderAcrossStems(_ names: Set<String>, current: String?) -> Bool {
        numberedAcrossStems(NaturalOrder.sorted(names), current: current) != nil
    }

    /// Whether the names alone settle the order, so that git need not be asked (a `git log` walks
    /// the whole history: seconds in a repository of 50,000 commits, on every run of a pre-commit
    /// hook): a bundle of one version; or every name one name and a number (but Xcode's first
    /// version, named after the model), with the current version last by name. Names like `Shared`
    /// before `0.5`, numbered names of two stems (`Flameworker 4` before `Molten 5`: the project was
    /// renamed), or a current version that is not the last by name, still ask git.
    package static func namesSuffice(_ names: Set<String>, current: String?, model: String) -> Bool {
        guard names.count > 1 else { return true }
        let byName = NaturalOrder.sorted(names)
        guard let current, byName.last == current else { return false }
        return byName.allSatisfy { name in name == model || hasNumber(name) } && namesCarryOrder(names, model: model)
    }

    /// The explicit order, checked against the bundle's versions.
    private static func checked(_ explicit: [String], names: Set<String>, legacy: Set<String>, bundle: String) throws(InputError) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for given in explicit {
            let name = XcodeModelBundle.versionName(ofFolder: given)
            guard seen.insert(name).inserted else {
                throw InputError(file: bundle, message: "the version order names '\(name)' twice")
            }
            if legacy.contains(name) { continue }
            guard names.contains(name) else {
                let hint = Spelling.didYouMean(name, among: names)
                throw InputError(file: bundle, message: "the version order names '\(name)', which is not a version of this bundle\(hint)",
                                 notes: ["versions: \(NaturalOrder.sorted(names).joined(separator: ", "))"])
            }
            result.append(name)
        }
        let missing = NaturalOrder.sorted(names.subtracting(seen))
        guard missing.isEmpty else {
            throw InputError(file: bundle, message: "the version order misses \(missing.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return result
    }

    /// The drafts: the configured ones (names with or without `.xcdatamodel`; each must name a
    /// version of the bundle), or, when the configuration names none, the versions after the
    /// current version in history order (what the app does not ship yet).
    package static func drafts(configured: Set<String>?, history: [String], current: String?, known: Set<String>, bundle: String) throws(InputError) -> Set<String> {
        guard let configured else {
            guard let current, let position = history.firstIndex(of: current) else { return [] }
            return Set(history[(position + 1)...])
        }
        let names = Set(configured.map(XcodeModelBundle.versionName(ofFolder:)))
        for draft in names.sorted() where !known.contains(draft) {
            let hint = Spelling.didYouMean(draft, among: known)
            throw InputError(file: bundle, message: "the draft '\(draft)' is not a version of this bundle\(hint)")
        }
        return names
    }
}
