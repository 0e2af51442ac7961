import Foundation
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

extension LintPipeline {
    /// The released versions of Swift files as a tag holds them (`reference(at:releasedOnly:)`),
    /// kept between runs: a tag's object names the same files for good, and reading SwiftData
    /// schemas there (files checked out, parsed, the declaring files looked for and parsed again)
    /// is most of what a run of an app with many releases costs, on every run, the pre-commit
    /// hook's included. The key holds what else the reading depends on: this build of schemalint,
    /// the files asked for, the configuration's text and `--cloudkit`. Other sources (bundles of a
    /// hundred versions, YAML) are read from git each time: their reading costs less than decoding
    /// what it would keep. Nil where the reading failed (not kept).
    /// `keepingBundles`: kept for bundles too, where they are of one version each (a model the
    /// app's version says shipped, read at that change on every run).
    func releasedVersions(at tag: GitReleaseTags.Tag, _ options: Options, configuration: ProjectConfiguration, top: String, keepingBundles: Bool = false) -> Reference? {
        func read() -> Reference? {
            try? reference(at: tag.name, options, configuration: configuration, namingFiles: false, repository: top, releasedOnly: true)
        }
        guard let cache = options.gitCache, !options.paths.isEmpty, keepingBundles || options.paths.allSatisfy({ $0.hasSuffix(".swift") }),
              let build = Self.buildIdentity else { return read() }
        // The paths as the run names them: the same on every run from the same folder (resolving
        // each costs more than a reading kept).
        let files = options.paths.sorted()
        let settings = configuration.file.flatMap { FileManager.default.contents(atPath: $0) }.map { GitHistoryCache.hash(String(decoding: $0, as: UTF8.self)) } ?? "-"
        let key = [build, top, tag.name, tag.object, settings, options.declaresCloudKit ? "cloudkit" : "-"] + files
        var fresh: Reference??
        let kept = cache.reading(about: key) {
            let reading = read()
            fresh = .some(reading)
            return reading.flatMap { reference in try? JSONEncoder().encode(reference.released.compactMap(KeptRelease.init)) }
        }
        // Read just now (kept or not, failed or not): that reading.
        if let fresh { return fresh }
        guard let kept, let releases = try? JSONDecoder().decode([KeptRelease].self, from: kept) else { return read() }
        return Reference(released: releases.map { VersionLock.Entry(released: $0.version, of: $0.model, at: $0.place) })
    }

    /// A released version as `reference(at:)` makes its entry: the version, its model, and the
    /// `tag:path` it was read at.
    private struct KeptRelease: Codable {
        var model: String
        var place: String
        var version: ModelVersion

        init?(_ entry: VersionLock.Entry) {
            guard let version = entry.releasedCopy, let place = entry.location?.file else { return nil }
            (model, self.place, self.version) = (entry.model, place, version)
        }
    }

    /// This build of schemalint: its version and its executable's size and time of change, so a
    /// reading kept by another build (whose readers may read differently) is never used. Nil
    /// where the executable cannot be found: nothing is kept then.
    private static var buildIdentity: String? {
        guard let path = Bundle.main.executablePath,
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? NSNumber, let changed = attributes[.modificationDate] as? Date else { return nil }
        return "\(SchemaLintVersion.current) \(size) \(changed.timeIntervalSince1970)"
    }
}
