#!/usr/bin/env bash
# The long soak: the seeded random client of SoakTests against the release build of
# `booknotes lsp`, for 100,000 edits unless told otherwise.
#
#     Tests/soak/run.sh [EDITS] [SEED] [ENCODING]
#
# It prints one line with the edits, requests, checks, time and the server's resident
# memory after opening, after a tenth of the edits and at the end, and fails on any
# failure the test records (a desynchronised note, an error answer, a crash or a hang).
set -euo pipefail
cd "$(dirname "$0")/../.."
edits=${1:-100000}
seed=${2:-20261201}
encoding=${3:-utf-16}
swift build -c release --product booknotes
swift build -c release --product booknotes-fetch
swift build --build-tests
BOOKNOTES_BINARY="$PWD/.build/release/booknotes" BOOKNOTES_SOAK_EDITS="$edits" BOOKNOTES_SOAK_SEED="$seed" \
  BOOKNOTES_SOAK_ENCODING="$encoding" swift test --skip-build --filter SoakTests
