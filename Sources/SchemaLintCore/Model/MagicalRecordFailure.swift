/// What MagicalRecord does when its setup (`setupCoreDataStack`, `setupAutoMigratingCoreDataStack`
/// and their `...WithStoreNamed:` forms) cannot add the store: in a release build it hands the
/// error to its error handler, which logs it, and the app goes on with a coordinator that has no
/// store (debug builds delete a mismatched store instead). The Swift and Objective-C readers report
/// that as the failure handling, unless the file gives MagicalRecord an error handler of its own or
/// tells it to delete a mismatched store (a finding of its own).
package enum MagicalRecordFailure {
    /// How findings name what happens.
    package static let written = "MagicalRecord's error log"
    /// The names of the calls that give MagicalRecord a way of its own.
    package static let handlingNames = ["setErrorHandlerTarget", "setShouldDeleteStoreOnModelMismatch"]
    package static let handlingWords = ByteSearch.Words(handlingNames.map { Array($0.utf8) })
}
