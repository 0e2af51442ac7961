import Foundation
import Testing
@testable import SchemaLint

/// The core's readers of app code: the Objective-C tokenizer and store-code scanner, the Info.plist
/// background modes, and the byte search that decides which files are read.
@Suite struct StoreCodeReaderTests {
    static func tokens(_ text: String) -> [String] {
        ObjCTokenizer.tokenize(Array(text.utf8)).tokens.map(\.text)
    }

    /// Test targets and test doubles, by the names Xcode and SwiftPM give them; app code that
    /// merely mentions a word like them is not.
    @Test func testTargetsAndDoublesAreKnownByTheirNames() {
        for path in ["AppTests/StoreTests.swift", "Tests/CoreTests/Stack.swift", "App/UnitTests/Helpers.swift", "AppUITests/Launch.swift",
                     "App/Mocks/Store.swift", "App/MockPersistence.swift", "App/PersistenceMock.swift", "Shared/CoreDataTestUtilities.swift", "App/FakeStore.m"] {
            #expect(ShippedCodePaths.isTestOrDouble(path), "\(path)")
        }
        for path in ["App/Persistence.swift", "App/Mocking.swift", "App/Stubborn.swift", "Contests/Store.swift", "App/Latest/Store.swift", "AppDelegate.m"] {
            #expect(!ShippedCodePaths.isTestOrDouble(path), "\(path)")
        }
    }

    @Test func commentsStringsAndPreprocessorLinesAreNotCode() {
        let source = """
        #define STORE @"A.sqlite" \\
            abort()
        // abort();
        /* removeItemAtURL: */ x = @"abort(); // not a comment";
        #if 0
        abort();
        #if DEBUG
        abort();
        #endif
        abort();
        #else
        y;
        #endif
        """
        #expect(Self.tokens(source) == ["x", "=", "abort(); // not a comment", ";", "y", ";"])
    }

    @Test func debugOnlyCodeIsLeftOutAndItsElseRead() {
        let source = """
        #if DEBUG
        abort();
        #else
        a;
        #endif
        #ifdef DEBUG
        abort();
        #endif
        #if defined(DEBUG)
        abort();
        #elif BETA
        b;
        #endif
        #ifndef DEBUG
        c;
        #endif
        #if DEBUG_MENU
        d;
        #endif
        #ifdef __DEBUG__
        abort();
        #endif
        #if defined(DEBUG_BUILD)
        abort();
        #else
        e;
        #endif
        """
        #expect(Self.tokens(source) == ["a", ";", "b", ";", "c", ";", "d", ";", "e", ";"])
    }

    @Test func tokensCarryLinesAndCharacterColumns() {
        let (tokens, comments) = ObjCTokenizer.tokenize(Array("a\n  é = b; // note\n\tc".utf8))
        #expect(tokens.map { "\($0.text)@\($0.line):\($0.column)" } == ["a@1:1", "é@2:3", "=@2:5", "b@2:7", ";@2:8", "c@3:2"])
        #expect(comments.map { "\($0.text)@\($0.line):\($0.column)" } == ["// note@2:10"])
    }

    @Test func unterminatedStringsAndCommentsEndQuietly() {
        #expect(Self.tokens("a = \"open\nb;") == ["a", "=", "open", "b", ";"])
        #expect(Self.tokens("a; /* never closed\nb;") == ["a", ";"])
    }

    static func facts(_ source: String) throws -> StoreCodeFacts {
        try ObjCStoreCodeReader.read(bytes: Array(source.utf8), file: "A.m").facts
    }

    @Test func errorBranchOfTheCompletionBlockIsTheOneWithTheError() throws {
        let source = """
        @implementation A
        - (void)load {
            [self.container loadPersistentStoresWithCompletionHandler:^(NSPersistentStoreDescription *d, NSError *problem) {
                if (problem == nil) {
                    exit(0);
                } else {
                    abort();
                }
            }];
        }
        @end
        """
        let actions = try Self.facts(source).failureActions
        #expect(actions.map(\.written) == ["abort()"])
        #expect(actions.map(\.place.location.line) == [7])
        #expect(actions.map(\.place.declaration) == ["-[A load]"])
    }

    @Test func anIfBelongsToTheInnermostCompletionBlockAndIsReadOnce() throws {
        // The inner block's `error` is its own parameter: its abort() is the inner call's, not the
        // outer's; the nested `if (error)` inside the outer branch does not count its exit() twice.
        let source = """
        @implementation A
        - (void)load {
            [first loadPersistentStoresWithCompletionHandler:^(id d, NSError *error) {
                if (error) {
                    if (error.code == 1) { exit(1); }
                    [second loadPersistentStoresWithCompletionHandler:^(id d2, NSError *error) {
                        if (error) abort();
                    }];
                }
            }];
        }
        @end
        """
        let actions = try Self.facts(source).failureActions
        #expect(actions.map(\.written) == ["exit()", "abort()"])
        #expect(actions.map(\.place.location.line) == [5, 7])
        #expect(actions.map(\.openingLocation.line) == [3, 6])
    }

    @Test func theResultOfAddPersistentStoreLeadsToItsErrorBranch() throws {
        let source = """
        @implementation A
        - (void)open {
            NSPersistentStore *store = [coordinator addPersistentStoreWithType:NSSQLiteStoreType configuration:nil URL:url options:nil error:&error];
            if (!store) {
                [[NSFileManager defaultManager] removeItemAtURL:url error:nil];
            }
        }
        @end
        """
        #expect(try Self.facts(source).failureActions.map(\.written) == ["removeItemAtURL:"])
    }

    @Test func aStoreVariableIsFollowedButItsFolderIsNot() throws {
        let source = """
        @implementation A
        - (void)move {
            NSURL *storeURL = [documents URLByAppendingPathComponent:@"Notes.sqlite"];
            NSURL *folder = [storeURL URLByDeletingLastPathComponent];
            [manager moveItemAtURL:folder toURL:elsewhere error:nil];
            [manager copyItemAtURL:storeURL toURL:backup error:nil];
        }
        - (void)wrong {
            NSURL *storeURL = [documents URLByAppendingPathComponent:@"Notes.sqlite"];
            [manager removeItemAtURL:storeURL error:nil];
            [manager removeItemAtURL:[storeURL URLByAppendingPathComponent:@"-wal"] error:nil];
        }
        @end
        """
        let operations = try Self.facts(source).fileOperations
        #expect(operations.map(\.written) == ["copyItemAtURL:", "removeItemAtURL:"])
        #expect(operations.map(\.handlesWAL) == [false, false])
        #expect(operations[1].childPathMistake?.line == 11)
        #expect(try Self.facts(source).storeFileNames.map(\.place.declaration) == ["-[A move]", "-[A wrong]"])
    }

    @Test func infoPlistBackgroundModesAreEvidence() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>UIBackgroundModes</key>
        \t<array>
        \t\t<string>fetch</string>
        \t\t<string> location </string>
        \t</array>
        \t<key>Other</key>
        \t<array><string>audio</string></array>
        </dict>
        </plist>
        """
        let parsed = try InfoPlistReader.parse(Array(plist.utf8), file: "Info.plist")
        #expect(parsed.backgroundModes?.what == "UIBackgroundModes (fetch, location)")
        #expect(parsed.backgroundModes?.location == SourceLocation(file: "Info.plist", line: 4, column: 2))
        #expect(parsed.appExtension == nil)
        let none = "<plist><dict><key>UIBackgroundModes</key><array/></dict></plist>"
        #expect(try InfoPlistReader.parse(Array(none.utf8), file: "Info.plist").backgroundModes == nil)
    }

    /// `NSExtension` makes the Info.plist's folder an app extension's, named by its extension
    /// point; the keys beside the identifier, and a WatchKit extension (the watch app), do not.
    @Test func anInfoPlistWithAnExtensionPointMakesItsFolderAnExtensions() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        	<key>CFBundleName</key>
        	<string>NotesWidget</string>
        	<key>NSExtension</key>
        	<dict>
        		<key>NSExtensionAttributes</key>
        		<dict><key>NSExtensionPointIdentifier</key><string>not this one</string></dict>
        		<key>NSExtensionPrincipalClass</key>
        		<string>NotesWidget</string>
        		<key>NSExtensionPointIdentifier</key>
        		<string>com.apple.widgetkit-extension</string>
        	</dict>
        </dict>
        </plist>
        """
        let parsed = try InfoPlistReader.parse(Array(plist.utf8), file: "Widgets/NotesWidget/Info.plist")
        #expect(parsed.appExtension == AppExtension(
            folder: "Widgets/NotesWidget", kind: "widget", pointIdentifier: "com.apple.widgetkit-extension",
            at: SourceLocation(file: "Widgets/NotesWidget/Info.plist", line: 13, column: 3)))
        #expect(parsed.backgroundModes == nil)
        let facts = StoreCodeFacts(merging: [StoreCodeFacts(), { var f = StoreCodeFacts(); f.appExtensions = [parsed.appExtension!]; return f }()])
        #expect(facts.appExtension(containing: "Widgets/NotesWidget/Provider.swift")?.kind == "widget")
        #expect(facts.appExtension(containing: "Widgets/NotesWidgetKit/Provider.swift") == nil)
        let watch = plist.replacingOccurrences(of: "com.apple.widgetkit-extension", with: "com.apple.watchkit")
        #expect(try InfoPlistReader.parse(Array(watch.utf8), file: "Watch Extension/Info.plist").appExtension == nil)
        // Kept in a supporting folder, the Info.plist makes the folder above it the extension's; one
        // at the root's supporting folder leaves the folder as it is (not every file of the repository).
        #expect(try InfoPlistReader.parse(Array(plist.utf8), file: "Widgets/Supporting Files/Info.plist").appExtension?.folder == "Widgets")
        #expect(try InfoPlistReader.parse(Array(plist.utf8), file: "Widgets/Configurations/Info.plist").appExtension?.folder == "Widgets")
        #expect(try InfoPlistReader.parse(Array(plist.utf8), file: "ShareExtension/Resources/Info.plist").appExtension?.folder == "ShareExtension")
        #expect(try InfoPlistReader.parse(Array(plist.utf8), file: "Supporting Files/Info.plist").appExtension?.folder == "Supporting Files")
        #expect(try InfoPlistReader.parse(Array(plist.utf8), file: "Widgets/Sources/Info.plist").appExtension?.folder == "Widgets/Sources")
    }

    /// An App Intents extension is an ExtensionKit one: its point is under `EXAppExtensionAttributes`.
    @Test func anExtensionKitInfoPlistMakesItsFolderAnExtensions() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        	<key>EXAppExtensionAttributes</key>
        	<dict>
        		<key>EXExtensionPointIdentifier</key>
        		<string>com.apple.appintents-extension</string>
        	</dict>
        </dict>
        </plist>
        """
        #expect(InfoPlistReader().claims(name: "LogWater/Info.plist", bytes: Array(plist.utf8)))
        let parsed = try InfoPlistReader.parse(Array(plist.utf8), file: "LogWater/Info.plist")
        #expect(parsed.appExtension == AppExtension(
            folder: "LogWater", kind: "App Intents", pointIdentifier: "com.apple.appintents-extension",
            at: SourceLocation(file: "LogWater/Info.plist", line: 7, column: 3)))
    }

    /// A macOS plug-in that reads a document's store for the system (a Spotlight importer, by its
    /// `CFPlugInTypes`) is one as an extension is; another plug-in type makes nothing of its folder.
    @Test func aSpotlightImporterInfoPlistMakesItsFolderAPlugIns() throws {
        func plist(_ type: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            	<key>CFBundleDocumentTypes</key>
            	<array><dict><key>CFBundleTypeRole</key><string>MDImporter</string></dict></array>
            	<key>CFPlugInTypes</key>
            	<dict>
            		<key>\(type)</key>
            		<array><string>50BEF0ED-F541-4EC9-A504-8006125A269A</string></array>
            	</dict>
            </dict>
            </plist>
            """
        }
        let importer = plist("8B08C4BF-415B-11D8-B3F9-0003936726FC")
        #expect(InfoPlistReader().claims(name: "Importer/Importer-Info.plist", bytes: Array(importer.utf8)))
        let parsed = try InfoPlistReader.parse(Array(importer.utf8), file: "Importer/Importer-Info.plist")
        #expect(parsed.appExtension == AppExtension(
            folder: "Importer", kind: "Spotlight importer", pointIdentifier: "com.apple.metadata.importer",
            at: SourceLocation(file: "Importer/Importer-Info.plist", line: 8, column: 3)))
        #expect(try InfoPlistReader.parse(Array(plist("00000000-0000-0000-0000-000000000000").utf8), file: "Other/Info.plist").appExtension == nil)
    }

    @Test func anInfoPlistThatIsNotAPropertyListIsRefusedWithAPosition() {
        #expect(throws: InputError(file: "Info.plist", line: 1, column: 1, message: "not a property list: the root element is <html>, expected <plist>")) {
            try InfoPlistReader.parse(Array("<html/>".utf8), file: "Info.plist")
        }
    }

    @Test func byteSearchFindsWordsAnywhereAndOnlyWholeWords() {
        let words = [Array("loadPersistentStores".utf8), Array("@main".utf8)]
        #expect(ByteSearch.containsAny(words, in: Array("x.loadPersistentStores {".utf8)))
        #expect(ByteSearch.containsAny(words, in: Array("@main".utf8)))
        #expect(!ByteSearch.containsAny(words, in: Array("loadPersistentStore @mai".utf8)))
        #expect(!ByteSearch.containsAny(words, in: []))
    }

    @Test func byteSearchFindsWhereAWordFirstOccurs() {
        let bytes = Array("CODE_SIGN; CODE_SIGN_ENTITLEMENTS = A; CODE_SIGN_ENTITLEMENTS = B;".utf8)
        let key = Array("CODE_SIGN_ENTITLEMENTS".utf8)
        #expect(ByteSearch.firstIndex(of: key, in: bytes) == 11)
        #expect(ByteSearch.firstIndex(of: key, in: bytes, from: 12) == 39)
        #expect(ByteSearch.firstIndex(of: key, in: bytes, from: 40) == nil)
        #expect(ByteSearch.firstIndex(of: Array("B;".utf8), in: bytes) == bytes.count - 2)
        #expect(ByteSearch.firstIndex(of: Array("B;x".utf8), in: bytes) == nil)
        #expect(ByteSearch.firstIndex(of: key, in: []) == nil && ByteSearch.firstIndex(of: [], in: bytes) == nil)
    }

    @Test func byteSearchFindsWordsThatShareARareByteInOnePass() {
        let words = ByteSearch.Words(["loadPersistentStores", "addPersistentStore", "moveItem", "copyItem", "@main"].map { Array($0.utf8) })
        // The two `P` words are one pass, the two `I` words another (`P` is the rarer), `@main` a third.
        #expect(words.groups.map { String(UnicodeScalar($0.byte)) } == ["P", "I", "@"])
        #expect(words.groups.map { $0.members.map(\.word) } == [[0, 1], [2, 3], [4]])
        for word in words.words {
            #expect(ByteSearch.containsAny(words, in: Array("x ".utf8) + word + Array(" y".utf8)), "\(String(decoding: word, as: UTF8.self))")
        }
        #expect(!ByteSearch.containsAny(words, in: Array("Persistent Stores Item @mai".utf8)))
    }

    @Test func byteSearchAgreesWithANaiveSearchOnNearMisses() {
        // Every haystack of up to six bytes of a few letters: the words' anchors, first and last
        // bytes stand everywhere, at both ends too, so nearly every place is a candidate that the
        // first/last-byte test or the comparison must reject.
        let words = ByteSearch.Words(["aPb", "PPa", "Ia", "bIIb", "@@", "a@Pa"].map { Array($0.utf8) })
        let alphabet = Array("abPI@".utf8)
        var haystacks: [[UInt8]] = [[]]
        var shorter: [[UInt8]] = [[]]
        for _ in 1...6 {
            shorter = shorter.flatMap { prefix in alphabet.map { prefix + [$0] } }
            haystacks += shorter
        }
        var found = 0
        for haystack in haystacks {
            let naive = words.words.contains { word in
                haystack.count >= word.count && (0...(haystack.count - word.count)).contains { Array(haystack[$0..<($0 + word.count)]) == word }
            }
            #expect(ByteSearch.containsAny(words, in: haystack) == naive, "\(String(decoding: haystack, as: UTF8.self))")
            if naive { found += 1 }
        }
        // Both answers are common, so the comparison says something either way.
        #expect(found > haystacks.count / 10 && found < haystacks.count * 9 / 10)
    }

    @Test func byteSearchOfOneWordInATextAgreesWithANaiveSearch() {
        // Every text of up to five bytes of the word's own letters (a near miss at every place),
        // and non-ASCII text around the word.
        let word = "-wa-"
        var texts: [String] = [""]
        var shorter: [String] = [""]
        for _ in 1...5 {
            shorter = shorter.flatMap { prefix in ["-", "w", "a"].map { prefix + $0 } }
            texts += shorter
        }
        var found = 0
        for text in texts {
            let bytes = Array(text.utf8), needle = Array(word.utf8)
            let naive = bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
            #expect(ByteSearch.contains(word, in: text) == naive, "\(text)")
            if naive { found += 1 }
        }
        #expect(found > 0 && found < texts.count / 2)
        #expect(ByteSearch.contains("-wal", in: "Model.sqlité-wal"))
        #expect(!ByteSearch.contains("-wal", in: "Model.sqlite-wa"))
        #expect(ByteSearch.contains("", in: ""))
        #expect(!ByteSearch.contains("x", in: ""))
    }

    @Test func byteSearchAnchorsOnARareByteAndStillFindsEveryPlace() {
        // The anchor of `loadPersistentStores` is its `P`, of `moveItem` its `I`, of `@main` its `@`.
        #expect(ByteSearch.anchorIndex(of: Array("loadPersistentStores".utf8)) == 4)
        #expect(ByteSearch.anchorIndex(of: Array("moveItem".utf8)) == 4)
        #expect(ByteSearch.anchorIndex(of: Array("@main".utf8)) == 0)
        let word = [Array("moveItem".utf8)]
        // At the start, at the very end, after false candidates of the anchor byte (`I`, `Item`,
        // `veItem`), and not when the word would run past the end or is longer than the bytes.
        #expect(ByteSearch.containsAny(word, in: Array("moveItem(at:".utf8)))
        #expect(ByteSearch.containsAny(word, in: Array("I Item veItem moveItem".utf8)))
        #expect(ByteSearch.containsAny(word, in: Array("IIIImoveItem".utf8)))
        #expect(!ByteSearch.containsAny(word, in: Array("Item removeIte".utf8)))
        #expect(!ByteSearch.containsAny(word, in: Array("Item".utf8)))
        #expect(!ByteSearch.containsAny(word, in: Array("moveItem".utf8.dropLast())))
    }

    /// The configurations a store is added with, or a description given, by name: what tells the
    /// change rules that an entity in none of them is in no store.
    @Test func configurationsOpenedByNameAreFound() throws {
        let source = """
        @implementation Stack
        - (void)open {
            [coordinator addPersistentStoreWithType:NSSQLiteStoreType configuration:@"Cloud" URL:url options:nil error:&error];
            description.configuration = @"Local";
            [self configuration:name];
        }
        @end
        """
        #expect(try Self.facts(source).openedConfigurations == ["Cloud", "Local"])
    }

    /// Objective-C classes that read keyed archives: declared to inherit from the secure unarchiver,
    /// directly or through a class of the files read, under their names and the names they are
    /// registered under; a class of another base is none.
    @Test func objectiveCKeyedArchiveTransformersAndTheirRegisteredNames() throws {
        let source = """
        @interface JRNValues : NSSecureUnarchiveFromDataTransformer
        @end
        @interface JRNTags : JRNValues
        @end
        @interface JRNColor : NSValueTransformer
        @end
        @implementation Setup
        + (void)load {
            [NSValueTransformer setValueTransformer:[[JRNTags alloc] init] forName:@"TagsTransformer"];
            [NSValueTransformer setValueTransformer:[JRNColor new] forName:@"ColorTransformer"];
        }
        @end
        """
        #expect(try Self.facts(source).keyedArchiveTransformers == ["JRNValues", "JRNTags", "TagsTransformer"])
    }
}
