/// Loads every model version found under the given paths; collects one error per unreadable source.
public struct ModelLoader: Sendable {
    public var finder: ModelSourceFinder
    public var yaml: YAMLModelLoader

    public init(finder: ModelSourceFinder = ModelSourceFinder(), yaml: YAMLModelLoader = YAMLModelLoader()) {
        self.finder = finder
        self.yaml = yaml
    }

    public struct Loaded: Sendable {
        public var versions: [ModelVersion]
        /// Problems with the input, sorted by file and position; any of them makes the run exit 2.
        public var errors: [InputError]
    }

    public func load(paths: [String]) -> Loaded {
        let sources: [ModelSource]
        do {
            sources = try finder.sources(in: paths)
        } catch {
            return Loaded(versions: [], errors: [error])
        }
        var versions: [ModelVersion] = []
        var errors: [InputError] = []
        for source in sources {
            do throws(InputError) {
                switch source {
                case .yamlFile(let path):
                    versions.append(try yaml.load(file: path))
                case .xcodeBundle(let path):
                    throw InputError(file: path, message: "Xcode model bundles are not supported yet")
                }
            } catch {
                errors.append(error)
            }
        }
        return Loaded(versions: versions, errors: errors)
    }
}
