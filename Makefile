# make run:  install what is missing, build schemalint in release mode, lint the bundled examples.
# make test: install what is missing (with the tests' Python tools), then build the tests and run them.
#            make test TEST_FLAGS="--skip PackageBuilds" leaves out the slowest tests (those that build the package again).
.PHONY: run test build

build:
	scripts/setup.sh
	swift build -c release --product schemalint

run: build
	@echo
	@echo "== A synced app (examples/notes) whose version 3 renames, deletes and retypes =="
	@echo '$$ .build/release/schemalint examples/notes'
	@.build/release/schemalint examples/notes; echo "(exit status $$?: 1 means errors were found, as this example is meant to show)"
	@echo
	@echo "Each finding is file:line:column, its severity, what breaks and why, the rule in brackets,"
	@echo "then notes (where the older element was) and help (what to do instead). Errors fail the run"
	@echo "(exit 1); notes are reminders (here: deploy each added field to CloudKit before release)."
	@echo "'schemalint explain <rule>' prints a rule's page."
	@echo
	@echo "== An Xcode model bundle (examples/xcode), synced as its .schemalint.yml declares =="
	@echo '$$ .build/release/schemalint examples/xcode'
	@.build/release/schemalint examples/xcode; echo "(exit status $$?)"
	@echo
	@echo "More histories: examples/tasks, examples/journal (a local store), examples/clean (passes),"
	@echo "examples/cloudkit-schema (against the production schema); README.md says what each shows."
	@echo "The binary is .build/release/schemalint; copy it onto your PATH, then: schemalint YourModels/"

# The tests are built as their product alone: `swift test` builds every target, and since the plugins
# depend on the schemalint executable, SwiftPM would build it and everything under it (swift-syntax
# too) a second time, for the host, as the plugins' tool. The plugins are built where they are
# tested, in the packages that apply them (Tests/SchemaLintPackageBuildTests).
test:
	scripts/setup.sh --test-tools
	swift build --product schemalintPackageTests
	swift test --skip-build $(TEST_FLAGS)
