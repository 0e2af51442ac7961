#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The same for a target of an Xcode project (Build Phases > Run Build Tool Plug-ins). An Xcode
/// target has no folder of its own, so the plugin names its model files: the `.xcdatamodeld`
/// bundles and YAML files among the target's files (schemalint leaves YAML files that are not
/// models alone), with the nearest `.schemalint.yml` from the project's folder.
extension SchemaLintBuildToolPlugin: XcodeBuildToolPlugin {
    /// The kinds of file in an Xcode target that may hold models.
    static let modelExtensions: Set<String> = ["xcdatamodeld", "yaml", "yml"]

    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let models = target.inputFiles.map(\.url).filter { Self.modelExtensions.contains($0.pathExtension.lowercased()) }
        guard !models.isEmpty else { return [] }
        let project = context.xcodeProject.directoryURL
        let lint = ModelLintCommand(
            targetName: target.displayName,
            paths: models,
            inputs: models.flatMap(ModelLintCommand.inputs),
            configuration: ModelLintCommand.configuration(for: project, upTo: project),
            options: ["--skip-non-model-files"]
        )
        return [lint.command(tool: try context.tool(named: "schemalint").url, workDirectory: context.pluginWorkDirectoryURL)]
    }
}
#endif
