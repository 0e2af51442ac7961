import ArgumentParser
import Foundation
import SchemaLint

struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Record the released versions in schemalint.lock beside the models, so lint notices when one changes.",
        discussion: """
        Writes <folder>/schemalint.lock with a hash of each released version's content (what the linter \
        compares: not formatting, comments or key order). Drafts are not locked. The lock is replaced \
        atomically. A locked version that is gone or changed is never dropped silently: the command \
        fails (exit 1) unless --force is given. See docs/lock.md.
        """
    )

    @Argument(help: "Folders of model files (each gets its own lock).")
    var paths: [String] = ["."]

    @Flag(help: "Drop lock entries of versions that are gone, and re-hash versions that changed.")
    var force = false

    func run() throws {
        var refused = false
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("'\(path)' is not a folder; a lock covers a folder of model files")
            }
            refused = try lock(folder: path) || refused
        }
        if refused { throw ExitCode(1) }
    }

    /// Locks one folder; true when it refused to lose entries.
    private func lock(folder: String) throws -> Bool {
        // Loaded as lint loads it (the configuration says which bundle versions are drafts); a
        // model edited in place is the version its files hold, not the next after a tag's copy.
        let input: LintPipeline.Input
        var options = LintPipeline.Options(paths: [folder])
        options.readsNewestRelease = false
        switch LintPipeline(readers: ModelReaders.registered).load(options) {
        case .success(let value): input = value
        case .failure(let problems):
            Terminal.writeError(problems.description)
            throw ExitCode(2)
        }
        let file = VersionLock.lockPath(in: folder)
        var existing: VersionLock?
        if FileManager.default.fileExists(atPath: file) {
            do throws(InputError) {
                existing = try VersionLock.read(path: file)
            } catch where !force {
                var problem = error
                problem.message += " (use --force to replace the lock)"
                Terminal.writeError(InputErrors([problem]).description)
                throw ExitCode(2)
            } catch {}
        }
        let histories = input.histories
        let update = VersionLock.update(existing, histories: histories, file: file)
        if !force, !update.dropped.isEmpty || !update.changed.isEmpty {
            for entry in update.dropped {
                Terminal.writeError("\(entry.location?.description ?? file): error: version \(entry.version) of model '\(entry.model)' is locked but no longer a released version here; restore it, or run `schemalint lock --force` to drop it\n")
            }
            for entry in update.changed {
                Terminal.writeError("\(entry.location?.description ?? file): error: released version \(entry.version) of model '\(entry.model)' changed since it was locked; restore it, or run `schemalint lock --force` to lock its new content\n")
            }
            Terminal.writeError("\(file): the lock was not changed\n")
            return true
        }
        do {
            // Replacing is decided above (entries are never lost without --force); the write itself
            // is atomic: readers see the old lock or the new one, never a part.
            try AtomicFileWriter.write(update.lock.rendered(), to: file, force: true)
        } catch {
            Terminal.writeError(error.description + "\n")
            throw ExitCode(2)
        }
        let versions = update.lock.entries.count
        var summary = "\(file): \(versions) released version\(versions == 1 ? "" : "s") of \(histories.count) model\(histories.count == 1 ? "" : "s")"
        var details: [String] = []
        if !update.added.isEmpty { details.append("\(update.added.count) newly locked") }
        if !update.dropped.isEmpty { details.append("\(update.dropped.count) dropped") }
        if !update.changed.isEmpty { details.append("\(update.changed.count) re-hashed") }
        if !details.isEmpty { summary += " (\(details.joined(separator: ", ")))" }
        Terminal.write(summary + "\n")
        return false
    }
}
