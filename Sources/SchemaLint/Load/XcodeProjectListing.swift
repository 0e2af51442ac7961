import SchemaLintCore

/// What an Xcode project (`project.pbxproj`) says about the files its targets build, as bytes
/// show it (the file is an old-style property list that no reader here parses whole).
package enum XcodeProjectListing {
    /// The folders of its synchronized groups (`isa = PBXFileSystemSynchronizedRootGroup;` with
    /// `path = App;`), as path components: Xcode 16 builds every file below them. `.` components
    /// are left out, so the project's own folder (`path = .;`, which an app whose sources lie
    /// beside its `.xcodeproj` has) is an empty list, and `..` stays a leading component.
    package static func synchronizedFolders(_ project: [UInt8]) -> [[Substring]] {
        guard ByteSearch.containsAny([Array("PBXFileSystemSynchronizedRootGroup".utf8)], in: project) else { return [] }
        let text = String(decoding: project, as: UTF8.self)
        var folders: [[Substring]] = []
        // Each object is `ID /* name */ = { isa = ...; ...; path = ...; ... };`, on one line or
        // several: the path is the first one after the group's `isa` and before the next object's.
        let marker = "isa = PBXFileSystemSynchronizedRootGroup;"
        for object in text.components(separatedBy: marker).dropFirst() {
            let own = object.components(separatedBy: "isa = ").first ?? object
            guard let path = own.range(of: "path = ") else { continue }
            var value = own[path.upperBound...].prefix { $0 != ";" && $0 != "\n" }
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            folders.append(value.split(separator: "/").filter { $0 != "." })
        }
        return folders
    }
}
