#!/usr/bin/env bash
# Times history order from git: a bundle of N versions in a temporary repository, each version
# added by its own commit (the first named "Shared", then "Model 2" ... "Model N", so the order
# note is written too), linted in the repository and, for comparison, copied outside git.
#
#   Benchmarks/git-order-bench.sh [schemalint binary] [versions] [runs]
#   Benchmarks/git-order-bench.sh .build/release/schemalint 117 5
#
# Prints the best of the runs for: git's log over the bundle alone (the one git process a bundle
# costs), a full lint in the repository, and a full lint of the same bundle outside git.
set -euo pipefail
binary=$(cd "$(dirname "${1:-.build/release/schemalint}")" && pwd)/$(basename "${1:-.build/release/schemalint}")
versions=${2:-117}
runs=${3:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
repository=$work/repository
bundle=App/Model.xcdatamodeld
mkdir -p "$repository/$bundle"
cd "$repository"
git init --quiet --initial-branch=main
attributes=""
for ((i = 1; i <= versions; i++)); do
    name="Model $i"
    [ "$i" -eq 1 ] && name=Shared
    attributes+="        <attribute name=\"a$i\" optional=\"YES\" attributeType=\"String\"/>"$'\n'
    mkdir -p "$bundle/$name.xcdatamodel"
    printf '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">\n    <entity name="Item">\n%s    </entity>\n</model>\n' "$attributes" > "$bundle/$name.xcdatamodel/contents"
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>_XCCurrentVersionName</key>\n\t<string>%s.xcdatamodel</string>\n</dict>\n</plist>\n' "$name" > "$bundle/.xccurrentversion"
    git add --all
    date="$((1704110400 + i * 86400)) +0000"
    GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date git commit --quiet -m "add $name"
done
mkdir -p "$work/plain"
cp -R "$bundle" "$work/plain/"

# Best wall-clock time of the runs of a command, in milliseconds.
best() {
    local best=""
    for ((run = 0; run < runs; run++)); do
        local start end
        start=$(date +%s%N)
        "$@" > /dev/null || true
        end=$(date +%s%N)
        local took=$(((end - start) / 1000))
        if [ -z "$best" ] || [ "$took" -lt "$best" ]; then best=$took; fi
    done
    printf '%d.%03d ms' $((best / 1000)) $((best % 1000))
}

echo "$versions versions, $versions commits; best of $runs runs"
echo "git log over the bundle:        $(best git log -z --reverse --date-order --diff-merges=first-parent --root --name-status -M --diff-filter=ADR '--format=%x01%h %cs' -- ":(glob)$bundle/*.xcdatamodel/contents")"
echo "lint in the repository (git):   $(best "$binary" "$bundle")"
echo "lint outside git (names):       $(best "$binary" "$work/plain/Model.xcdatamodeld")"
"$binary" "$bundle" | head -1 | cut -c1-160
