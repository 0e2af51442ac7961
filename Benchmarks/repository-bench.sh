#!/usr/bin/env bash
# Times what a person waits for: `schemalint` at the root of a whole app repository, with and
# without its git history. Generates a repository of COMMITS commits (git fast-import, so that
# thousands take a second) holding a bundle of VERSIONS versions added one per commit among the
# others, SWIFT Swift files (none of them model or store code), YAML files that are no model
# (XcodeGen, CI, fastlane, Jekyll), a committed `build/` folder with a copy of the bundle, and a
# git-ignored folder; then lints it at its root in the repository and in a copy without `.git`.
#
#   Benchmarks/repository-bench.sh [schemalint binary] [commits] [versions] [swift files] [runs]
#   Benchmarks/repository-bench.sh .build/release/schemalint 5000 100 2000 5
#
# Two bundles orders are timed: the current version last by name (the names settle the order, git
# is not asked) and an older version current (git is asked: one `git log` over the whole history,
# timed with `--no-cache` as a first run sees it, and with the cache a run before kept, as every
# later run with no new commit since sees it).
set -euo pipefail
binary=$(cd "$(dirname "${1:-.build/release/schemalint}")" && pwd)/$(basename "${1:-.build/release/schemalint}")
commits=${2:-5000}
versions=${3:-100}
swift_files=${4:-2000}
runs=${5:-5}
work=$(mktemp -d)
[ -n "${BENCH_KEEP:-}" ] && echo "work folder: $work" || trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1

repository=$work/repository
mkdir -p "$repository"
git -C "$repository" init --quiet --initial-branch=main
python3 - "$commits" "$versions" "$swift_files" > "$work/stream" <<'EOF'
import sys
commits, versions, swift_files = (int(arg) for arg in sys.argv[1:4])
bundle = "App/Model.xcdatamodeld"
out = sys.stdout.buffer
def blob(path, text):
    data = text.encode()
    out.write(b"M 100644 inline %s\ndata %d\n" % (path.encode(), len(data)) + data + b"\n")
def contents(version):
    attributes = "".join('        <attribute name="a%d" optional="YES" attributeType="String"/>\n' % i for i in range(1, version + 1))
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">\n'
            '    <entity name="Item">\n%s    </entity>\n</model>\n' % attributes)
def name(version):
    return "Model" if version == 1 else "Model %d" % version
every = max(1, commits // versions)
for number in range(1, commits + 1):
    date = 1500000000 + number * 3600
    out.write(b"commit refs/heads/main\ncommitter bench <bench@example.com> %d +0000\ndata 8\ncommit %d\n" % (date, number % 10))
    if number == 1:
        blob(".gitignore", "scratch/\n")
        blob("project.yml", "name: App\noptions:\n  bundleIdPrefix: com.example\ntargets:\n  App:\n    type: application\n    sources: [App]\n")
        blob(".github/workflows/ci.yml", "on: push\njobs:\n  test:\n    runs-on: macos-latest\n    steps:\n      - uses: actions/checkout@v4\n")
        blob("fastlane/config.yml", "lanes:\n  beta: {}\n")
        blob("docs/_config.yml", "title: App\ntheme: minima\n")
        for index in range(swift_files):
            blob("App/Sources/Module%d/File%d.swift" % (index % 40, index),
                 "import Foundation\n\nstruct Type%d {\n    var value = %d\n    func doubled() -> Int { value * 2 }\n}\n" % (index, index))
    version = number // every if number % every == 0 else None
    if version is not None and version <= versions:
        blob("%s/%s.xcdatamodel/contents" % (bundle, name(version)), contents(version))
        blob("build/%s/%s.xcdatamodel/contents" % (bundle, name(version)), contents(version))
    else:
        blob("App/Sources/Changes.swift", "let change = %d\n" % number)
EOF
git -C "$repository" fast-import --quiet < "$work/stream"
git -C "$repository" checkout --quiet --force main
mkdir -p "$repository/scratch" && cp -R "$repository/App/Model.xcdatamodeld" "$repository/scratch/"
current() {  # $1: the version name .xccurrentversion names
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>_XCCurrentVersionName</key>\n\t<string>%s.xcdatamodel</string>\n</dict>\n</plist>\n' "$1" > "$repository/App/Model.xcdatamodeld/.xccurrentversion"
    rm -rf "$work/plain" && mkdir -p "$work/plain" && (cd "$repository" && tar --exclude=.git -cf - .) | tar -xf - -C "$work/plain"
}

# Best and median wall-clock time of the runs of a command run in folder $1, in milliseconds.
timed() {
    local folder=$1; shift
    local times=()
    for ((run = 0; run < runs; run++)); do
        local start end
        start=$(date +%s%N)
        (cd "$folder" && "$@" > /dev/null 2>&1) || true
        end=$(date +%s%N)
        times+=($(((end - start) / 1000000)))
    done
    local sorted=($(printf '%s\n' "${times[@]}" | sort -n))
    printf 'best %d ms, median %d ms' "${sorted[0]}" "${sorted[$((runs / 2))]}"
}

echo "$commits commits, a bundle of $versions versions, $swift_files Swift files; $runs runs each"
last=$( [ "$versions" -eq 1 ] && echo Model || echo "Model $versions")
current "$last"
echo "current version last by name (git not asked):"
echo "  schemalint . in the repository:  $(timed "$repository" "$binary" --cache-path "$work/cache")"
echo "  schemalint . without .git:       $(timed "$work/plain" "$binary")"
current "Model $((versions - 1))"
echo "an older version current (git asked for the order):"
echo "  schemalint . in the repository, no cache:    $(timed "$repository" "$binary" --no-cache)"
(cd "$repository" && "$binary" --cache-path "$work/cache" > /dev/null 2>&1) || true
echo "  schemalint . in the repository, cache kept:  $(timed "$repository" "$binary" --cache-path "$work/cache")"
echo "  schemalint . without .git:       $(timed "$work/plain" "$binary")"
echo "  the one git log:                 $(timed "$repository" git log -z --reverse --date-order --diff-merges=first-parent --root --name-status -M --diff-filter=ADR '--format=%x01%h %cs' -- ':(glob)App/Model.xcdatamodeld/*.xcdatamodel/contents')"
(cd "$repository" && "$binary" --verbose 2>&1 >/dev/null | grep -c '^skipped' | sed 's/^/  paths the walk skipped: /')
(cd "$repository" && "$binary" | tail -1 | sed 's/^/  report: /')
