import Foundation
import PackagePlugin

/// Embeds every `rules/<id>.md` page into the SchemaLint library as Swift source,
/// so that an installed binary can print rule pages without the source tree.
@main
struct EmbedRulePages: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let rulesDirectory = context.package.directoryURL.appending(path: "rules")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: rulesDirectory.path)) ?? []
        let pages = names.filter { $0.hasSuffix(".md") }.sorted().map { rulesDirectory.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "RulePages.generated.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(pages.count) rule pages",
                executable: try context.tool(named: "rule-page-embedder").url,
                arguments: [output.path] + pages.map(\.path),
                inputFiles: pages,
                outputFiles: [output]
            )
        ]
    }
}
