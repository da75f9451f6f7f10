#!/usr/bin/env bash
# Builds the fuzzers (libFuzzer and AddressSanitizer) and runs each for a while.
#
#   Fuzz/run.sh [TARGET…] [SECONDS]     TARGET: parser, jsonrpc, googlebooks (default: all)
#
# SECONDS (default 60) is each fuzzer's run. The corpus grows in Fuzz/.work/corpus/TARGET
# (kept between runs); it starts from the seeds: Fuzz/seeds/TARGET, Fuzz/regressions/TARGET
# (inputs that once failed) and, for the parser, the notes of the test fixtures and of
# Tests/commonmark/notes. A failing input is written to Fuzz/.work/crashes/TARGET/ and the
# script exits with 1; copy it to Fuzz/regressions/TARGET/ so that `swift test` replays it.
#
# FUZZ_CONFIGURATION=debug builds faster and runs slower (default: release).
set -euo pipefail
cd "$(dirname "$0")"
fuzz=$PWD
root=$(cd .. && pwd)

targets=()
seconds=60
for argument in "$@"; do
  case "$argument" in
    parser | jsonrpc | googlebooks) targets+=("$argument") ;;
    '' | *[!0-9]*)
      echo "usage: Fuzz/run.sh [parser|jsonrpc|googlebooks]… [seconds]" >&2
      exit 2
      ;;
    *) seconds=$argument ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(parser jsonrpc googlebooks)
configuration=${FUZZ_CONFIGURATION:-release}

echo "== building the fuzzers ($configuration, libFuzzer and AddressSanitizer)"
start=$(date +%s)
mkdir -p "$fuzz/.work/logs"
# SwiftPM passes each --sanitize to swiftc as a -sanitize= flag of its own, in an order
# that changes from run to run, and swiftc keeps only the last of them: a build was
# either without coverage (fuzzer first) or without AddressSanitizer (address first).
# One flag naming both, after SwiftPM's, gives every Swift module both; SwiftPM's own
# flags still choose the runtimes to link.
flags=(--sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address)
# Coverage of edges in 8-bit counters with their table, without tracing comparisons
# (which `-sanitize=fuzzer` adds unless a coverage is named): a call per comparison costs
# a third of the parser fuzzer's time, and with libFuzzer's value profile off it guides
# only the mutations that splice in 4- and 8-byte operands. Without it the parser fuzzer
# runs twice the inputs in the same CPU time and reaches more coverage (Fuzz/README.md,
# "Where the parser fuzzer's time goes").
flags+=(-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table)
if ! swift build --package-path "$fuzz" -c "$configuration" "${flags[@]}" \
  >"$fuzz/.work/logs/build.log" 2>&1; then
  grep -E "error:" "$fuzz/.work/logs/build.log" | head -n 20
  echo "the build failed; log: Fuzz/.work/logs/build.log"
  exit 1
fi
binaries=$(swift build --package-path "$fuzz" -c "$configuration" "${flags[@]}" --show-bin-path)
echo "built in $(($(date +%s) - start)) s"

# Whether the build is instrumented for coverage: libFuzzer names its counters. A build
# without them would fuzz blind (see the flags above), which fails the run rather than
# passing it off as coverage-guided.
for target in "${targets[@]}"; do
  counters=$("$binaries/fuzz-$target" -runs=0 2>&1 | sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p' | head -n 1)
  if [ "${counters:-0}" -lt 1000 ]; then
    echo "fuzz-$target is not instrumented for coverage (${counters:-0} counters); log: Fuzz/.work/logs/build.log"
    exit 1
  fi
done

# Longest input per fuzzer: a note with an edit script, a few framed messages, a
# Google Books answer (the largest recorded one is 36 KB).
max_len() {
  case "$1" in
    parser) echo 4096 ;;
    jsonrpc) echo 16384 ;;
    googlebooks) echo 65536 ;;
  esac
}

# libFuzzer's scheduling per fuzzer. The parser's inputs keep finding new features for
# minutes (its corpus grows by thousands of inputs), and entropic scheduling revisits
# every input of the corpus for each new feature: from an empty corpus that took 45% of
# the parser fuzzer's time, over twice the time of the checks. Without it the parser
# fuzzer runs twice the inputs in the same CPU time and reaches as much coverage in the
# same time (Fuzz/README.md, "Where the parser fuzzer's time goes").
scheduling() {
  case "$1" in
    parser) echo -entropic=0 ;;
  esac
}

# Seeds that live elsewhere in the repository, copied in so each run starts from them.
gather_seeds() {
  local target=$1 into=$2
  mkdir -p "$into"
  case "$target" in
    parser)
      cp "$root"/Tests/NoteSyntaxTests/Fixtures/*.md "$root"/Tests/commonmark/notes/*.md "$into"/
      find "$root/Tests/editors/library" -name '*.md' -exec cp {} "$into"/ \;
      ;;
    googlebooks) cp "$root"/Tests/GoogleBooks/fixtures/*.json "$into"/ ;;
  esac
}

# The Swift runtime's own crash reporter would race AddressSanitizer's; libFuzzer
# reports the failure (the property's message comes first, from fatalError).
export SWIFT_BACKTRACE=enable=no
replay_options=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
# While fuzzing, AddressSanitizer records no stack for each allocation and free
# (malloc_context_size=0): it finds the same errors, and recording the stacks was a
# tenth of the parser fuzzer's time (Fuzz/README.md). A failing input is replayed once
# with the stacks, so its report still says where the memory was allocated and freed.
fuzz_options=${ASAN_OPTIONS:-$replay_options:malloc_context_size=0}

failed=0
for target in "${targets[@]}"; do
  work="$fuzz/.work"
  corpus="$work/corpus/$target"
  seeds="$work/seeds/$target"
  crashes="$work/crashes/$target"
  log="$work/logs/$target.log"
  mkdir -p "$corpus" "$crashes" "$work/logs" "$fuzz/regressions/$target"
  rm -rf "$seeds"
  gather_seeds "$target" "$seeds"
  echo "== fuzz-$target for $seconds s"
  # The fuzzer writes each input that finds something new as a file of the first
  # folder, and deletes one that a shorter input replaces: thousands a minute. On a disk
  # that many builds write to, creating those files took a fifth of the parser
  # fuzzer's time (ext4 looks for an inode not recently freed), so it writes into
  # memory (/dev/shm) and the corpus is copied back after the run.
  running=$corpus
  if [ -d /dev/shm ] && [ -w /dev/shm ]; then
    running=$(mktemp -d /dev/shm/booknotes-fuzz-corpus.XXXXXX)
    cp -R "$corpus/." "$running/"
  fi
  status=0
  # -reload=0: no other process adds to the corpus, so the fuzzer does not list and
  # read its folder again every second (thousands of files: 2% of the parser
  # fuzzer's time).
  ASAN_OPTIONS=$fuzz_options "$binaries/fuzz-$target" "$running" "$fuzz/seeds/$target" \
    "$fuzz/regressions/$target" "$seeds" -dict="$fuzz/dictionaries/$target.dict" -max_len="$(max_len "$target")" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -reload=0 $(scheduling "$target") \
    -artifact_prefix="$crashes/" -print_final_stats=1 >"$log" 2>&1 || status=$?
  if [ "$running" != "$corpus" ]; then
    rm -rf "$corpus"
    mkdir -p "$corpus"
    cp -R "$running/." "$corpus/"
    rm -rf "$running"
  fi
  # The last status line: executions, coverage (edges), features, corpus.
  grep -E '^#[0-9]+' "$log" | tail -n 1 || true
  grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb' "$log" || true
  if [ "$status" -ne 0 ]; then
    failed=1
    echo "fuzz-$target FAILED (status $status); log: $log"
    grep -E 'Fatal error|ERROR: AddressSanitizer|ERROR: libFuzzer|SUMMARY' "$log" | head -n 5 || true
    ls "$crashes"
    # The newest failing input again, with the allocation and free stacks.
    failing=$(ls -t "$crashes" | head -n 1)
    if [ -n "$failing" ]; then
      ASAN_OPTIONS=$replay_options "$binaries/fuzz-$target" -timeout=10 -rss_limit_mb=2048 "$crashes/$failing" >"$log.replay" 2>&1 || true
      echo "replayed with AddressSanitizer's stacks: $log.replay"
    fi
  fi
done
exit "$failed"
