#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer (with LeakSanitizer) or
# ThreadSanitizer.
#
#   Fuzz/sanitizers.sh [address] [thread]      (default: address)
#
# ThreadSanitizer cannot see Synchronization.Mutex's waiting on Linux (a futex in the
# uninstrumented standard library); every lock here is a `Lock` (Sources/Locking),
# which tells the sanitizer when it is taken and given back (DEVELOPERS.md).
#
# Each sanitizer builds in a folder of its own (.build-address, .build-thread), so the
# usual .build is left alone and a second run rebuilds only what changed. The
# end-to-end tests start the `booknotes` built beside the tests, so the server runs
# under the sanitizer too. Any report fails the run (halt_on_error for AddressSanitizer,
# exitcode for ThreadSanitizer), and the test log is kept in .build-SANITIZER/test.log.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address)

# The Swift runtime's crash reporter would race the sanitizer's own report.
export SWIFT_BACKTRACE=enable=no
# The sanitizers do not link into a static executable (see Package.swift).
export BOOKNOTES_DYNAMIC_SERVER=1
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1}
# Leaks in the toolchain's and the system's libraries, each named in the file.
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=0:exitcode=66:second_deadlock_stack=1}
# A sanitized server runs several times slower: the tests' waits are made longer.
export BOOKNOTES_TEST_TIMEOUT_SCALE=${BOOKNOTES_TEST_TIMEOUT_SCALE:-5}

failed=0
for sanitizer in "${sanitizers[@]}"; do
  case "$sanitizer" in
    address | thread) ;;
    *)
      echo "usage: Fuzz/sanitizers.sh [address] [thread]" >&2
      exit 2
      ;;
  esac
  build=".build-$sanitizer"
  export BOOKNOTES_SANITIZER=$sanitizer
  mkdir -p "$build"
  echo "== swift build --build-tests --sanitize=$sanitizer"
  start=$(date +%s)
  if ! swift build --build-tests --sanitize="$sanitizer" --build-path "$build" >"$build/build.log" 2>&1; then
    grep -E "error:" "$build/build.log" | head -n 20
    echo "the build failed; log: $build/build.log"
    exit 1
  fi
  built=$(date +%s)
  echo "built in $((built - start)) s"
  echo "== swift test --sanitize=$sanitizer"
  status=0
  swift test --skip-build --sanitize="$sanitizer" --build-path "$build" >"$build/test.log" 2>&1 || status=$?
  echo "tests ran in $(($(date +%s) - built)) s"
  grep -E "Test run with|Executed [0-9]+ tests" "$build/test.log" | tail -n 2 || true
  if [ "$status" -ne 0 ] || grep -qE "^(==[0-9]+==ERROR|WARNING: ThreadSanitizer|SUMMARY: (Address|Thread)Sanitizer)" "$build/test.log"; then
    failed=1
    echo "$sanitizer: FAILED (status $status); log: $build/test.log"
    grep -E "==ERROR|WARNING: ThreadSanitizer|SUMMARY:|✘" "$build/test.log" | head -n 20 || true
  else
    echo "$sanitizer: clean"
  fi
done
exit "$failed"
