import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// The model files as they are at a git revision (`--against origin/main`), checked out into a
/// temporary folder with `git archive`, so that they can be linted like the working tree.
package struct GitRevision: Sendable {
    package var revision: String
    /// The repository's top folder.
    package var root: String
    private let runner: GitRunner

    /// Finds the repository around `folder` (nil: the current folder) and checks that `revision`
    /// names a commit.
    package init(_ revision: String, in folder: String? = nil, runner: GitRunner = GitRunner()) throws(InputError) {
        self.revision = revision
        self.runner = runner
        guard let top = runner.run(["rev-parse", "--show-toplevel"], in: folder), top.succeeded,
              let root = top.text.split(separator: "\n").first.map(String.init) else {
            throw InputError(file: ".", message: "--against needs a git repository, and the current folder is not in one")
        }
        self.root = root
        guard runner.run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: root)?.succeeded == true else {
            throw InputError(file: root, message: "unknown revision '\(revision)' (try a branch, a tag or a commit, e.g. origin/main)")
        }
    }

    /// A revision the caller listed itself (a release tag `for-each-ref` gave) in the repository
    /// whose top folder it found: nothing to check, and two git processes fewer per reading.
    package init(listed revision: String, top root: String, runner: GitRunner = GitRunner()) {
        self.revision = revision
        self.root = root
        self.runner = runner
    }

    /// A temporary folder holding, at the same relative places, the given paths as they are at
    /// the revision (paths that did not exist then are simply absent), and the paths to lint there.
    /// The files directly inside `companionFolders` (not their subfolders) come along too, so that
    /// a model file named on its own finds the rest of its history beside it, as it does in the
    /// working tree.
    package func checkout(_ paths: [String], companionFolders: [String] = []) throws(InputError) -> (folder: String, paths: [String]) {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("schemalint-against-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw InputError(file: folder, message: "cannot create a temporary folder: \(error.localizedDescription)")
        }
        let relative = paths.map { PathResolution.relative(PathResolution.canonical($0), to: root) }
        let listed = runner.run(["ls-tree", "-r", "--name-only", revision, "--"] + relative.map { $0 == "." ? ":/" : $0 }, in: root)
        let files = Set((listed?.text ?? "").split(separator: "\n").map(String.init) + filesDirectly(in: companionFolders)).sorted()
        if !files.isEmpty {
            let script = "root=$1; revision=$2; folder=$3; shift 3; git -C \"$root\" archive --format=tar \"$revision\" -- \"$@\" | tar -x -C \"$folder\""
            let archive = Self.run("/bin/sh", ["-c", script, "sh", root, revision, folder] + files)
            guard archive.status == 0 else {
                throw InputError(file: root, message: "cannot read the files at '\(revision)': \(archive.output)")
            }
        }
        let mapped = relative.map { $0 == "." ? folder : (folder as NSString).appendingPathComponent($0) }
        return (folder, mapped.filter { FileManager.default.fileExists(atPath: $0) })
    }

    /// The Swift files at the revision whose text has any of `words` (`@Model`, `VersionedSchema`),
    /// as paths of the working tree (under the root): where a type the files read there refer to
    /// was declared then, which may be another file than the one declaring it now.
    package func swiftFiles(mentioning words: [String]) -> [String] {
        let patterns = words.flatMap { ["-e", $0] }
        // -F: the words as written; -I: no binary files; exit 1 is "no match", no failure.
        guard let found = runner.run(["grep", "-l", "-I", "-F"] + patterns + [revision, "--", "*.swift"], in: root), found.status <= 1 else { return [] }
        let prefix = revision + ":"
        return found.text.split(separator: "\n").map { line in
            let path = line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : String(line)
            return (root as NSString).appendingPathComponent(path)
        }
    }

    /// The Swift files at the revision that declare a type named one of `names` (`enum PetType`,
    /// `struct Address`, `typealias Tags`), as paths of the working tree: where a property's type
    /// was declared then, in a file that declares no model.
    package func swiftFiles(declaringTypes names: [String]) -> [String] {
        let names = names.filter { name in !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
        guard !names.isEmpty else { return [] }
        let pattern = "(enum|struct|typealias)[[:space:]]+(" + names.sorted().joined(separator: "|") + ")([^[:alnum:]_]|$)"
        guard let found = runner.run(["grep", "-l", "-I", "-E", "-e", pattern, revision, "--", "*.swift"], in: root), found.status <= 1 else { return [] }
        let prefix = revision + ":"
        return found.text.split(separator: "\n").map { line in
            let path = line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : String(line)
            return (root as NSString).appendingPathComponent(path)
        }
    }

    /// Every file at the revision, relative to the root.
    package func allFiles() -> [String] {
        guard let listed = runner.run(["ls-tree", "-r", "-z", "--name-only", revision], in: root), listed.succeeded else { return [] }
        return listed.text.split(separator: "\0").map(String.init)
    }

    /// The files (not folders) directly inside each folder at the revision, relative to the root.
    private func filesDirectly(in folders: [String]) -> [String] {
        var files: [String] = []
        for folder in Set(folders.map { PathResolution.relative(PathResolution.canonical($0), to: root) }).sorted() {
            // Without -r, ls-tree lists a folder's own entries: "mode type object\tpath", NUL-ended.
            guard let listed = runner.run(["ls-tree", "-z", revision, "--"] + (folder == "." ? [] : [folder + "/"]), in: root), listed.succeeded else { continue }
            for line in listed.text.split(separator: "\0") {
                let parts = line.split(separator: "\t", maxSplits: 1)
                guard parts.count == 2, parts[0].split(separator: " ").dropFirst().first == "blob" else { continue }
                files.append(String(parts[1]))
            }
        }
        return files
    }

    /// Where `path` (a file of the working tree) lands in a checkout folder.
    package func place(of path: String, in folder: String) -> String {
        (folder as NSString).appendingPathComponent(PathResolution.relative(PathResolution.canonical(path), to: root))
    }

    /// Runs a program other than git (the `git archive | tar` pipeline of a checkout); its
    /// standard output and error together.
    private static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        guard let output = ChildProcess.run(executable, arguments, environment: ProcessInfo.processInfo.environment) else {
            return (127, "\(executable): could not be started")
        }
        return (output.status, String(decoding: output.standardOutput + output.standardError, as: UTF8.self))
    }
}
