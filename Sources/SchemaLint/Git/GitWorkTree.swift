import Foundation

/// Where the git work tree around a path begins, found on the file system without running git.
enum GitWorkTree {
    /// The nearest folder at or above `path` (symbolic links resolved) that holds a `.git` folder
    /// or file (a worktree or submodule); nil when there is none.
    static func root(containing path: String) -> String? {
        var folder = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        while true {
            if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git")) { return folder }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }
}
