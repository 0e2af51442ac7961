#!/usr/bin/env bash
# scripts/embed-rule-pages.sh: regenerates Sources/SchemaLintRules/RulePages.generated.swift from
# rules/*.md, so that the binary carries every rule page (`schemalint explain`, SARIF help).
# Run it after editing a rule page; RulePageEmbeddingTests fails while the file is out of date.
#
# (The pages were embedded by a build-tool plugin before. SwiftPM does not run a dependency's own
# build-tool plugins when it builds that dependency as the tool of another plugin, so a package
# using SchemaLintBuildToolPlugin saw false errors on every build. A committed file has no such
# problem and no build step.)
set -euo pipefail
cd "$(dirname "$0")/.."
swift run --quiet rule-page-embedder Sources/SchemaLintRules/RulePages.generated.swift rules/*.md
