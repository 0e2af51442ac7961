#!/usr/bin/env bash
# scripts/build-linux-static.sh [--scratch-path FOLDER] [OUTPUT]
#
# Builds a self-contained schemalint for Linux (the release binary, .github/workflows/release.yml):
# the Swift runtime and Foundation (--static-swift-stdlib), libyaml, libxml2 and what libxml2 needs
# (ICU, zlib, liblzma), and the C++ runtime (libstdc++, libgcc's unwinder) are all linked from
# static archives, so the binary needs only glibc at run time. A plain `swift build` links libyaml
# and libxml2 dynamically: such a binary fails on a machine without them ("libyaml-0.so.2: cannot
# open shared object file"), and ICU's soname (libicuuc.so.72, .74, ...) ties it to one release of
# one distribution. The binary still needs a glibc at least as new as the build machine's
# (scripts/check-linux-binary.sh prints which).
#
# How: the CYAML and CLibXML2 system libraries find their flags through pkg-config, and their module
# maps link "yaml" and "xml2". This script writes its own yaml-0.1.pc and libxml-2.0.pc (the system
# ones' Cflags, and their `pkg-config --static` libraries) whose Libs start with -L FOLDER, a folder
# of links to the static archives only; SwiftPM puts these flags before every other library path,
# so the linker takes libyaml.a, libxml2.a, libicuuc.a, ... and libstdc++.a there before it sees
# a .so. -static-libgcc links libgcc's unwinder (libgcc_eh.a) instead of libgcc_s.so.
# The build uses its own scratch path, .build-static (or --scratch-path FOLDER), so it never
# disturbs .build (the first build there compiles swift-syntax in release mode: minutes; later ones
# are incremental). SCHEMALINT_WITHOUT_SWIFT_SOURCES=1 in the environment leaves out swift-syntax
# and the Swift readers (Package.swift), as for any build: a few minutes less, for a binary that
# lints no Swift sources (the test of this script builds that one).
#
# OUTPUT: where the stripped binary goes (default FOLDER/schemalint: .build-static/schemalint).
# Needs, besides Swift 6: pkg-config, gcc or clang, binutils, and the -dev packages with the
# archives (Debian and Ubuntu: libyaml-dev libxml2-dev libicu-dev zlib1g-dev liblzma-dev). Ends
# with scripts/check-linux-binary.sh on the binary (exit 1 when it needs a library outside glibc)
# and prints its size.
set -euo pipefail

usage() { echo "usage: $0 [--scratch-path FOLDER] [OUTPUT]" >&2; exit 2; }
fail() { echo "build-linux-static: $1" >&2; exit 1; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="$root/.build-static"
if [ "${1:-}" = --scratch-path ]; then
    [ "$#" -ge 2 ] && [ -n "$2" ] || usage
    scratch="$(realpath -m "$2")"
    shift 2
fi
[ "$#" -le 1 ] || usage
case "${1:-}" in -*) usage ;; esac
[ "$(uname -s)" = Linux ] || fail "builds Linux binaries only (this is $(uname -s))"

output="$(realpath -m "${1:-$scratch/schemalint}")"
cd "$root"

for tool in swift pkg-config strip readelf; do
    command -v "$tool" >/dev/null || fail "needs $tool on PATH"
done
if [ -n "${CC:-}" ]; then cc=$CC; elif command -v gcc >/dev/null; then cc=gcc; elif command -v clang >/dev/null; then cc=clang; else
    fail "needs gcc or clang on PATH (to find libstdc++.a and the other archives)"
fi
# Debian's and Ubuntu's library folder (x86_64-linux-gnu, aarch64-linux-gnu); gcc knows it.
multiarch="$("$cc" -print-multiarch 2>/dev/null || true)"
[ -n "$multiarch" ] || multiarch="$(uname -m)-linux-gnu"

packages=(yaml-0.1 libxml-2.0)
pkg-config --exists "${packages[@]}" || fail "pkg-config finds no yaml-0.1 or libxml-2.0: install libyaml-dev libxml2-dev pkg-config (scripts/setup.sh)"

# The archive lib$1.a: where the compiler finds it (its library path includes the multiarch
# folder), else in the packages' own libdir or the usual folders.
find_archive() {
    local name="lib$1.a" found folder
    found="$("$cc" -print-file-name="$name" 2>/dev/null || true)"
    if [ "${found#/}" != "$found" ] && [ -f "$found" ]; then readlink -f "$found"; return; fi
    for folder in $(pkg-config --variable=libdir "${packages[@]}" 2>/dev/null) \
        "/usr/lib/$multiarch" "/lib/$multiarch" /usr/local/lib /usr/lib64 /usr/lib; do
        if [ -f "$folder/$name" ]; then echo "$folder/$name"; return; fi
    done
    return 1
}

# glibc's own libraries stay dynamic (a static glibc cannot load NSS modules or iconv's gconv).
is_glibc() {
    case "$1" in c | m | dl | pthread | rt | util | resolv | anl | mvec) return 0 ;; *) return 1 ;; esac
}

link_folder="$scratch/static-link"
archives="$link_folder/lib"
pc_folder="$link_folder/pkgconfig"
rm -rf "$link_folder"
mkdir -p "$archives" "$pc_folder"

add_archive() {
    local path
    path="$(find_archive "$1")" || fail "found no static lib$1.a (Debian/Ubuntu: apt-get install libyaml-dev libxml2-dev libicu-dev zlib1g-dev liblzma-dev)"
    ln -sf "$path" "$archives/lib$1.a"
    echo "  lib$1.a -> $path"
}

echo "Static archives ($multiarch):"
for package in "${packages[@]}"; do
    libraries=()
    for flag in $(pkg-config --static --libs-only-l "$package"); do
        name="${flag#-l}"
        libraries+=("$flag")
        is_glibc "$name" || [ -e "$archives/lib$name.a" ] || add_archive "$name"
    done
    # -lstdc++ last: ICU is C++, and the linker searches an archive only for what is undefined
    # by the time it reaches it (the Swift runtime's own -lstdc++ comes before these flags).
    {
        echo "Name: $package"
        echo "Description: $package, linked statically (scripts/build-linux-static.sh)"
        echo "Version: $(pkg-config --modversion "$package")"
        echo "Cflags: $(pkg-config --cflags "$package")"
        echo "Libs: -L$archives ${libraries[*]} -lstdc++"
    } > "$pc_folder/$package.pc"
done
add_archive stdc++
[ -f "$("$cc" -print-file-name=libgcc_eh.a)" ] || fail "found no libgcc_eh.a (gcc's static unwinder, for -static-libgcc): install gcc"

build=(swift build -c release --product schemalint --scratch-path "$scratch" --static-swift-stdlib
    -Xswiftc -Xclang-linker -Xswiftc -static-libgcc)
export PKG_CONFIG_PATH="$pc_folder${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
echo "\$ ${build[*]}"
started=$SECONDS
"${build[@]}"
echo "Built in $((SECONDS - started)) s"
bin="$("${build[@]}" --show-bin-path)/schemalint"

mkdir -p "$(dirname "$output")"
rm -f "$output"
cp "$bin" "$output"
strip "$output"
"$root/scripts/check-linux-binary.sh" "$output"
"$output" --version >/dev/null || fail "$output does not run"
echo "$output: $(wc -c < "$output") bytes, stripped ($(( ($(wc -c < "$output") + 524288) / 1048576 )) MiB)"
