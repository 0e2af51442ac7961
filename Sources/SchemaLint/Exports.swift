// What the library product offers is the pipeline and the layers under it: a user of
// `import SchemaLint` sees the model, the readers and the rules without importing each target.
@_exported import SchemaLintCore
@_exported import SchemaLintRules
@_exported import SchemaLintReport
@_exported import SchemaLintYAML
@_exported import SchemaLintXcode
@_exported import SchemaLintCloudKitSchema
@_exported import SchemaLintCodeScan
