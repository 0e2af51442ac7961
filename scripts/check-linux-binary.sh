#!/usr/bin/env bash
# scripts/check-linux-binary.sh BINARY
#
# Proves that a Linux schemalint is self-contained (scripts/build-linux-static.sh, the release
# workflow): prints the shared libraries BINARY needs (its ELF NEEDED entries) and exits 1 when one
# is not part of glibc (libc, libm, the dynamic loader, ...), as libyaml-0.so.2, libxml2.so.2,
# libicuuc.so.74 or libstdc++.so.6 would be: those are missing on a machine without the -dev
# packages, or there in another version. Also prints the newest glibc symbol version it uses, the
# oldest glibc it runs on. Exit status 2 when BINARY is missing or not an ELF file.
set -euo pipefail

if [ "$#" -ne 1 ]; then echo "usage: $0 BINARY" >&2; exit 2; fi
binary=$1
[ -f "$binary" ] || { echo "check-linux-binary: no file $binary" >&2; exit 2; }

# glibc's own objects, on every architecture Debian and Ubuntu build for.
allowed() {
    case "$1" in
        libc.so.6 | libm.so.6 | libmvec.so.1 | libdl.so.2 | libpthread.so.0 | librt.so.1 | libutil.so.1 \
            | libresolv.so.2 | libanl.so.1) return 0 ;;
        ld-linux.so.* | ld-linux-*.so.* | ld64.so.*) return 0 ;; # the dynamic loader
        *) return 1 ;;
    esac
}

if command -v readelf >/dev/null; then
    readelf -h "$binary" >/dev/null 2>&1 || { echo "check-linux-binary: $binary is not an ELF file" >&2; exit 2; }
    needed="$(LC_ALL=C readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p')"
    glibc="$(LC_ALL=C readelf -V "$binary" | grep -o 'GLIBC_[0-9][0-9.]*' | sort -u -V | tail -n 1 || true)"
elif command -v objdump >/dev/null; then
    objdump -f "$binary" >/dev/null 2>&1 || { echo "check-linux-binary: $binary is not an ELF file" >&2; exit 2; }
    needed="$(LC_ALL=C objdump -p "$binary" | awk '$1 == "NEEDED" { print $2 }')"
    glibc="$(LC_ALL=C objdump -p "$binary" | grep -o 'GLIBC_[0-9][0-9.]*' | sort -u -V | tail -n 1 || true)"
else
    echo "check-linux-binary: needs readelf or objdump (binutils)" >&2
    exit 2
fi

echo "$binary needs:"
outside=()
if [ -z "$needed" ]; then echo "  (no shared library: linked fully statically)"; fi
while IFS= read -r library; do
    [ -n "$library" ] || continue
    if allowed "$library"; then
        echo "  $library"
    else
        echo "  $library   <- not part of glibc"
        outside+=("$library")
    fi
done <<< "$needed"
[ -z "$glibc" ] || echo "newest glibc symbol version: ${glibc#GLIBC_} (runs on glibc ${glibc#GLIBC_} or later)"

if [ "${#outside[@]}" -gt 0 ]; then
    echo "check-linux-binary: $binary is not self-contained: it needs ${outside[*]}, which a machine may lack or have in another version; link them statically (scripts/build-linux-static.sh)" >&2
    exit 1
fi
echo "$binary is self-contained: it needs only glibc"
