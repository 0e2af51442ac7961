/// The one front door for every format schemalint reads: the folder walk asks each reader which
/// files (and, for formats kept in folders, which folders) are its own, and the loader hands each
/// reader what it claimed. The core's model formats (YAML model files, Xcode model bundles) and
/// built-in readers (Objective-C store code, Info.plist, CloudKit containers) are readers like
/// those of other targets (SwiftData's `VersionedSchema`s, Swift store-handling code), which own
/// their dependencies and which the executable registers. A reader works on files in memory, a
/// name (as messages show it) and bytes, so the same reader reads the working tree's files,
/// handed over by the folder walk, and the files at a git release tag (`--history git`), which
/// have no path on disk (a reader of folders reads the files inside through
/// `ModelSourceReadingOptions.tree`). The file-path versions (`claims(file:)`, `read(files:options:)`) derive
/// from these.
package protocol ModelSourceReader: Sendable {
    /// A short name for messages (`SwiftData`).
    var name: String { get }

    /// How the names of the files it reads end (`.swift`, `Info.plist`): the walk reads the bytes
    /// of no other file, so that images and other assets cost nothing.
    var fileNameSuffixes: [String] { get }

    /// How the names of other files end that it may look into for what its own files refer to
    /// (Objective-C code looks for the Swift that sends its methods): they come to it among the
    /// files it did not claim (`ModelSourceReadingOptions.unclaimedFiles`), read only on demand.
    var consultedFileNameSuffixes: [String] { get }

    /// Whether a file whose name ends in one of `fileNameSuffixes` is one of this reader's,
    /// decided cheaply from its bytes (a byte search) before anything is parsed, so that a folder
    /// of unrelated files costs almost nothing. More than one reader may claim a file (a Swift
    /// file can declare models and open their store).
    func claims(name: String, bytes: [UInt8]) -> Bool

    /// Reads every claimed file of one run together (a history may span files) into versions with
    /// their histories (`ModelVersion.history`), the migrations written in them, notes about what
    /// was guessed, or the input errors found. Locations name the files as `sources` names them.
    func read(sources: [ModelSourceFile], options: ModelSourceReadingOptions) -> ModelSourceReading

    /// The category of the only rules that look at what this reader reads (`storeHandling` for the
    /// readers of store-handling code), or nil for a reader of models, which every rule looks at.
    /// A run whose configuration turns every rule of that category off asks the reader about no
    /// file, so those rules cost nothing there.
    var feedsOnly: RuleCategory? { get }

    /// Whether the reader is about app code that ships to people's devices, so that the walk hands
    /// it no file of a test target and no test double (`ShippedCodePaths`).
    var readsShippedCodeOnly: Bool { get }

    /// How the names of the folders it reads whole end (`.xcdatamodeld`): the walk does not enter
    /// such a folder but hands it over as one source, with no bytes (the reader reads the folder
    /// at its name), and a path named inside one names the folder. Empty for a reader of files.
    var folderNameSuffixes: [String] { get }

    /// What `--verbose` calls one of its sources (`model file`).
    var sourceDescription: String { get }

    /// Whether its sources are models (a bundle, a YAML model file, SwiftData classes), not code
    /// read for what it does with a store or for the containers it makes.
    var readsModels: Bool { get }

    /// Whether every file whose name ends as this reader's do is meant to be one of its sources
    /// (a model format's `.yaml`): named on the command line it is read whatever it holds, so that
    /// its problems are errors at their line, and left unclaimed by the walk it is listed as
    /// skipped, not being a model file. False for readers of code, where most files are no input.
    var ownsFileNames: Bool { get }

    /// The files that complete the histories of files named on their own (a hook passes only the
    /// changed ones): read with them, only their versions of those histories are kept, and their
    /// problems are not reported. Paths as the walk names them.
    func companions(ofNamed files: [String]) -> [String]
}

/// A source file's name (as messages show it: a path, or `tag:path` for a file at a git tag) and
/// its bytes.
package typealias ModelSourceFile = (name: String, bytes: [UInt8])

extension ModelSourceReader {
    /// A reader of models, unless it says otherwise.
    package var feedsOnly: RuleCategory? { nil }

    /// The readers of store-handling code read shipped code only.
    package var readsShippedCodeOnly: Bool { feedsOnly == .storeHandling }

    /// A reader of files.
    package var folderNameSuffixes: [String] { [] }

    package var sourceDescription: String { name }

    /// A reader of models where it feeds every rule.
    package var readsModels: Bool { feedsOnly == nil }

    package var ownsFileNames: Bool { false }

    package func companions(ofNamed files: [String]) -> [String] { [] }

    /// Whether a folder of this name is one source of this reader (names compared without case,
    /// as the file systems of Macs do).
    package func mayClaim(folder name: String) -> Bool {
        let lowered = name.lowercased()
        return folderNameSuffixes.contains { lowered.hasSuffix($0) }
    }

    /// Whether the name ends as the names of this reader's files do.
    package func mayClaim(name: String) -> Bool {
        fileNameSuffixes.contains { name.hasSuffix($0) }
    }

    package var consultedFileNameSuffixes: [String] { [] }

    /// Whether a file of this name may be one of this reader's, or one it looks into.
    package func mayConsult(name: String) -> Bool {
        mayClaim(name: name) || consultedFileNameSuffixes.contains { name.hasSuffix($0) }
    }

    /// Whether the file at `path` is one of this reader's (false when it cannot be read).
    package func claims(file path: String) -> Bool {
        guard mayClaim(name: path), let bytes = ByteSearch.contents(of: path) else { return false }
        return claims(name: path, bytes: bytes)
    }

    /// Reads the files at `paths`; each file that cannot be read is an input error, and the others
    /// are still read.
    package func read(files: [String], options: ModelSourceReadingOptions) -> ModelSourceReading {
        let (sources, errors) = Self.sources(of: files)
        var reading = read(sources: sources, options: options)
        reading.errors = errors + reading.errors
        return reading
    }

    /// Reads `files` (sorted) into memory; each file that cannot be read is an input error, and
    /// the others are still read.
    package static func sources(of files: [String]) -> (sources: [ModelSourceFile], errors: [InputError]) {
        var sources: [ModelSourceFile] = []
        var errors: [InputError] = []
        for file in files.sorted() {
            do throws(InputError) {
                sources.append((file, try FileReader.bytes(of: file)))
            } catch {
                errors.append(error)
            }
        }
        return (sources, errors)
    }
}

/// What the project says about the sources a reader reads, and the work the readers of one run
/// share: a run makes the options once and hands them to each of its readers.
package struct ModelSourceReadingOptions: Sendable {
    /// CloudKit sync declared for the run (`--cloudkit`, or `cloudkit:` in .schemalint.yml).
    package var declaresCloudKit: Bool
    /// What a reader made of a file that another reader of the run also reads (a Swift parse).
    package let sharedWork: SharedReadingWork
    /// Where the sources lie: readers of folders list and read the files inside through it.
    package var tree: any SourceTree
    /// The files of the run with names this reader reads that it did not claim (paths in `tree`,
    /// sorted): where a reader may look for what its own files refer to (a Swift enum that a
    /// model's property is typed with, declared in a file that declares no model). Empty where the
    /// run did not walk folders.
    package var unclaimedFiles: [String] = []
    /// The current version each Xcode project of the walk names for a model bundle it lists
    /// (its `XCVersionGroup`'s `currentVersion`, without `.xcdatamodel`), by the bundle's path.
    package var projectCurrentVersions: [String: String] = [:]

    package init(declaresCloudKit: Bool = false, sharedWork: SharedReadingWork = SharedReadingWork(), tree: any SourceTree = FileSystemTree()) {
        self.declaresCloudKit = declaresCloudKit
        self.sharedWork = sharedWork
        self.tree = tree
    }
}

/// What a reader made of its files.
package struct ModelSourceReading: Sendable {
    package var versions: [ModelVersion]
    /// Migrations written in the sources (SwiftData's `MigrationStage.custom`), by the history
    /// (`ModelVersion.history`) they belong to.
    package var writtenMigrations: [String: [WrittenMigration]]
    /// What the reader could not read for certain and mapped by a guess, or left out.
    package var notes: [ReadingNote]
    /// Problems with the input; any of them makes the run exit 2.
    package var errors: [InputError]
    /// What the store-handling code in the files does (readers of app code: docs/store-code.md).
    package var storeCode = StoreCodeFacts()
    /// Files among `ModelSourceReadingOptions.unclaimedFiles` the reader read for what its own
    /// files refer to: what the same run at a release tag must be given too, to read the same.
    package var supportingFiles: [String] = []
    /// `// schemalint:ignore <rule> -- <reason>` comments in the files.
    package var suppressions: [Suppression] = []
    /// The Xcode model bundles read, for the checks of a bundle itself (its current version, its
    /// version folders without a model file); their versions are in `versions` too.
    package var bundles: [XcodeModelBundle] = []
    /// The Xcode model bundles found that hold no version it can read (no version folder has a
    /// model file): what names their versions (a mapping model) cannot be checked either.
    package var unreadableBundles: [String] = []

    package init(versions: [ModelVersion] = [], writtenMigrations: [String: [WrittenMigration]] = [:], notes: [ReadingNote] = [], errors: [InputError] = []) {
        self.versions = versions
        self.writtenMigrations = writtenMigrations
        self.notes = notes
        self.errors = errors
    }
}

/// A warning from a reader about one place in its input: what it mapped by a guess or left out.
/// Printed `file:line:column: warning: message`; it does not stop the run.
package struct ReadingNote: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var location: SourceLocation
    package var message: String
    /// How the reader read something ordinary, which it read as the framework does (a computed
    /// default, a collection stored as binary data): what `--verbose` shows. The others say what
    /// the lint may miss or get wrong for it (a type it cannot resolve, a property left out), and
    /// every run shows them.
    package var isDetail: Bool
    /// The reader left a history out because something it names (a schema, a model class) is
    /// declared in none of the files read: read with more files, it may be whole.
    package var lacksADeclaration: Bool
    /// For a property of a type declared in none of the files read: the type's name.
    package var unresolvedType: String?

    package init(at location: SourceLocation, _ message: String, detail: Bool = false, lacksADeclaration: Bool = false) {
        self.location = location
        self.message = message
        self.isDetail = detail
        self.lacksADeclaration = lacksADeclaration
    }

    package var description: String { "\(location): warning: \(message)" }

    package static func < (lhs: ReadingNote, rhs: ReadingNote) -> Bool {
        (lhs.location, lhs.message) < (rhs.location, rhs.message)
    }
}
