import Foundation
import PackagePlugin

/// `swift package schemalint [ARGUMENTS...]`: runs schemalint in the package's directory.
///
/// The arguments go to schemalint unchanged, and schemalint runs with the package's directory as
/// its current folder: with no path it lints the whole package (every model YAML file and
/// `.xcdatamodeld` bundle outside hidden folders such as `.build`), and relative paths are relative
/// to the package. The plugin fails (and `swift package` exits non-zero) when schemalint does.
@main
struct SchemaLintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "schemalint")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        // Output goes straight to the terminal: standard output and error are inherited.
        try process.run()
        process.waitUntilExit()

        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let status = process.terminationStatus
            let meaning = switch (process.terminationReason, status) {
            case (.uncaughtSignal, _): "was killed by signal \(status)"
            case (_, 1): "found errors, or warnings with --strict (exit status 1)"
            case (_, 2): "could not read its input or arguments (exit status 2)"
            default: "exited with status \(status)"
            }
            // An error diagnostic makes `swift package` exit with a failure status.
            Diagnostics.error("schemalint \(meaning)")
            return
        }
    }
}
