#!/usr/bin/env bash
# Runs cmark_blocks.py (the block structure cmark-gfm gives), installing Debian's
# cmark-gfm first when it is missing and this runs as root. Without it, exits 3 with a
# message saying so. `--install-only` installs and exits.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v cmark-gfm >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing cmark-gfm with apt-get" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y cmark-gfm >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y cmark-gfm >/dev/null; }
  else
    echo "cmark-gfm is not installed (as root, Tests/commonmark/run.sh installs it with apt-get)" >&2
    exit 3
  fi
fi
if [ "${1:-}" = "--install-only" ]; then exit 0; fi
exec python3 "$here/cmark_blocks.py" "$@"
