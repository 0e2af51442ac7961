import Foundation
import PackagePlugin

/// Lints a target's model histories on every build that changes them: add it to the target that
/// holds `.xcdatamodeld` bundles or YAML model files (`plugins: [.plugin(name:
/// "SchemaLintBuildToolPlugin", package: "schemalint")]`). Findings appear as compiler diagnostics
/// at their file and line, and an error fails the build (docs/ci.md, "Lint on every build").
///
/// schemalint searches the target's folder, as `schemalint lint Sources/Target` would, with the
/// nearest `.schemalint.yml` from the target's folder up to the package's root. Every file of the
/// target is an input (schemalint, not the plugin, decides which are models), so a build after a
/// change to any of them lints again; a build with nothing changed does not run schemalint.
@main
struct SchemaLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else {
            Diagnostics.warning("SchemaLintBuildToolPlugin lints the models of Swift targets; '\(target.name)' is not one, so it is not linted")
            return []
        }
        let files = target.sourceFiles.map(\.url)
        guard let folder = ModelLintCommand.folder(holding: files) else { return [] }
        let lint = ModelLintCommand(
            targetName: target.name,
            paths: [folder],
            // The files SwiftPM lists for the target (a bundle is one of them: naming it also keeps
            // SwiftPM from warning that the target does not handle it), and the files in bundles.
            inputs: files.flatMap(ModelLintCommand.inputs),
            configuration: ModelLintCommand.configuration(for: folder, upTo: context.package.directoryURL)
        )
        return [lint.command(tool: try context.tool(named: "schemalint").url, workDirectory: context.pluginWorkDirectoryURL)]
    }
}
