# make run:  install what is missing, build schemalint in release mode, lint the bundled examples.
# make test: install what is missing (with the tests' Python tools), then swift test.
#            make test TEST_FLAGS="--skip PreCommitHookTests" leaves out the slowest suite.
.PHONY: run test build

build:
	scripts/setup.sh
	swift build -c release --product schemalint

run: build
	@echo
	@echo "== schemalint examples/notes: a synced app whose version 3 renames, deletes and retypes =="
	-.build/release/schemalint examples/notes
	@echo
	@echo "Each finding is file:line:column, its severity, what breaks and why, the rule in brackets,"
	@echo "then notes (where the older element was) and help (what to do instead). Errors fail the run"
	@echo "(exit 1); notes are reminders. 'schemalint explain <rule>' prints a rule's page."
	@echo
	@echo "== schemalint examples/: every example history (notes, tasks, journal, clean, xcode, ...) =="
	-.build/release/schemalint examples/
	@echo
	@echo "The binary is .build/release/schemalint; copy it onto your PATH, then: schemalint YourModels/"

test:
	scripts/setup.sh --test-tools
	swift test $(TEST_FLAGS)
