#!/usr/bin/env bash
# A fuzz campaign over every target (or those named): coverage-guided, libFuzzer through
# cargo-fuzz on nightly Rust. See fuzz/README.md.
#
#   fuzz/campaign.sh [-r RUNS | -t SECONDS] [-j JOBS] [--merge] [TARGET...]
#
#   -r RUNS     executions per target (default 100000)
#   -t SECONDS  time per target instead
#   -j JOBS     fuzzing processes per target (default 1)
#   --merge     afterwards, add the inputs that reach new coverage to fuzz/corpus/TARGET
#   --list      print the targets and exit
#
# Every target runs in libFuzzer's fork mode, which keeps going after a failure: a panic or an
# abort (crash), an input running longer than 10 s (timeout), a process over 2048 MB (oom).
# Each failing input is copied to fuzz/regressions/TARGET, which the stable replay test
# (`cargo test -p nimber-fuzz --test replay`) runs from then on. The table at the end gives, per
# target, the executions, executions per second and failures; the exit status is 1 when any
# target failed.
#
# Environment: SANITIZER (default none: Rust is memory-safe and the campaign counts panics;
# `address` for ASan), TIMEOUT (default 10 s), RSS_LIMIT_MB (default 2048).
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD
runs=100000
seconds=
jobs=1
merge=0
targets=()
all=(problem_berzerk problem_enjapma problem_fivehundredeleven problem_gameindarkness
     problem_more_reclamation problem_pathgame notation params graph rule store checkpoint manifest http value)
while [ $# -gt 0 ]; do
    case "$1" in
        -r) runs=$2; seconds=; shift 2 ;;
        -t) seconds=$2; shift 2 ;;
        -j) jobs=$2; shift 2 ;;
        --merge) merge=1; shift ;;
        --list) printf '%s\n' "${all[@]}"; exit 0 ;;
        -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
        -*) echo "campaign.sh: unknown option $1" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
for t in "${targets[@]}"; do
    [ -f "fuzz/fuzz_targets/$t.rs" ] || { echo "campaign.sh: no target $t (see --list)" >&2; exit 2; }
done

sanitizer=${SANITIZER:-none}
timeout=${TIMEOUT:-10}
rss=${RSS_LIMIT_MB:-2048}
work=$root/target/fuzz
triple=$(rustc +nightly -vV | sed -n 's/^host: //p')
bin=$work/$triple/release

command -v cargo-fuzz >/dev/null || { echo "campaign.sh: needs cargo-fuzz: cargo install cargo-fuzz --version 0.13.2" >&2; exit 2; }
echo "building the targets (nightly, sanitizer $sanitizer, debug assertions)..."
(cd fuzz && cargo +nightly fuzz build -O -a -s "$sanitizer" --target-dir "$work" 2>&1 | tail -3) \
    || { echo "campaign.sh: the build failed" >&2; exit 2; }

# Inputs longer than this are not generated: texts stay small, stores and checkpoints hold blocks.
max_len() {
    case "$1" in
        store|checkpoint) echo 65536 ;;
        *) echo 8192 ;;
    esac
}

budget() {
    if [ -n "$seconds" ]; then echo "-max_total_time=$seconds"; else echo "-runs=$runs"; fi
}

rows=()
failed=0
for t in "${targets[@]}"; do
    corpus=$work/corpus/$t
    artifacts=$work/artifacts/$t
    log=$work/logs/$t.log
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")" "fuzz/regressions/$t"
    cp -n fuzz/corpus/"$t"/* "$corpus"/ 2>/dev/null || true
    cp -n fuzz/regressions/"$t"/* "$corpus"/ 2>/dev/null || true
    before=$(ls "$artifacts" | wc -l)
    echo "fuzzing $t ($(budget), $jobs job(s))..."
    start=$(date +%s)
    "$bin/$t" "$corpus" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        "$(budget)" -timeout="$timeout" -rss_limit_mb="$rss" -max_len="$(max_len "$t")" \
        -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1 || true
    elapsed=$(( $(date +%s) - start ))
    # The fork mode's status lines: `#RUNS: cov: ... exec/s: N oom/timeout/crash: O/T/C time: Ss ...`.
    last=$(grep -E '^#[0-9]+: cov:' "$log" | tail -1 || true)
    execs=$(sed -nE 's/^#([0-9]+):.*/\1/p' <<<"$last")
    oom=$(sed -nE 's#.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*#\1#p' <<<"$last")
    hang=$(sed -nE 's#.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*#\2#p' <<<"$last")
    crash=$(sed -nE 's#.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*#\3#p' <<<"$last")
    execs=${execs:-0}; oom=${oom:-?}; hang=${hang:-?}; crash=${crash:-?}
    rate=$(( execs / (elapsed > 0 ? elapsed : 1) ))
    new=0
    for f in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-*; do
        [ -e "$f" ] || continue
        name=$(basename "$f")
        if [ ! -e "fuzz/regressions/$t/$name" ]; then
            cp "$f" "fuzz/regressions/$t/$name"
            new=$((new + 1))
        fi
    done
    if [ "$crash" != 0 ] || [ "$hang" != 0 ] || [ "$oom" != 0 ] || [ "$new" != 0 ] || [ "$execs" = 0 ]; then
        failed=1
    fi
    rows+=("$(printf '%-26s %12s %9s %6s %8s %5s %10s' "$t" "$execs" "$rate" "$crash" "$hang" "$oom" "$new")")
    if [ "$merge" = 1 ]; then
        "$bin/$t" -merge=1 -timeout="$timeout" -rss_limit_mb="$rss" -max_len="$(max_len "$t")" \
            "fuzz/corpus/$t" "$corpus" >"$work/logs/$t.merge.log" 2>&1 || echo "  (merge failed: $work/logs/$t.merge.log)"
    fi
done

echo
printf '%-26s %12s %9s %6s %8s %5s %10s\n' target executions exec/s crash timeout oom regression
for row in "${rows[@]}"; do echo "$row"; done
echo "logs: target/fuzz/logs; new failing inputs are in fuzz/regressions (replayed by cargo test)"
exit $failed
