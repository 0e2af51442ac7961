#!/usr/bin/env bash
# scripts/setup.sh [--test-tools]
#
# Installs what building schemalint needs when it is missing: pkg-config, libyaml and libxml2
# (Debian/Ubuntu: apt-get; macOS: Homebrew). With --test-tools, also the Python tools the tests
# use (pre-commit, jsonschema, rfc3986-validator). Installs nothing that is already there; where
# it cannot install, says in one line what to install and exits 1.
set -euo pipefail

test_tools=false
for argument in "$@"; do
    case $argument in
        --test-tools) test_tools=true ;;
        *) echo "usage: scripts/setup.sh [--test-tools]" >&2; exit 2 ;;
    esac
done

refuse() { echo "setup: $1" >&2; exit 1; }

command -v swift >/dev/null || refuse "Swift 6 is not on PATH: install it from swift.org (or Xcode on macOS), then run this again"

if ! { command -v pkg-config >/dev/null && pkg-config --exists yaml-0.1 libxml-2.0; }; then
    if command -v apt-get >/dev/null; then
        if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else
            refuse "install libyaml-dev libxml2-dev pkg-config as root (apt-get install libyaml-dev libxml2-dev pkg-config)"
        fi
        echo "setup: installing libyaml-dev libxml2-dev pkg-config with apt-get" >&2
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libyaml-dev libxml2-dev pkg-config
    elif command -v brew >/dev/null; then
        echo "setup: installing libyaml libxml2 pkg-config with Homebrew" >&2
        brew install libyaml libxml2 pkg-config
        # Homebrew's libxml2 is keg-only: pkg-config finds it through its own folder.
        export PKG_CONFIG_PATH="$(brew --prefix libxml2)/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
    else
        refuse "neither apt-get nor Homebrew is here: install pkg-config, libyaml and libxml2 (with their headers) by hand"
    fi
    pkg-config --exists yaml-0.1 libxml-2.0 || refuse "pkg-config still finds no yaml-0.1 or libxml-2.0 after the install"
fi

if $test_tools && ! python3 -c "import pre_commit, jsonschema, rfc3986_validator, yaml" >/dev/null 2>&1; then
    command -v python3 >/dev/null || refuse "python3 is not on PATH: install Python 3, then run this again"
    echo "setup: installing pre-commit jsonschema rfc3986-validator pyyaml with pip" >&2
    python3 -m pip install --quiet --disable-pip-version-check $( [ "$(id -u)" -eq 0 ] && echo --root-user-action=ignore ) \
        pre-commit jsonschema rfc3986-validator pyyaml
fi
echo "setup: ready" >&2
