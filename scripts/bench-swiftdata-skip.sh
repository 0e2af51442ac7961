#!/bin/sh
# Measures what Swift files without models cost a lint: 100 files of 300 lines with no
# `VersionedSchema` or `@Model` beside one small SwiftData schema, against the same 100 files
# when each mentions `@Model` in a comment (so each is claimed and parsed), and against the
# schema file alone (the cost of starting the process and linting).
# Usage: scripts/bench-swiftdata-skip.sh [path/to/schemalint]   (default: a release build)
set -eu
binary="${1:-.build/release/schemalint}"
[ -x "$binary" ] || { echo "no executable at $binary (swift build -c release --product schemalint)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

make_files() { # folder, marker comment
    mkdir -p "$1"
    cat > "$1/Schema.swift" <<'SWIFT'
import SwiftData
enum AppSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self] }
    @Model final class Item { var name: String = "" }
}
SWIFT
    i=1
    while [ "$i" -le 100 ]; do
        {
            echo "import SwiftUI"
            echo "// $2"
            j=1
            while [ "$j" -le 49 ]; do
                echo "struct View${i}_${j}: View {"
                echo "    var title: String = \"row $j\""
                echo "    var count = $j"
                echo "    var body: some View { Text(title).padding(CGFloat(count)) }"
                echo "}"
                echo ""
                j=$((j + 1))
            done
            echo "let done$i = true"
        } > "$1/View$i.swift"
        i=$((i + 1))
    done
}

make_files "$work/skipped" "an ordinary view file"
mkdir -p "$work/alone" && cp "$work/skipped/Schema.swift" "$work/alone/"
make_files "$work/parsed" "@Model is mentioned here, so the file is parsed"

best() { # folder
    best=""
    for run in 1 2 3 4 5; do
        start=$(date +%s%N)
        "$binary" "$1" > /dev/null 2>&1 || true
        end=$(date +%s%N)
        ms=$(( (end - start) / 1000000 ))
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
    done
    echo "$best"
}

lines=$(cat "$work"/skipped/View*.swift | wc -l)
echo "100 files, $lines lines in all, plus one schema file"
echo "the schema file alone: $(best "$work/alone") ms (best of 5, whole process)"
echo "skipped before parsing: $(best "$work/skipped") ms (best of 5, whole process)"
echo "each claimed and parsed: $(best "$work/parsed") ms (best of 5, whole process)"
