#!/usr/bin/env bash
# Times --history git: one YAML model of E entities (25 attributes each), edited in place and
# released T times (release k adds an attribute to entity k), each release tagged v1.k, in a
# temporary repository that also holds F unrelated files (so every tag's tree is that large).
# The working tree then adds one more attribute.
#
#   Benchmarks/git-history-bench.sh [schemalint binary] [tags] [entities] [files] [runs]
#   Benchmarks/git-history-bench.sh .build/release/schemalint 50 200 2000 5
#
# Prints the best of the runs for: a lint of the model alone (--history files), a lint with the
# tags (--history git), the same git commands alone, and the git processes one --history git run
# starts, by command.
set -euo pipefail
binary=$(cd "$(dirname "${1:-.build/release/schemalint}")" && pwd)/$(basename "${1:-.build/release/schemalint}")
tags=${2:-50}
entities=${3:-200}
files=${4:-2000}
runs=${5:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
repository=$work/repository
mkdir -p "$repository/Models" "$repository/Sources"
cd "$repository"
git init --quiet --initial-branch=main
for ((i = 1; i <= files; i++)); do
    mkdir -p "Sources/Group$((i % 40))"
    echo "// file $i" > "Sources/Group$((i % 40))/File$i.swift"
done

# The model after `releases` releases: entity k (1-based) has attributes a1...a25, plus r<j> for
# each release j <= releases with j mod entities == k mod entities.
model() {
    awk -v entities="$entities" -v releases="$1" 'BEGIN {
        print "model: Catalog"; print "version: 1"; print "cloudkit: true"; print "entities:"
        for (e = 1; e <= entities; e++) {
            printf "  Entity%d:\n    attributes:\n", e
            for (a = 1; a <= 25; a++) printf "      a%d: %s\n", a, (a % 3 == 0 ? "int64" : (a % 3 == 1 ? "string" : "date"))
            for (j = 1; j <= releases; j++) if (j % entities == e % entities) printf "      r%d: string\n", j
        }
    }'
}

for ((k = 1; k <= tags; k++)); do
    model "$k" > Models/Catalog.yml
    git add --all
    date="$((1704110400 + k * 86400)) +0000"
    GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date git commit --quiet -m "release $k"
    git tag "v1.$k"
done
model "$((tags + 1))" > Models/Catalog.yml
bytes=$(wc -c < Models/Catalog.yml)

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

# A git on the PATH that records each command it runs before running the real one.
real_git=$(command -v git)
mkdir -p "$work/shim"
cat > "$work/shim/git" <<SHIM
#!/bin/sh
skip=no
for a; do
    if [ \$skip = yes ]; then skip=no; continue; fi
    case "\$a" in -C|-c) skip=yes ;; -*) ;; *) echo "\$a" >> "$work/calls"; break ;; esac
done
exec "$real_git" "\$@"
SHIM
chmod +x "$work/shim/git"

echo "$tags tags, a model of $entities entities ($bytes bytes), $files other files; best of $runs runs"
# Processor time (user + system, git's included) of one run, steadier than wall time on a busy machine.
cpu() { /usr/bin/time -f '%U s user + %S s system' "$@" 2>&1 > /dev/null | tail -1; }

echo "lint, --history files:   $(best "$binary" --history files Models); $(cpu "$binary" --history files Models)"
echo "lint, --history git:     $(best "$binary" --history git Models); $(cpu "$binary" --history git Models)"
echo "git alone (for-each-ref, $tags ls-tree, cat-file): $(best sh -c 'git for-each-ref --merged=HEAD refs/tags > /dev/null; for t in $(git tag --list "v*"); do git ls-tree -r -z --full-tree "$t" > /dev/null; done; git tag --list "v*" | sed "s|$|:Models/Catalog.yml|" | git cat-file --batch > /dev/null')"
PATH="$work/shim:$PATH" "$binary" --history git Models > /dev/null || true
echo "git processes of one --history git run: $(sort "$work/calls" | uniq -c | awk '{printf "%s %s, ", $1, $2}')"
"$binary" --history git Models | tail -1
