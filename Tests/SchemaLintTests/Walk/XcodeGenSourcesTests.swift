import Testing
@testable import SchemaLint

/// Which folders an XcodeGen specification's targets build, and when it may build any.
struct XcodeGenSourcesTests {
    static func folders(_ yaml: String) -> [String]? {
        XcodeGenSources.folders(in: Array(yaml.utf8), file: "project.yml")?.map { $0.joined(separator: "/") }
    }

    @Test func theTargetsSourcesAreItsFolders() {
        let yaml = "name: App\ntargets:\n  App:\n    type: application\n    sources:\n      - path: App/Sources\n      - Shared\n  Widget:\n    type: app-extension\n    sources: Widget\n"
        #expect(Self.folders(yaml) == ["App/Sources", "Shared", "Widget"])
    }

    /// Whatever it cannot place, it may take from anywhere: the whole folder stays the walk's.
    @Test(arguments: [
        "name: App\ninclude: [base.yml]\ntargets:\n  App:\n    sources: [App]\n",
        "name: App\ntargets:\n  App:\n    templates: [Base]\n    sources: [App]\n",
        "name: App\ntargets:\n  App:\n    type: application\n",
        "name: App\ntargets:\n  App:\n    sources: []\n",
        "name: App\ntargets:\n  App:\n    sources: [/Users/me/App]\n",
        "name: App\ntargets:\n  App:\n    sources: [../App]\n",
        "name: App\ntargets:\n  App:\n    sources: [.]\n",
        "name: App\ntargets:\n  App:\n    sources: [\"${SRCROOT}/App\"]\n",
        "name: App\ntargets: {}\n",
        "{\"name\": \"App\"}",
        "not: [valid",
    ])
    func whatItCannotPlaceTakesEverything(yaml: String) {
        #expect(Self.folders(yaml) == nil)
    }
}
