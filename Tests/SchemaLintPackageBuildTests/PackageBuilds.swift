import Testing

/// The tests that build this package again, as others build it: a client of the library product,
/// packages that apply the plugins, pre-commit's release build of the hook, the static Linux
/// release binary. Each build takes minutes: run all at once on a CI machine with two cores, they
/// starved each other past their time limits. They run in two lanes of about equal length, one
/// build at a time in each, so that two builds share the machine (a release build leaves a core
/// idle while it optimises one module).
@Suite enum PackageBuilds {
    /// pre-commit's release build of the hook; the plugins' package that runs a built binary.
    @Suite(.serialized) enum FirstLane {}
    /// The static release binary; debug builds of a library client and of a build-tool plugin's user.
    @Suite(.serialized) enum SecondLane {}
}
