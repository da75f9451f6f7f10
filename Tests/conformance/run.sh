#!/usr/bin/env bash
# LSP conformance: every message booknotes sends, checked against the LSP types by
# pytest-lsp and lsprotocol, with real clients' capability profiles.
#
#   Tests/conformance/run.sh                 install (once) and run against a built binary
#   Tests/conformance/run.sh --install-only  only create Tests/conformance/.venv
#
# The binary is $BOOKNOTES_BINARY, else .build/debug/booknotes (built when missing).
# Extra arguments go to pytest.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$here/.venv"

install() {
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
  fi
  if ! "$venv/bin/python" -c "import pytest_lsp, lsprotocol, pytest_asyncio, yaml" 2>/dev/null; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
  fi
}

install
if [ "${1:-}" = "--install-only" ]; then
  exit 0
fi

if [ -z "${BOOKNOTES_BINARY:-}" ]; then
  BOOKNOTES_BINARY="$root/.build/debug/booknotes"
  if [ ! -x "$BOOKNOTES_BINARY" ]; then
    (cd "$root" && swift build --product booknotes)
  fi
fi
export BOOKNOTES_BINARY
cd "$here"
exec "$venv/bin/python" -m pytest -q "$@"
