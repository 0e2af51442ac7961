import SchemaLintCloudKitSchema
import SchemaLintCore
import SchemaLintReport
import SchemaLintRules

/// Reads the CloudKit production schemas the configuration names (`productionSchema:`), each file
/// once, and gives each linted model its own.
enum ProductionSchemaLoader {
    /// The schema of each model in `models` that has one; every file that cannot be read or is no
    /// schema as an input error (a missing file at the line of the configuration naming it).
    static func load(_ configuration: ProjectConfiguration, models: [String]) throws(InputErrors) -> [String: CloudKitSchema] {
        guard !configuration.productionSchemas.isEmpty else { return [:] }
        var errors: [InputError] = []
        var byPath: [String: CloudKitSchema] = [:]
        for setting in configuration.productionSchemas where byPath[setting.path] == nil {
            do throws(InputError) {
                byPath[setting.path] = try CloudKitSchemaReader.read(file: setting.path)
            } catch {
                if error.line == nil, let location = setting.location {
                    errors.append(InputError(at: location, "the production schema '\(setting.path)': \(error.message)"))
                } else {
                    errors.append(error)
                }
            }
        }
        guard errors.isEmpty else { throw InputErrors(errors) }
        var result: [String: CloudKitSchema] = [:]
        for model in Set(models) {
            if let setting = configuration.productionSchema(forModel: model), let schema = byPath[setting.path] { result[model] = schema }
        }
        return result
    }
}
