import SchemaLint
import Testing
@testable import SchemaLintSwiftData

/// How stored properties of `@Model` classes map to attributes and relationships.
@Suite struct SwiftDataMappingTests {
    static let recipes = """
    import Foundation
    import SwiftData

    enum RecipeSchemaV1: VersionedSchema {
        static var versionIdentifier = Schema.Version(1, 0, 0)
        static var models: [any PersistentModel.Type] { [Recipe.self] }

        @Model
        final class Recipe {
            #Unique<Recipe>([\\.title, \\.author])
            #Index<Recipe>([\\.title], [\\.rating, \\.title])

            @Attribute(.unique) var id: UUID = UUID()
            var title: String = "Untitled"
            var author: String?
            var servings: Int = 4
            var small: Int16 = -2
            var mid: Int32 = 0
            var counter: UInt8 = 0
            var rating: Double = 2.5
            var weight: Float = 0
            var width: CGFloat = 1
            var cookTime: TimeInterval = 0
            var vegetarian = false
            var created: Date = .now
            var photo: Data?
            var link: URL?
            var price: Decimal = 0
            var identifier = UUID().uuidString
            var tags: [String] = []
            var extra: [String: String] = [:]
            var source: Source?
            var difficulty: Difficulty = Difficulty.easy
            @Attribute(.externalStorage, .allowsCloudEncryption) var secret: Data?
            @Attribute(.transformable(by: ColorTransformer.self)) var color: PlatformColor?
            @Attribute(originalName: "notes") var comment: String = ""
            @Transient var isEditing = false
            var displayTitle: String { title.uppercased() }
            var cached: String { get { title } set { title = newValue } }
            var observed: Int = 0 {
                didSet { print(observed) }
            }
            static var shared = 0
            var mystery = makeMystery()
            var subtitle = String()
            var total = Double()
            var origin = Source(name: "")
            var latitude: CLLocationDegrees = 0

            init() {}
        }

        struct Source: Codable {
            var name: String
        }
    }

    enum Difficulty: String, Codable {
        case easy, hard
    }

    struct Recipe {
        var title: String
        var unrelated: Int
    }
    """

    func recipe() throws -> (Entity, ModelSourceReading) {
        let reading = readSwift(Self.recipes, name: "Recipes.swift")
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        let version = try #require(reading.version("RecipeSchemaV1"))
        return (try #require(version.entity(named: "Recipe")), reading)
    }

    @Test func storedPropertiesBecomeAttributesOfTheirTypes() throws {
        let (entity, _) = try recipe()
        let types = Dictionary(uniqueKeysWithValues: entity.attributes.map { ($0.name, $0.type) })
        #expect(types == [
            "id": .uuid, "title": .string, "author": .string, "servings": .int64, "small": .int16, "mid": .int32,
            "counter": .int16, "rating": .double, "weight": .float, "width": .double, "cookTime": .double, "latitude": .double,
            "vegetarian": .boolean, "created": .date, "photo": .binary, "link": .uri, "price": .decimal,
            "identifier": .string, "tags": .transformable, "extra": .transformable, "source": .composite,
            "difficulty": .composite, "secret": .binary, "color": .transformable, "comment": .string, "observed": .int64,
            "subtitle": .string, "total": .double, "origin": .composite,
        ])
        // Declaration order is kept; transient, computed and static properties are not stored.
        #expect(entity.attributes.map(\.name).prefix(3) == ["id", "title", "author"])
    }

    @Test func aModelWrittenWithItsModulesNameIsARelationship() throws {
        let reading = readSwift("""
        import SwiftData
        @Model final class Collection {
            @Relationship(inverse: \\Story.collection) var stories: [Story] = []
            init() {}
        }
        @Model final class Story {
            var collection: Sync.Collection?
            init() {}
        }
        """, name: "Models.swift")
        let story = try #require(reading.versions.first?.entity(named: "Story"))
        #expect(story.relationships.map(\.name) == ["collection"])
        #expect(story.relationships.first?.destination == "Collection")
        #expect(story.attributes.isEmpty)
    }

    @Test func initializersOverrideTheDefaultsOfWhatTheySet() throws {
        let reading = readSwift("""
        import SwiftData
        @Model final class Entry {
            var kept: Int = 3
            var fromParameter: Int = 0
            var fromLiteral: String = ""
            var chosen: Int = 0
            var branched: Int = 0
            var differs: Int = 0
            var same: Int = 0
            init(fromParameter: Int = 5, chosen: Int, flag: Bool) {
                self.fromParameter = fromParameter
                fromLiteral = "new"
                self.chosen = chosen
                if flag { self.branched = 1 }
                self.differs = 1
                self.same = 0
            }
            init(other: Int) {
                self.fromParameter = 5
                fromLiteral = "new"
                self.chosen = other
                self.differs = 2
            }
            convenience init() { self.init(other: 9) }
        }
        @Model final class Solo {
            var title: String = ""
            init(title: String) { self.title = title }
        }
        """, name: "Entry.swift")
        let entity = try #require(reading.versions.first?.entity(named: "Entry"))
        func created(_ name: String) -> Attribute.ValueOnCreation? { entity.attribute(named: name)?.createdWith }
        #expect(created("kept") == .value("3"))
        #expect(created("fromParameter") == .value("5"))
        #expect(created("fromLiteral") == .value("new"))
        #expect(created("chosen") == .varies)
        #expect(created("branched") == .varies)
        #expect(created("differs") == .varies)
        // Set to its default by one initializer and left at it by the other: the default either way.
        #expect(created("same") == .value("0"))
        #expect(entity.attribute(named: "same")?.valueOnCreation == nil)
        // The caller's value, whatever the default written on the property.
        let solo = try #require(reading.versions.first?.entity(named: "Solo"))
        #expect(solo.attribute(named: "title")?.createdWith == .varies)
    }

    @Test func optionalityAndLiteralDefaults() throws {
        let (entity, _) = try recipe()
        #expect(entity.attribute(named: "author")?.isOptional == true)
        #expect(entity.attribute(named: "author")?.defaultValue == nil)
        #expect(entity.attribute(named: "title")?.isOptional == false)
        #expect(entity.attribute(named: "title")?.defaultValue == "Untitled")
        #expect(entity.attribute(named: "servings")?.defaultValue == "4")
        #expect(entity.attribute(named: "small")?.defaultValue == "-2")
        #expect(entity.attribute(named: "rating")?.defaultValue == "2.5")
        #expect(entity.attribute(named: "vegetarian")?.defaultValue == "false")
        // A default that is not a literal is kept as written (its value is unknown).
        #expect(entity.attribute(named: "created")?.defaultValue == ".now")
        // An empty collection is a literal: its value is known.
        #expect(entity.attribute(named: "tags")?.defaultValue == "[]")
        #expect(entity.attribute(named: "extra")?.defaultValue == "[:]")
        #expect(entity.attribute(named: "difficulty")?.defaultValue == "Difficulty.easy")
    }

    @Test func attributeOptions() throws {
        let (entity, _) = try recipe()
        #expect(entity.uniquenessConstraints == [["title", "author"], ["id"]])
        #expect(entity.attribute(named: "title")?.isIndexed == true)
        #expect(entity.attribute(named: "rating")?.isIndexed == false)
        #expect(entity.attribute(named: "secret")?.allowsCloudEncryption == true)
        #expect(entity.attribute(named: "color")?.transformer == "ColorTransformer")
        #expect(entity.attribute(named: "comment")?.renamedFrom == "notes")
    }

    @Test func locationsAreTheDeclarations() throws {
        let (entity, _) = try recipe()
        #expect(entity.location == SourceLocation(file: "Recipes.swift", line: 9, column: 17))
        let title = try #require(entity.attribute(named: "title"))
        #expect(entity.location(of: title) == SourceLocation(file: "Recipes.swift", line: 14, column: 13))
        #expect(entity.location(of: "type", of: title) == SourceLocation(file: "Recipes.swift", line: 14, column: 20))
    }

    @Test func guessesAndUnreadablePropertiesAreSaidPlainly() throws {
        let (entity, reading) = try recipe()
        let notes = reading.notes.map { "\($0.location.line): \($0.message)" }
        // `mystery` has no annotation and an initial value of unknown type: left out, with a note.
        #expect(entity.attribute(named: "mystery") == nil)
        #expect(notes.contains { $0.hasPrefix("44: cannot tell the type of 'mystery'") })
        #expect(notes.contains { $0.hasPrefix("30: '[String]' is a collection of values") })
        #expect(notes.contains { $0.hasPrefix("32: 'Source' is a Codable struct (RecipeSchemaV1.Source)") })
        #expect(notes.contains { $0.hasPrefix("33: 'Difficulty' is a Codable enum (Difficulty)") })
        #expect(notes.contains { $0.hasPrefix("19: 'UInt8' has no Core Data type of its own") })
        #expect(notes.contains { $0.hasPrefix("25: the default of 'created' is computed (`.now`)") })
        #expect(!notes.contains { $0.hasPrefix("30: the default") || $0.hasPrefix("31: the default") })
        // A transformable with its transformer named is no guess.
        #expect(!notes.contains { $0.hasPrefix("35:") })
    }

    /// `@Model` is SwiftData's where the file imports SwiftData; a file that imports another
    /// module instead (a persistence framework of the app's own, with its own `@Model`) declares
    /// no SwiftData model, and is no input to refuse or warn about. A file importing only Apple's
    /// frameworks, or a run where a file re-exports SwiftData, is read.
    @Test func aModelMacroOfAnotherModuleIsNoSwiftDataModel() throws {
        let model = "@Model final class Note {\n    var title: String?\n    var owner: Owner?\n}\n"
        #expect(readSwift("import Foundation\nimport M3Data\n\n" + model).versions.isEmpty)
        #expect(readSwift("import Foundation\nimport M3Data\n\n" + model).notes.isEmpty)
        #expect(readSwift("import M3Data\nimport SwiftData\n\n" + model).versions.first?.entity(named: "Note") != nil)
        #expect(readSwift("import Foundation\n\n" + model).versions.first?.entity(named: "Note") != nil)
        #expect(readSwift("@preconcurrency import ManagedModels\n\n" + model).versions.first?.entity(named: "Note") != nil)
        let reexported = readSwift([("Exports.swift", "@_exported import SwiftData\n"), ("Note.swift", "import AppCore\n\n" + model)])
        #expect(reexported.versions.first?.entity(named: "Note") != nil)
        #expect(SwiftDataReader.importedModules(Array("import struct Foo.Bar\n@testable import App\n  import os.log\nlet important = 1\nimport Swi[[ftData\n".utf8)) == ["Foo", "App", "os"])
    }

    /// Codable values of Apple's frameworks are composites (SwiftData stores any Codable value so),
    /// said as a detail; a type of the project's own name is still the project's.
    @Test func frameworkCodableValuesAreComposites() throws {
        let source = """
        import SwiftData
        import SwiftUI

        struct Duration: Codable { var seconds: Int }

        @Model final class Swatch {
            var tint: Color.Resolved
            var shade: SwiftUI.Color.Resolved?
            var distance: Measurement<UnitLength>
            var origin: CGPoint
            var length: Duration
            var palette: PaletteToken
            init() {}
        }
        """
        let reading = readSwift(source, name: "Swatch.swift")
        let entity = try #require(reading.versions.first?.entity(named: "Swatch"))
        let types = Dictionary(uniqueKeysWithValues: entity.attributes.map { ($0.name, $0.type) })
        #expect(types == ["tint": .composite, "shade": .composite, "distance": .composite, "origin": .composite, "length": .composite, "palette": .transformable])
        let notes = reading.notes.map { "\($0.location.line): \($0.message)" }
        #expect(notes.contains { $0.hasPrefix("7: 'Color.Resolved' is a Codable value of SwiftUI") })
        #expect(notes.contains { $0.hasPrefix("8: 'SwiftUI.Color.Resolved' is a Codable value of SwiftUI") })
        #expect(notes.contains { $0.hasPrefix("9: 'Measurement<UnitLength>' is a Codable value of Foundation") })
        #expect(notes.contains { $0.hasPrefix("11: 'Duration' is a Codable struct (Duration)") })
        #expect(notes.contains { $0.hasPrefix("12: cannot resolve the type 'PaletteToken'") })
    }

    /// A typealias for an array of a model (`typealias Songs = [Song]`) is the to-many
    /// relationship the array is, optional where the property is.
    @Test func anAliasOfAnArrayOfAModelIsARelationship() throws {
        let source = """
        import SwiftData

        typealias Songs = [Song]

        enum MusicSchemaV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Album.self, Song.self] }
        }

        extension MusicSchemaV1 {
            @Model final class Album {
                var name: String = ""
                @Relationship(inverse: \\Song.album) var songs: Songs? = []
                init() {}
            }

            @Model final class Song {
                var title: String = ""
                var album: Album?
                init() {}
            }
        }
        """
        let reading = readSwift(source)
        #expect(reading.errors.isEmpty)
        let version = try #require(reading.version("MusicSchemaV1"))
        let album = try #require(version.entities.first { $0.name == "Album" })
        #expect(album.attributes.map(\.name) == ["name"])
        let songs = try #require(album.relationships.first { $0.name == "songs" })
        #expect(songs.destination == "Song")
        #expect(songs.isToMany)
        #expect(songs.isOptional)
    }

    @Test func relationshipsFromTheirTypesAndOptions() throws {
        let source = """
        import SwiftData

        enum LibrarySchemaV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Shelf.self] }

            @Model final class Shelf {
                var name: String?
                @Relationship(deleteRule: .cascade, inverse: \\Book.shelf, minimumModelCount: 1, maximumModelCount: 20, originalName: "volumes")
                var books: [Book]? = []
                var favourite: Book?
                var required: Array<Book> = []
                init() {}
            }

            @Model final class Book {
                var title: String?
                var shelf: Shelf?
                init() {}
            }
        }
        """
        let reading = readSwift(source)
        #expect(reading.errors.isEmpty)
        let version = try #require(reading.version("LibrarySchemaV1"))
        // Book is not listed, but a relationship leads to it: SwiftData includes it.
        #expect(version.entities.map(\.name) == ["Shelf", "Book"])
        let shelf = try #require(version.entity(named: "Shelf"))
        let books = try #require(shelf.relationship(named: "books"))
        #expect(books.destination == "Book" && books.isToMany && books.isOptional)
        #expect(books.deleteRule == .cascade && books.inverse == "shelf" && books.minCount == 1 && books.maxCount == 20 && books.renamedFrom == "volumes")
        let favourite = try #require(shelf.relationship(named: "favourite"))
        #expect(!favourite.isToMany && favourite.isOptional && favourite.deleteRule == .nullify && favourite.inverse == nil)
        let required = try #require(shelf.relationship(named: "required"))
        #expect(required.isToMany && !required.isOptional)
        // The inverse written on one side is the other side's too.
        #expect(version.entity(named: "Book")?.relationship(named: "shelf")?.inverse == "books")
    }

    /// Foundation calls that may give nothing, unwrapped with `!` or kept optional: their types
    /// without an annotation, never left out.
    @Test func failableFoundationValuesHaveTheirTypes() throws {
        let source = """
        import Foundation
        import SwiftData

        @Model final class PayPeriod {
            var start = Calendar.current.date(from: DateComponents(year: 2024, month: 1, day: 1))!
            var end = Calendar.current.date(byAdding: .day, value: 14, to: .now)
            var link = URL(string: "https://example.com")!
            var backup = URL(string: "https://example.com/backup")
            var owner = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
            init() {}
        }
        """
        let reading = readSwift(source)
        // (Each default is computed, which the notes say; none is left out.)
        #expect(!reading.notes.contains { $0.message.contains("cannot tell the type") }, "\(reading.notes)")
        let entity = try #require(reading.versions.first?.entity(named: "PayPeriod"))
        let attributes = Dictionary(uniqueKeysWithValues: entity.attributes.map { ($0.name, "\($0.type)\($0.isOptional ? "?" : "")") })
        #expect(attributes == ["start": "date", "end": "date?", "link": "uri", "backup": "uri?", "owner": "uuid"])
    }

    /// A property whose initial value reads a static property of the files (`defaultDayKey`,
    /// `Self.label`, `Mark.defaultDayKey`) has the type that property is declared with or its
    /// literal has, and the literal as its default.
    @Test func initialValuesOfStaticPropertiesHaveTheirTypes() throws {
        let source = """
        import SwiftData

        @Model final class Mark {
            private static let defaultDayKey = 19_700_101
            static let label: String = "day"
            var dayKey = defaultDayKey
            var name = Self.label
            var other = Mark.defaultDayKey
            init() {}
        }
        """
        let reading = readSwift(source)
        #expect(!reading.notes.contains { $0.message.contains("cannot tell the type") }, "\(reading.notes)")
        let entity = try #require(reading.versions.first?.entity(named: "Mark"))
        let attributes = Dictionary(uniqueKeysWithValues: entity.attributes.map { ($0.name, "\($0.type) \($0.defaultValue ?? "-")") })
        #expect(attributes == ["dayKey": "int64 19700101", "name": "string day", "other": "int64 19700101"])
    }

    /// `Option.ID` of a model that declares its own `id` is that property's type (Identifiable's
    /// ID); a model that declares none has SwiftData's `PersistentIdentifier`, which stays unread.
    @Test func theIDOfAModelWithItsOwnIDIsThatIDsType() throws {
        let source = """
        import Foundation
        import SwiftData

        @Model final class Option {
            var id: String
            init(id: String) { self.id = id }
        }
        @Model final class Ticket {
            var title = ""
            init() {}
        }
        @Model final class Answer {
            var chosen: Option.ID
            var previous: Option.ID?
            var ticket: Ticket.ID?
            init(chosen: Option.ID) { self.chosen = chosen }
        }
        """
        let reading = readSwift(source)
        let entity = try #require(reading.versions.first?.entity(named: "Answer"))
        let attributes = Dictionary(uniqueKeysWithValues: entity.attributes.map { ($0.name, "\($0.type)\($0.isOptional ? "?" : "")") })
        #expect(attributes == ["chosen": "string", "previous": "string?", "ticket": "transformable?"])
        #expect(!reading.notes.contains { $0.message.contains("'Option.ID'") }, "\(reading.notes)")
        #expect(reading.notes.contains { $0.message.contains("cannot resolve the type 'Ticket.ID'") }, "\(reading.notes)")
    }

    /// Initial values that name their type without an annotation: a standard type's static
    /// property (Swift's own or an app's extension), an optional written out as `T?.none` or
    /// `[T]?.some([])`, and the raw value of an enum of the files. A member of a value, or a
    /// nested type's, names none.
    @Test func initialValuesThatNameTheirTypeHaveIt() throws {
        let source = """
        import Foundation
        import SwiftData

        extension String { static let empty = "-" }
        enum Kind: Int16, Codable { case draft, final }

        @Model final class Recipe {
            var name = String.empty
            var servings = Int.zero
            var weight = Double.pi
            var photo = Data.empty
            var steps2 = [String].empty
            var steps3 = [String]()
            var kindValue = Kind.draft.rawValue
            var parent = Recipe?.none
            var steps = [Step]?.some([])
            var encoding = String.Encoding.utf8
            init() {}
        }

        @Model final class Step {
            var text = ""
            var recipe: Recipe?
            init() {}
        }
        """
        let reading = readSwift(source)
        let unknown = reading.notes.filter { $0.message.contains("cannot tell the type") }.map(\.message)
        #expect(unknown.count == 1 && unknown.first?.contains("'encoding'") == true, "\(unknown)")
        let recipe = try #require(reading.versions.first?.entity(named: "Recipe"))
        let attributes = Dictionary(uniqueKeysWithValues: recipe.attributes.map { ($0.name, "\($0.type)\($0.isOptional ? "?" : "")") })
        #expect(attributes == ["name": "string", "servings": "int64", "weight": "double", "photo": "binary", "kindValue": "int16", "steps2": "transformable", "steps3": "transformable"], "\(attributes)")
        // A static property holding a literal is that literal: `String.empty` and `""` are one
        // default, here and where a package declares it.
        #expect(recipe.attribute(named: "name")?.defaultValue == "-")
        let packaged = readSwift("import SwiftData\n\n@Model final class Tag {\n    var value = String.empty\n    var count = Int.zero\n    init() {}\n}\n")
        let tag = try #require(packaged.versions.first?.entity(named: "Tag"))
        #expect(tag.attribute(named: "value")?.defaultValue == "" && tag.attribute(named: "count")?.defaultValue == "0")
        #expect(recipe.attribute(named: "servings")?.defaultValue == "0")
        #expect(recipe.attribute(named: "weight")?.defaultValue == "Double.pi")
        #expect(recipe.attribute(named: "photo")?.defaultValue == "Data()" && recipe.attribute(named: "steps2")?.defaultValue == "[]" && recipe.attribute(named: "steps3")?.defaultValue == "[]")
        let parent = try #require(recipe.relationship(named: "parent"))
        #expect(!parent.isToMany && parent.isOptional && parent.destination == "Recipe")
        let steps = try #require(recipe.relationship(named: "steps"))
        #expect(steps.isToMany && steps.destination == "Step")
    }

    @Test func modelSubclassesAreEntitiesWithTheirParent() throws {
        // iOS 26: a @Model class may inherit from another; Core Data stores both in the parent's
        // tree (one CloudKit record type, CD_Trip), so the subclass is an entity with a parent.
        let source = """
        import SwiftData

        enum TripSchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [BusinessTrip.self] }

            @Model class Trip {
                var name: String = ""
                init() {}
            }

            @available(iOS 26, macOS 26, *)
            @Model final class BusinessTrip: Trip {
                var company: String?
                override init() { super.init() }
            }
        }
        """
        let reading = readSwift(source)
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        let version = try #require(reading.version("TripSchemaV2"))
        // Only the subclass is listed; its parent is part of the schema too.
        #expect(version.entities.map(\.name) == ["BusinessTrip", "Trip"])
        let business = try #require(version.entity(named: "BusinessTrip"))
        #expect(business.parent == "Trip")
        #expect(business.attributes.map(\.name) == ["company"], "the parent's properties stay the parent's")
        #expect(version.entity(named: "Trip")?.parent == nil)
        #expect(version.rootEntity(of: "BusinessTrip") == "Trip")
    }
}
