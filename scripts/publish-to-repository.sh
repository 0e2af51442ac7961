#!/usr/bin/env bash
# scripts/publish-to-repository.sh FOLDER REMOTE TAG
#
# Makes the files of FOLDER the whole content of the git repository REMOTE, for the repositories
# the release workflow generates (.github/workflows/release.yml; REMOTE is a GitHub URL with a
# token in it there): the plugins-only package that scripts/render-plugin-package.sh writes
# (schemalint-plugins, which `.package(url: ".../schemalint-plugins", from: "...")` resolves by its
# version tags) and the Homebrew tap that scripts/render-formula.sh writes (homebrew-schemalint).
# One commit "schemalint TAG" on REMOTE's default branch (main in an empty repository) whose files
# are exactly FOLDER's, and the annotated tag TAG on it. Run again for the same TAG (a release run
# again), it commits only what changed and moves the tag. Exit status 2 on bad arguments.
set -euo pipefail

usage() { echo "usage: $0 FOLDER REMOTE TAG" >&2; [ -n "${1:-}" ] && echo "error: $1" >&2; exit 2; }

[ "$#" -eq 3 ] || usage
[ -d "$1" ] || usage "no folder $1"
rendered="$(realpath "$1")"
remote=$2 tag=$3
[ -n "$(ls -A "$rendered")" ] || usage "$rendered is empty"
[[ "$tag" =~ ^v?[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] || usage "'$tag' is no version tag (v1.2.3 or 1.2.3): SwiftPM resolves versions from such tags"

work="$(mktemp -d "${TMPDIR:-/tmp}/schemalint-publish.XXXXXX")"
trap 'rm -rf "$work"' EXIT
git clone --quiet "$remote" "$work/repository"
cd "$work/repository"
# An empty repository's first branch is main.
git rev-parse -q --verify HEAD >/dev/null || git symbolic-ref HEAD refs/heads/main
git rm -r -q --ignore-unmatch . >/dev/null
cp -R "$rendered/." .
git add -A
if git diff --cached --quiet && git rev-parse -q --verify HEAD >/dev/null; then
    echo "publish-to-repository: nothing changed since the last commit"
else
    git -c user.name="schemalint release" -c user.email="release@schemalint.invalid" -c commit.gpgsign=false \
        commit -q -m "schemalint $tag"
fi
git -c user.name="schemalint release" -c user.email="release@schemalint.invalid" -c tag.gpgsign=false \
    tag -f -a -m "schemalint $tag" "$tag" >/dev/null
git push -q origin HEAD
git push -q -f origin "refs/tags/$tag"
echo "published $(git rev-parse --short HEAD) as $tag"
