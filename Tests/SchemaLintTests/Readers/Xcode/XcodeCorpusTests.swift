import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// The real bundles in `../shared/corpus/xcdatamodeld` (beside the project), checked against
/// MANIFEST.tsv and against element counts taken from the XML text independently of the reader.
@Suite struct XcodeCorpusTests {
    /// `<root>/../shared/corpus/xcdatamodeld`.
    static let corpus = Executable.shared.appendingPathComponent("corpus/xcdatamodeld").path
    static let exists = FileManager.default.fileExists(atPath: (corpus as NSString).appendingPathComponent("MANIFEST.tsv"))

    /// One line of MANIFEST.tsv.
    struct Entry: CustomTestStringConvertible, Sendable {
        var path: String
        var versions: Int
        var currentVersion: String?
        var cloudKit: Bool
        var testDescription: String { (path as NSString).lastPathComponent }
    }

    static let manifest: [Entry] = {
        guard exists, let text = try? String(contentsOfFile: (corpus as NSString).appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return [] }
        var lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = lines.removeFirst()
        let column = { (name: String) in header.firstIndex(of: name)! }
        return lines.map { fields in
            let repo = fields[column("repo")].replacingOccurrences(of: "/", with: "__")
            let current = fields[column("current_version")]
            return Entry(
                path: ((corpus as NSString).appendingPathComponent(repo) as NSString).appendingPathComponent(fields[column("bundle_path")]),
                versions: Int(fields[column("versions")])!,
                currentVersion: current == "(unset)" ? nil : current,
                cloudKit: fields[column("cloudkit")] == "yes")
        }
    }()

    /// How many times `<name` opens an element in `text` (`<entity` but not `<entityX`).
    static func count(_ name: String, in text: String) -> Int {
        let pattern = try! NSRegularExpression(pattern: "<\(name)[\\s/>]")
        return pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
    }

    @Test(.enabled(if: exists, "needs ../shared/corpus beside the project"))
    func manifestListsAllBundles() throws {
        // The manifest grows as the corpus does: compare it with the bundles on disk, never with a
        // hard-coded count.
        var onDisk: Set<String> = []
        let walker = FileManager.default.enumerator(atPath: Self.corpus)
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".xcdatamodeld") else { continue }
            onDisk.insert((Self.corpus as NSString).appendingPathComponent(relative))
            walker?.skipDescendants()
        }
        #expect(Set(Self.manifest.map(\.path)) == onDisk)
        #expect(Self.manifest.count == onDisk.count)
        for entry in Self.manifest {
            let folders = try FileManager.default.contentsOfDirectory(atPath: entry.path).filter { $0.hasSuffix(".xcdatamodel") }
            #expect(folders.count == entry.versions, "\(entry.testDescription)")
        }
    }

    @Test(.enabled(if: exists, "needs ../shared/corpus beside the project"), arguments: manifest)
    func bundleLoadsAndMatchesItsXML(entry: Entry) throws {
        let bundle = try XcodeBundleLoader.load(entry.path)
        #expect(bundle.versions.count == entry.versions)
        #expect(bundle.currentVersionName == entry.currentVersion)
        if let current = entry.currentVersion { #expect(bundle.currentVersion?.label == current) }
        #expect(bundle.legacyVersions.isEmpty)
        #expect(bundle.versions.map(\.version) == (1...entry.versions).map(VersionNumber.init(ordinal:)))
        #expect(bundle.versions.allSatisfy { $0.model == bundle.name })
        // The corpus has no git history: the names give the order, as before git order existed.
        let labels = bundle.versions.map(\.label)
        #expect(labels == XcodeVersionOrder.sortedByName(labels, model: bundle.name))
        if GitWorkTree.root(containing: entry.path) == nil { #expect(bundle.ordering.basis == .names) }
        // Versions after the current version are drafts; the rest are released.
        let current = bundle.versions.firstIndex { $0.label == entry.currentVersion }
        #expect(bundle.versions.indices.map { bundle.versions[$0].isReleased } == bundle.versions.indices.map { $0 <= (current ?? .max) })
        #expect(Set(bundle.versions.map(\.label)).count == entry.versions)
        for version in bundle.versions {
            let text = try String(contentsOfFile: version.file, encoding: .utf8)
            #expect(version.file.hasSuffix("/\(version.label).xcdatamodel/contents"))
            #expect(version.entities.count == Self.count("entity", in: text), "\(version.label)")
            #expect(version.entities.reduce(0) { $0 + $1.attributes.count } == Self.count("attribute", in: text), "\(version.label)")
            #expect(version.entities.reduce(0) { $0 + $1.relationships.count } == Self.count("relationship", in: text), "\(version.label)")
            let rootTag = text.range(of: "<model ").map { text[$0.lowerBound...].prefix { $0 != ">" } } ?? ""
            let marked = rootTag.contains("usedWithCloudKit=\"YES\"")
            #expect(version.usesCloudKit == marked, "\(version.label)")
            if marked { #expect(entry.cloudKit, "a bundle marked in its XML is marked in MANIFEST") }
            // Every element is located at its own tag.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            func written(at location: SchemaLint.SourceLocation) -> Substring {
                let line = lines[location.line - 1]
                return line[line.index(line.startIndex, offsetBy: location.column - 1)...]
            }
            for entity in version.entities {
                #expect(entity.location.file == version.file)
                #expect(written(at: entity.location).hasPrefix("<entity name=\"\(entity.name)\""))
                for attribute in entity.attributes {
                    #expect(written(at: entity.location(of: attribute)).hasPrefix("<attribute name=\"\(attribute.name)\""), "\(version.label) \(entity.name).\(attribute.name)")
                    if attribute.propertyLocations["type"] != nil {
                        #expect(written(at: entity.location(of: "type", of: attribute)).hasPrefix("attributeType=\""))
                    }
                }
                for relationship in entity.relationships {
                    #expect(written(at: entity.location(of: relationship)).hasPrefix("<relationship name=\"\(relationship.name)\""))
                    #expect(written(at: entity.location(of: "destination", of: relationship)).hasPrefix("destinationEntity=\""))
                }
            }
        }
    }

    @Test(.enabled(if: exists, "needs ../shared/corpus beside the project"))
    func declaredCloudKitReachesEveryVersion() throws {
        for entry in Self.manifest where entry.cloudKit {
            let bundle = try XcodeBundleLoader.load(entry.path, options: .init(cloudKit: true))
            #expect(bundle.versions.allSatisfy { $0.usesCloudKit })
        }
    }

    @Test(.enabled(if: exists, "needs ../shared/corpus beside the project"))
    func wholeCorpusLoads() throws {
        // Speed is measured in the benchmark (docs/performance.md), not here.
        var versions = 0
        for entry in Self.manifest { versions += try XcodeBundleLoader.load(entry.path).versions.count }
        #expect(versions == Self.manifest.reduce(0) { $0 + $1.versions })
    }
}
