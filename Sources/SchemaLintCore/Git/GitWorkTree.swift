import Foundation

/// Where the git work tree around a path begins, found on the file system without running git.
package enum GitWorkTree {
    /// The nearest folder at or above `path` (symbolic links resolved) that holds a `.git` folder
    /// or file (a worktree or submodule); nil when there is none.
    package static func root(containing path: String) -> String? {
        var folder = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        while true {
            if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git")) { return folder }
            let parent = PathResolution.parent(of: folder)
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    /// Whether the repository of the work tree at `top` is a shallow clone (as `actions/checkout`
    /// makes by default): its `.git/shallow` file, or, for a worktree or submodule (`.git` a
    /// file), what `git rev-parse --is-shallow-repository` says.
    package static func isShallow(top: String, runner: GitRunner = GitRunner()) -> Bool {
        let dotGit = (top as NSString).appendingPathComponent(".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit, isDirectory: &isDirectory) else { return false }
        if isDirectory.boolValue { return FileManager.default.fileExists(atPath: (dotGit as NSString).appendingPathComponent("shallow")) }
        return runner.run(["rev-parse", "--is-shallow-repository"], in: top)?.text.hasPrefix("true") ?? false
    }
}
