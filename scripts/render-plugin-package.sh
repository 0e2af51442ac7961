#!/usr/bin/env bash
# scripts/render-plugin-package.sh OUTPUT_FOLDER URL CHECKSUM
# scripts/render-plugin-package.sh OUTPUT_FOLDER --path BUNDLE
#
# Writes the plugins-only package (plugin-package/: schemalint's build-tool and command plugins on
# a prebuilt binary) into OUTPUT_FOLDER, as it is published (the release workflow) or tried locally:
# - Package.swift with its binary target pointing at URL, with CHECKSUM (the SHA-256 that
#   scripts/make-artifactbundle.sh prints, the same as `swift package compute-checksum`);
#   URL is https:// (SwiftPM downloads binary targets from https only);
# - or, with --path, at BUNDLE, a local .artifactbundle folder or .artifactbundle.zip, copied into
#   OUTPUT_FOLDER (SwiftPM takes a binary target's path relative to the package's folder, also in a
#   package resolved from git): a package that adopts the plugins then builds with that bundle,
#   with no download (the test of the plugins-only package; a vendored copy of the plugins);
# - Plugins/ and README.md with the files themselves where the template has links (its Plugins/
#   folders link to the schemalint package's Plugins/), so OUTPUT_FOLDER stands alone.
# OUTPUT_FOLDER is replaced. Exit status 2 on bad arguments or a template this script cannot edit.
set -euo pipefail

usage() {
    echo "usage: $0 OUTPUT_FOLDER URL CHECKSUM" >&2
    echo "       $0 OUTPUT_FOLDER --path BUNDLE" >&2
    [ -n "${1:-}" ] && echo "error: $1" >&2
    exit 2
}

[ "$#" -eq 3 ] || usage "expected an output folder and URL CHECKSUM or --path BUNDLE"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
template="$root/plugin-package"
output=$1
if [ "$2" = --path ]; then
    bundle="$(realpath -m "$3")"
    case "$bundle" in *.artifactbundle | *.artifactbundle.zip) ;; *) usage "'$3' is not an .artifactbundle folder or .artifactbundle.zip" ;; esac
    [ -e "$bundle" ] || usage "no bundle at '$bundle'"
    [[ "$(basename "$bundle")" =~ ^[A-Za-z0-9._+-]+$ ]] || usage "the bundle's name may hold only letters, digits and . _ + -"
    location="path: \"$(basename "$bundle")\""
else
    url=$2 checksum=$3
    [[ "$url" =~ ^https://[A-Za-z0-9./_+~%-]+\.artifactbundle\.zip$ ]] || usage "'$url' is not an https:// URL of an .artifactbundle.zip"
    [[ "$checksum" =~ ^[0-9a-f]{64}$ ]] || usage "'$checksum' is not a SHA-256 (64 lowercase hex digits)"
    location="url: \"$url\","
fi

manifest="$template/Package.swift"
# The binary target's two lines, as the template writes them (one of each).
url_line='^ *url: "https://[^"]*\.artifactbundle\.zip",$'
checksum_line='^ *checksum: "[0-9a-f]{64}"$'
[ "$(grep -cE "$url_line" "$manifest")" -eq 1 ] && [ "$(grep -cE "$checksum_line" "$manifest")" -eq 1 ] ||
    usage "$manifest has not exactly one 'url: \"https://....artifactbundle.zip\",' line and one 'checksum: \"...\"' line"

# For sed's replacement: & and the delimiter | stand for themselves.
location="${location//&/\\&}"
location="${location//|/\\|}"

# OUTPUT_FOLDER is replaced: never the repository, a folder above it, or a folder of its own.
output_path="$(realpath -m "$output")"
output_prefix="${output_path%/}/"
case "$root/" in "$output_prefix"*) usage "'$output' holds the repository; name a new folder" ;; esac
case "$output_path" in "$root"/*) [ -z "$(git -C "$root" ls-files -- "$output_path" 2>/dev/null | head -n 1)" ] || usage "'$output' holds the repository's files; name a new folder" ;; esac
rm -rf "$output"
mkdir -p "$output"
# -L: the files that the links name, not the links.
cp -RL "$template/Plugins" "$output/Plugins"
cp -L "$template/README.md" "$output/README.md"
[ -z "${bundle:-}" ] || cp -R "$bundle" "$output/"
if [ -n "${checksum:-}" ]; then
    sed -E -e "s|$url_line|            $location|" -e "s|$checksum_line|            checksum: \"$checksum\"|" "$manifest" > "$output/Package.swift"
else
    # path: ends the call: the checksum line goes.
    sed -E -e "s|$url_line|            $location|" -e "/$checksum_line/d" "$manifest" > "$output/Package.swift"
fi
echo "$output"
