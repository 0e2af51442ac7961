#!/usr/bin/env bash
# Assembles schemalint's SwiftPM artifact bundle (SE-0305) from built binaries, for
# `.binaryTarget(name: "schemalint", url: ".../schemalint-VERSION.artifactbundle.zip", checksum: ...)`.
#
#   scripts/make-artifactbundle.sh VERSION OUTPUT_FOLDER BINARY=TRIPLE[,TRIPLE...]...
#
# Each BINARY is a built schemalint executable and the target triples it runs on, e.g.
#   .build/release/schemalint=x86_64-unknown-linux-gnu
#   dist/macos-arm64/schemalint=arm64-apple-macosx
# Writes OUTPUT_FOLDER/schemalint-VERSION.artifactbundle/ with info.json (schemaVersion 1.0, one
# executable artifact "schemalint" with one variant per BINARY, at
# schemalint-VERSION-FIRST_TRIPLE/bin/schemalint), replacing an earlier bundle of that version, and
# the bundle's .zip beside it when `zip` is installed. Prints the zip's path and SHA-256 (SwiftPM's
# checksum) last. Exit status 2 on bad arguments.
set -euo pipefail

usage() {
    echo "usage: $0 VERSION OUTPUT_FOLDER BINARY=TRIPLE[,TRIPLE...]..." >&2
    [ -n "${1:-}" ] && echo "error: $1" >&2
    exit 2
}

[ "$#" -ge 3 ] || usage "expected a version, an output folder and at least one BINARY=TRIPLE"
version=$1
output=$2
shift 2
# Names go into info.json and paths unquoted, so they are restricted to safe characters.
[[ "$version" =~ ^[A-Za-z0-9][A-Za-z0-9._+-]*$ ]] || usage "version '$version' may hold only letters, digits and . _ + -"

bundle_name="schemalint-$version.artifactbundle"
staging=$(mktemp -d "${TMPDIR:-/tmp}/schemalint-artifactbundle.XXXXXX")
trap 'rm -rf "$staging"' EXIT
bundle="$staging/$bundle_name"
mkdir -p "$bundle"

variants=""
for argument in "$@"; do
    binary=${argument%=*}
    triples=${argument##*=}
    [ "$binary" != "$argument" ] && [ -n "$binary" ] && [ -n "$triples" ] || usage "'$argument' is not BINARY=TRIPLE[,TRIPLE...]"
    [ -f "$binary" ] && [ -x "$binary" ] || usage "'$binary' is not an executable file"
    triple_list=""
    IFS=',' read -r -a split <<< "$triples"
    for triple in "${split[@]}"; do
        [[ "$triple" =~ ^[A-Za-z0-9_]+-[A-Za-z0-9_.-]+$ ]] || usage "'$triple' is not a target triple (e.g. x86_64-unknown-linux-gnu)"
        triple_list+="${triple_list:+, }\"$triple\""
    done
    folder="schemalint-$version-${split[0]}"
    [ ! -e "$bundle/$folder" ] || usage "two binaries for the triple '${split[0]}'"
    mkdir -p "$bundle/$folder/bin"
    cp "$binary" "$bundle/$folder/bin/schemalint"
    chmod 755 "$bundle/$folder/bin/schemalint"
    variants+="${variants:+,
}        {\"path\": \"$folder/bin/schemalint\", \"supportedTriples\": [$triple_list]}"
done

cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "schemalint": {
      "version": "$version",
      "type": "executable",
      "variants": [
$variants
      ]
    }
  }
}
JSON

mkdir -p "$output"
rm -rf "${output:?}/$bundle_name" "${output:?}/$bundle_name.zip"
if command -v zip >/dev/null; then
    (cd "$staging" && zip -q -r -X "$bundle_name.zip" "$bundle_name")
    mv "$staging/$bundle_name.zip" "$output/"
fi
mv "$bundle" "$output/"
echo "$output/$bundle_name"
if [ -f "$output/$bundle_name.zip" ]; then
    if command -v sha256sum >/dev/null; then sum=$(sha256sum "$output/$bundle_name.zip"); else sum=$(shasum -a 256 "$output/$bundle_name.zip"); fi
    echo "$output/$bundle_name.zip ${sum%% *}"
fi
