import Dispatch

/// Loads every model version found under the given paths; collects one error per unreadable source.
/// Sources load in parallel (each is independent); results keep the sources' sorted order.
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
        let results = loadConcurrently(sources)
        var versions: [ModelVersion] = []
        var errors: [InputError] = []
        for result in results {
            switch result {
            case .success(let loaded): versions += loaded
            case .failure(let error): errors.append(error)
            }
        }
        return Loaded(versions: versions, errors: errors)
    }

    private func loadConcurrently(_ sources: [ModelSource]) -> [Result<[ModelVersion], InputError>] {
        nonisolated(unsafe) let slots = UnsafeMutableBufferPointer<Result<[ModelVersion], InputError>>.allocate(capacity: sources.count)
        defer { slots.deallocate() }
        DispatchQueue.concurrentPerform(iterations: sources.count) { index in
            (slots.baseAddress! + index).initialize(to: load(sources[index]))
        }
        let results = Array(slots)
        _ = slots.deinitialize()
        return results
    }

    /// One source's versions, or its first problem.
    public func load(_ source: ModelSource) -> Result<[ModelVersion], InputError> {
        do throws(InputError) {
            switch source {
            case .yamlFile(let path):
                return .success([try yaml.load(file: path)])
            case .xcodeBundle(let path):
                throw InputError(file: path, message: "Xcode model bundles are not supported yet")
            }
        } catch {
            return .failure(error)
        }
    }
}
