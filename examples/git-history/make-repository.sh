#!/bin/sh
# Makes a git repository at $1 (a new folder) holding a notes app whose one model file,
# Models/Note.yml, was edited in place between releases tagged v1.9 and v1.10 (and a tag that
# is not a release, builds/77), then edited again in the working tree: `title` is renamed to
# `heading` without `renamedFrom`. See README.md for what `schemalint --history git` says.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 NEW-FOLDER" >&2; exit 2; }
[ ! -e "$1" ] || { echo "$1 already exists" >&2; exit 2; }
mkdir -p "$1/Models"
cd "$1"
# The user's git configuration (signing, hooks, identity) plays no part.
git() { command git -c user.name=Example -c user.email=example@example.com -c commit.gpgSign=false -c tag.gpgSign=false -c core.hooksPath=/dev/null "$@"; }
git init --quiet

release() {
  cat > Models/Note.yml
  git add Models/Note.yml
  git commit --quiet --message "release $1"
  git tag --annotate --message "release $1" "$1"
}

release v1.9 <<'YAML'
model: Notes
version: 1
cloudkit: true
entities:
  Note:
    attributes:
      title: string
      body: string
YAML

release v1.10 <<'YAML'
model: Notes
version: 1
cloudkit: true
entities:
  Note:
    attributes:
      title: string
      body: string
      pinned: {type: boolean, optional: false, default: false}
YAML
git tag builds/77

# The working tree, not committed yet: 'title' renamed in place.
cat > Models/Note.yml <<'YAML'
model: Notes
version: 1
cloudkit: true
entities:
  Note:
    attributes:
      heading: string
      body: string
      pinned: {type: boolean, optional: false, default: false}
YAML
