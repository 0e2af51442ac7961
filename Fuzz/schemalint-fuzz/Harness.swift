import FuzzDriver
import Foundation
import SchemaLint

/// One reader of user files, fed bytes from memory. A thrown `InputError` is the reader refusing
/// bad input, which is a normal outcome; a crash, a sanitizer report or a hang is a bug.
enum Harness: String, CaseIterable {
    case yamlModel = "yaml-model"
    case xcodeContents = "xcode-contents"
    case xcodeElements = "xcode-elements"
    case currentVersion = "current-version"
    case mappingModel = "mapping-model"
    case cloudKitSchema = "cloudkit-schema"
    case configuration
    case lock
    case baseline
    case objcStoreCode = "objc-store-code"
    case infoPlist = "info-plist"
    case cloudKitContainers = "cloudkit-containers"
    case xcodeProject = "xcode-project"

    /// The rule ids a configuration may name.
    private static let knownRules = Set(RuleCatalog.standard.descriptors.map(\.id))

    /// Reads `bytes` as the harness's kind of file; nil when the reader accepted them.
    func run(_ bytes: [UInt8]) -> InputError? {
        do throws(InputError) {
            switch self {
            case .yamlModel:
                try Self.readTwice(requiringTheSameError: true, againWithMembersOnly: true) { cache throws(InputError) in
                    try YAMLModelLoader().load(bytes: bytes, file: "model.yaml", entities: cache).entities
                }
            case .xcodeContents:
                try Self.readTwice(requiringTheSameError: true, againWithMembersOnly: true) { cache throws(InputError) in
                    try XcodeModelReader.parse(Data(bytes), file: "Model.xcdatamodel/contents", model: "Model", entities: cache).entities
                }
            case .xcodeElements:
                _ = try XcodeElementsParser.parse(Data(bytes), file: "Model.xcdatamodel/elements")
            case .currentVersion:
                _ = try XcodeCurrentVersion.parse(Data(bytes), file: "Model.xcdatamodeld/.xccurrentversion")
            case .mappingModel:
                _ = try MappingModelReader.parse(bytes, file: "Model 1 to 2.xcmappingmodel/xcmapping.xml", name: "Model 1 to 2.xcmappingmodel")
            case .cloudKitSchema:
                _ = try CloudKitSchemaReader.parse(bytes: bytes, file: "production.ckdb")
            case .configuration:
                _ = try ConfigurationLoader.parse(bytes: bytes, file: ConfigurationLoader.fileName, knownRules: Self.knownRules)
            case .lock:
                _ = try VersionLock.parse(bytes: bytes, file: VersionLock.fileName)
            case .baseline:
                _ = try Baseline.parse(bytes: bytes, file: "schemalint-baseline.json")
            case .objcStoreCode:
                // The reader's whole pass, which also looks for the senders of each method that
                // handles a store; its one error is a malformed ignore comment.
                let reading = ObjCStoreCodeReader().read(sources: [("AppDelegate.m", bytes)], options: ModelSourceReadingOptions())
                // What the walk reads of every code file of an app that deletes a store: the code
                // outside its comments, with Objective-C's and Swift's comments alike.
                for nested in [false, true] where CodeOutsideComments.code(of: bytes, nested: nested).count > bytes.count {
                    fatalError("leaving out comments made the code longer")
                }
                if let error = reading.errors.first { throw error }
            case .infoPlist:
                _ = try InfoPlistReader.parse(bytes, file: "Info.plist")
            case .cloudKitContainers:
                // The same bytes as Swift, Objective-C and an entitlements file: the reader never
                // refuses a file, it only finds fewer facts.
                let reader = CloudKitContainerReader()
                for name in ["Persistence.swift", "Persistence.m", "App.entitlements"] where reader.claims(name: name, bytes: bytes) {
                    _ = reader.read(sources: [(name, bytes)], options: ModelSourceReadingOptions())
                }
            case .xcodeProject:
                // What the walk reads of a `project.pbxproj` (the names it lists, the folders its
                // targets build), and of an XcodeGen `project.yml` (its targets' sources); it never
                // refuses either.
                let listing = XcodeProjectListing(bytes)
                _ = listing.lists("Store.swift")
                // The one-pass check of whether to parse a project at all reads the same values.
                _ = XcodeProjectListing.mayName(anyOf: [Array("store.swift".utf8), Array("a".utf8)], in: bytes)
                _ = XcodeGenSources.folders(in: bytes, file: "project.yml")
            }
            return nil
        } catch {
            return error
        }
    }

    /// Reads a model file twice with one `EntityTextCache`, as a lint reads versions that repeat
    /// an entity: the second read takes every entity from the cache, and must give what the first
    /// read decoded (a difference, or an error only the second read finds, stops the fuzzer). The
    /// second read parses a compacted text, the known entities' text left out (`CompactedYAMLText`,
    /// `CompactedXcodeContents`), wherever that can stand for the file. With
    /// `requiringTheSameError`, a file the first read refuses is read again too (the entities read
    /// before the error are cached, and the second parse skips their text), and must be refused with
    /// the same error, position included. `againWithMembersOnly` adds a third read with a cache that
    /// knows the first read's attributes and relationships but no entity (an Xcode version that
    /// changed every entity), which must give the same too.
    private static func readTwice(
        requiringTheSameError: Bool = false, againWithMembersOnly: Bool = false, _ read: (EntityTextCache) throws(InputError) -> [Entity]
    ) throws(InputError) {
        let cache = EntityTextCache()
        let decoded: [Entity]
        do throws(InputError) {
            decoded = try read(cache)
        } catch {
            guard requiringTheSameError else { throw error }
            let again = againWithMembersOnly ? [cache, cache.keepingMembersOnly()] : [cache]
            for cache in again {
                do throws(InputError) {
                    _ = try read(cache)
                } catch let again {
                    precondition(again == error, "a read with the entity cache failed differently: \(again) instead of \(error)")
                    continue
                }
                fatalError("a read with the entity cache passed where the first failed: \(error)")
            }
            throw error
        }
        for cache in againWithMembersOnly ? [cache.keepingMembersOnly(), cache] : [cache] {
            let reused: [Entity]
            do throws(InputError) {
                reused = try read(cache)
            } catch {
                fatalError("a read from the entity cache failed where the first passed: \(error)")
            }
            precondition(reused == decoded, "entities taken from the cache differ from the ones decoded")
        }
    }

    /// `run` for one libFuzzer input.
    func run(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        _ = run(fuzzerInput(data, size))
        return 0
    }

    /// The harness as a C function, as libFuzzer calls it (a C function cannot capture `self`).
    var testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt {
        switch self {
        case .yamlModel: return { Harness.yamlModel.run($0, $1) }
        case .xcodeContents: return { Harness.xcodeContents.run($0, $1) }
        case .xcodeElements: return { Harness.xcodeElements.run($0, $1) }
        case .currentVersion: return { Harness.currentVersion.run($0, $1) }
        case .mappingModel: return { Harness.mappingModel.run($0, $1) }
        case .cloudKitSchema: return { Harness.cloudKitSchema.run($0, $1) }
        case .configuration: return { Harness.configuration.run($0, $1) }
        case .lock: return { Harness.lock.run($0, $1) }
        case .baseline: return { Harness.baseline.run($0, $1) }
        case .objcStoreCode: return { Harness.objcStoreCode.run($0, $1) }
        case .infoPlist: return { Harness.infoPlist.run($0, $1) }
        case .cloudKitContainers: return { Harness.cloudKitContainers.run($0, $1) }
        case .xcodeProject: return { Harness.xcodeProject.run($0, $1) }
        }
    }
}
