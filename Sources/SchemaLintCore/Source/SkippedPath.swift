import Foundation

/// A path the folder walk left out, and why: `--verbose` lists them, so that a user who wonders
/// why a file was not linted sees the answer.
package struct SkippedPath: Sendable, Hashable, Comparable {
    package enum Reason: String, Sendable, Hashable {
        case buildOrDependencies = "build products or dependencies"
        case testsOrFixtures = "tests, fixtures or a playground, which ship to no device"
        case librarySamples = "a library's example, sample or demo app, which none of the apps that use the library runs"
        case topLevelExample = "an example, sample or demo app at the top of the repository, beside what it shows, which ships to no one"
        case ignoredByGit = "ignored by git"
        case notAModelFile = "YAML without a model named on the format's top-level `model:` line"
        case excluded = "`exclude:` in the configuration"
        case unreadable = "its version folders hold no model file (contents, or Xcode 3's elements)"
        case submoduleNotCheckedOut = "a git submodule that is not checked out (`git submodule update --init --recursive` fetches it; in GitHub Actions, `submodules: recursive` on actions/checkout), so its models and store code are not read"
        case namesNoStoreAPI = "code that names no Core Data or SwiftData API and declares nothing a store's code reaches, so it is not read as store code"
        case inNoProject = "no Xcode project of the folder walked lists it or holds it in a synchronized folder (an old copy of another project of its name, in a folder named Legacy, Old or Backup, counts as none), and nothing in a folder around it adds files by folder (a package manifest, a project generator, a podspec)"
    }

    package var path: String
    package var reason: Reason

    package init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    package static func < (lhs: SkippedPath, rhs: SkippedPath) -> Bool { lhs.path < rhs.path }

    /// A folder left out as tests, fixtures or a library's demo apps that holds a model bundle.
    /// Looked for on disk only where a run found no model at all (`WalkListing.noModelLine`).
    package var holdsModelBundle: Bool {
        guard [.testsOrFixtures, .librarySamples, .topLevelExample].contains(reason), let walk = FileManager.default.enumerator(atPath: path) else { return false }
        while let item = walk.nextObject() as? String {
            if item.hasSuffix(".xcdatamodeld") || item.hasSuffix(".xcdatamodel") { return true }
        }
        return false
    }
}
