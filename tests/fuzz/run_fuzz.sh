#!/bin/sh
# run_fuzz.sh TARGET SECONDS SEED...: fuzz TARGET for SECONDS from a fresh copy of the seeds,
# with a fixed seed for the fuzzer's own randomness; fails on any crash, leak or sanitizer
# report. Prints libFuzzer's closing statistics.
set -eu
target=$1
seconds=$2
shift 2
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
i=0
for seed in "$@"; do	# seeds may share a base name
	i=$((i + 1))
	cp "$seed" "$corpus/seed-$i"
done
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} "$target" -max_total_time="$seconds" -seed=1 \
	-max_len=65536 -timeout=10 -print_final_stats=1 -artifact_prefix="$corpus/" "$corpus" \
	2>"$corpus/log" || { tail -40 "$corpus/log"; exit 1; }
grep -E "^stat::(number_of_executed_units|peak_rss_mb|new_units_added)" "$corpus/log" || true
