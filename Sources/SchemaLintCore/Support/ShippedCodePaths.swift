/// Which source files belong to what ships to people's devices. A test's `try!` or `fatalError`
/// around opening a store, or a mock's in-memory stack, never reaches a person; reporting it as
/// the app's store handling is a false alarm.
package enum ShippedCodePaths {
    /// Whether `path` lies in a test target or is a test double, by the names Xcode and SwiftPM
    /// give them: a folder `Tests` or ending in `Tests` (`AppTests`, `UnitTests`, `AppUITests`),
    /// or a file or folder whose name says mock, fake, stub or test utilities.
    package static func isTestOrDouble(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        if components.dropLast().contains(where: { isTestFolder(String($0)) }) { return true }
        guard let file = components.last else { return false }
        let name = file.split(separator: ".").first.map(String.init) ?? String(file)
        return ["Mock", "Fake", "Stub", "TestUtilities", "TestHelpers", "Tests"].contains { word in
            name.hasSuffix(word) || (name.hasPrefix(word) && name.dropFirst(word.count).first.map { $0.isUppercase || $0 == "_" } ?? true)
        }
    }

    /// Whether a folder of this name holds what only tests or a playground use: a test target
    /// (`Tests`, `AppTests`, `AppUITests`), test support (`TestUtils`, an SDK's `ChatTestTools`
    /// with its test-only data model), fixtures (a code generator's sample models), test doubles,
    /// or an Xcode playground.
    package static func isTestFolder(_ name: String) -> Bool {
        ["Tests", "TestTools", "TestSupport", "TestUtilities", "TestUtils", "TestHelpers"].contains { name.hasSuffix($0) }
            || ["Fixtures", "Mocks"].contains(name) || name.hasSuffix(".playground")
    }
}
