#!/usr/bin/env bash
# scripts/fuzz.sh [HARNESS|all|build] [SECONDS] [LIBFUZZER_OPTIONS...]
#
# Builds Fuzz/schemalint-fuzz with libFuzzer and AddressSanitizer into .build-fuzz, then fuzzes
# each harness (or the one named) for SECONDS (default 60) at low priority, as many at once as
# there are cores (FUZZ_JOBS=N to choose).
# `build` only builds. The Swift readers' harness, swift-source, is its own executable
# (Fuzz/schemalint-fuzz-swift, which links swift-syntax, built without the sanitizers for speed):
# only `scripts/fuzz.sh swift-source` builds and runs it; `all` skips it with a message. See docs/fuzzing.md.
#
# Exit status: 0 no bug found; 1 a harness crashed, hung or ran out of memory (the input is saved
# under $FUZZ_ARTIFACTS/HARNESS/, default .build-fuzz/artifacts); 2 bad arguments; 3 this toolchain
# cannot build the harnesses (not Linux, no libFuzzer runtime, no lld, or the sanitizer build fails).
#
# Seeds: Fuzz/seeds/HARNESS/, the inputs fuzzing found (Tests/SchemaLint*Tests/Fixtures/fuzz/HARNESS/),
# the examples, and ../shared/corpus when it is beside the project,
# copied into a temporary folder for the run. What the fuzzer learns is kept in
# .build-fuzz/corpus/HARNESS/ for the next run.
set -euo pipefail
cd "$(dirname "$0")/.."

harnesses=(yaml-model xcode-contents xcode-elements current-version mapping-model cloudkit-schema configuration lock baseline objc-store-code info-plist cloudkit-containers xcode-project)
# Built on request only: swift-syntax with the sanitizers takes many minutes (docs/fuzzing.md).
swift_harness=swift-source
scratch=.build-fuzz
shared=../shared/corpus
artifacts=${FUZZ_ARTIFACTS:-$scratch/artifacts}

usage() { echo "usage: scripts/fuzz.sh [${harnesses[*]// /|}|$swift_harness|all|build] [SECONDS] [LIBFUZZER_OPTIONS...]" >&2; exit 2; }
which=${1:-all}
seconds=${2:-60}
# FUZZ_CONFIGURATION=debug builds the harnesses unoptimised: a fraction of the release build's
# time, for a short run that replays the seeds (CI's); they then run fewer inputs a second.
configuration=${FUZZ_CONFIGURATION:-release}
case $configuration in release|debug) ;; *) echo "fuzz: FUZZ_CONFIGURATION is release or debug, not '$configuration'" >&2; exit 2 ;; esac
shift $(( $# < 2 ? $# : 2 ))
[[ $seconds =~ ^[0-9]+$ ]] || usage
case " ${harnesses[*]} $swift_harness all build " in *" $which "*) ;; *) usage ;; esac

# --- can this toolchain build the harnesses? ---
cannot() { echo "fuzz: skipped: this toolchain cannot build the libFuzzer harnesses: $1" >&2; exit 3; }
[ "$(uname -s)" = Linux ] || cannot "the build flags are for Linux (found $(uname -s))"
swiftc=$(command -v swiftc) || cannot "no swiftc on PATH"
toolchain=$(dirname "$(readlink -f "$swiftc")")/..
runtime=$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-"$(uname -m)".a 2>/dev/null | head -n 1)
[ -n "$runtime" ] || cannot "no libclang_rt.fuzzer_no_main in $toolchain/lib/clang"
[ -x "$toolchain/bin/ld.lld" ] || command -v ld.lld >/dev/null || cannot "no ld.lld (the gold linker cannot link AddressSanitizer's code)"

# --- build ---
# The whole package is built with AddressSanitizer and libFuzzer's coverage; only the harness
# links libFuzzer (without its main: the harness calls LLVMFuzzerRunDriver). Tools that run during
# the build (SwiftPM plugins' tools, if any) run under AddressSanitizer too, hence detect_leaks=0.
# swift-source instruments only the project's own targets (SCHEMALINT_FUZZ_OWN_CODE, Package.swift):
# swift-syntax's optimised build with the sanitizers did not finish in 95 minutes on a 2-core
# machine, and its debug build runs 2 inputs a second (docs/fuzzing.md). It has its own scratch
# folder, since the two builds' flags differ.
product=schemalint-fuzz
instrument_everything=(-Xswiftc -sanitize=address
    -Xswiftc -sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table)
own_code_only=
if [ "$which" = "$swift_harness" ]; then
    product=schemalint-fuzz-swift
    instrument_everything=()
    own_code_only=1
    scratch=.build-fuzz-swift
    artifacts=${FUZZ_ARTIFACTS:-$scratch/artifacts}
fi
echo "fuzz: building $product ($configuration) with libFuzzer and AddressSanitizer in $scratch" >&2
# The normal build compiles the harnesses' code (all but the libFuzzer call), so a failure here
# is the toolchain's.
if ! SCHEMALINT_FUZZ_OWN_CODE=$own_code_only ASAN_OPTIONS=detect_leaks=0 nice -n 10 swift build -c "$configuration" --scratch-path "$scratch" --product "$product" \
    -Xswiftc -DSCHEMALINT_FUZZING \
    ${instrument_everything[@]+"${instrument_everything[@]}"} \
    -Xswiftc -use-ld=lld \
    -Xlinker "$runtime" -Xlinker -lstdc++ >&2
then
    cannot "the build with -sanitize=address and libFuzzer failed (its output is above)"
fi
binary=$scratch/$configuration/$product
[ "$which" = build ] && exit 0

# --- seeds ---
seeds_root=$(mktemp -d "${TMPDIR:-/tmp}/schemalint-fuzz-seeds.XXXXXX")
trap 'rm -rf "$seeds_root"' EXIT

# copy_seeds DEST FILE...: copies each file that exists, named by a checksum of its path (many
# are called `contents`) and its own name.
copy_seeds() {
    local dest=$1 file; shift
    mkdir -p "$dest"
    for file in "$@"; do
        if [ -f "$file" ]; then cp "$file" "$dest/$(printf '%s' "$file" | cksum | cut -d ' ' -f 1)-$(basename "$file")"; fi
    done
    return 0
}

# shared_files NAME: the files called NAME in the shared Xcode corpus, one a line (none without it).
shared_files() {
    if [ -d "$shared/xcdatamodeld" ]; then find "$shared/xcdatamodeld" -name "$1" -type f; fi
}

seed() {
    local harness=$1 dest=$seeds_root/$1
    copy_seeds "$dest" Fuzz/seeds/"$harness"/* Tests/SchemaLintTests/Fixtures/fuzz/"$harness"/* Tests/SchemaLintSwiftDataTests/Fixtures/fuzz/"$harness"/*
    case $harness in
        yaml-model) copy_seeds "$dest" examples/*/*.yaml "$shared"/yaml-test-suite/*/in.yaml ;;
        xcode-contents)
            copy_seeds "$dest" examples/xcode/*.xcdatamodeld/*.xcdatamodel/contents
            while IFS= read -r file; do copy_seeds "$dest" "$file"; done < <(shared_files contents) ;;
        xcode-elements) ;;
        current-version)
            copy_seeds "$dest" examples/xcode/*.xcdatamodeld/.xccurrentversion
            while IFS= read -r file; do copy_seeds "$dest" "$file"; done < <(shared_files .xccurrentversion) ;;
        mapping-model)
            while IFS= read -r file; do copy_seeds "$dest" "$file"; done < <(shared_files xcmapping.xml) ;;
        cloudkit-schema) copy_seeds "$dest" examples/*/*.ckdb ;;
        configuration) copy_seeds "$dest" .schemalint.yml examples/*/.schemalint.yml ;;
        lock) copy_seeds "$dest" examples/*/schemalint.lock ;;
        baseline) copy_seeds "$dest" "$shared"/yaml-test-suite/*/in.json ;;
        swift-source)
            copy_seeds "$dest" examples/swiftdata/*.swift Tests/SchemaLintTests/Fixtures/store-code/*/*/*.swift
            # The example's files as one input too, NUL between files, as the harness splits them.
            local file first=1
            for file in examples/swiftdata/*.swift; do
                [ $first = 1 ] || printf '\0'
                first=0
                cat "$file"
            done > "$dest/examples-swiftdata-all.swift" ;;
        objc-store-code) ;;
        info-plist) ;;
        cloudkit-containers) copy_seeds "$dest" Fuzz/seeds/objc-store-code/* ;;
        xcode-project) ;;
    esac
}

# Inputs larger than this are not generated (seeds are cut to it): big enough for a whole small
# model, small enough to keep executions fast.
max_len() {
    case $1 in
        xcode-contents|xcode-elements|mapping-model|objc-store-code|cloudkit-containers|xcode-project) echo 16384 ;;
        current-version) echo 2048 ;;
        swift-source) echo 8192 ;;
        *) echo 4096 ;;
    esac
}

# --- fuzz ---
[ "$which" = all ] && selected=("${harnesses[@]}") || selected=("$which")
if [ "$which" = all ]; then
    echo "fuzz: $swift_harness skipped: run scripts/fuzz.sh $swift_harness SECONDS (it builds swift-syntax with the sanitizers first)" >&2
fi
# Each harness runs on one core: as many run at once as there are cores (FUZZ_JOBS to choose),
# and their summaries are printed in the harnesses' order once all have ended.
jobs_at_once=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
[[ $jobs_at_once =~ ^[1-9][0-9]*$ ]] || jobs_at_once=1
mkdir -p "$scratch/logs"
running=0
for harness in "${selected[@]}"; do
    seed "$harness"
    corpus=$scratch/corpus/$harness
    mkdir -p "$corpus" "$artifacts/$harness"
    log=$scratch/logs/$harness.log
    echo "fuzz: $harness for ${seconds}s ($(ls "$seeds_root/$harness" | wc -l) seeds); log: $log" >&2
    rm -f "$scratch/logs/$harness.status"
    if [ "$running" -ge "$jobs_at_once" ]; then wait -n || true; running=$((running - 1)); fi
    (
        harness_status=0
        nice -n 10 "$binary" "$harness" \
            -dict=Fuzz/dictionaries/"$harness".dict \
            -max_len="$(max_len "$harness")" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
            -max_total_time="$seconds" -print_final_stats=1 \
            -artifact_prefix="$artifacts/$harness/" \
            "$@" "$corpus" "$seeds_root/$harness" > "$log" 2>&1 || harness_status=$?
        echo "$harness_status" > "$scratch/logs/$harness.status"
    ) &
    running=$((running + 1))
done
wait
status=0
for harness in "${selected[@]}"; do
    log=$scratch/logs/$harness.log
    harness_status=$(cat "$scratch/logs/$harness.status" 2>/dev/null || echo 1)
    # The last status line and the final statistics: executions, speed, coverage.
    summary=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "fuzz: $harness: ${runs:-?} executions, ${speed:-?} exec/s; ${summary:-no status line}" >&2
    if [ "$harness_status" -ne 0 ]; then
        echo "fuzz: $harness FAILED (exit $harness_status); the input is in $artifacts/$harness/:" >&2
        grep -E '^==[0-9]+==ERROR|Fatal error|^SUMMARY|Test unit written' "$log" | head -n 5 >&2 || true
        status=1
    fi
done
exit $status
