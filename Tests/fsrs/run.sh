#!/usr/bin/env bash
# The reference scheduler: py-fsrs (PyPI `fsrs`, the version in requirements.txt) in a
# project-local virtualenv, replaying the review histories given on stdin (replay.py).
#
#   Tests/fsrs/run.sh < histories.json     install (once) and replay
#   Tests/fsrs/run.sh --install-only       only create Tests/fsrs/.venv
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv"

if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('fsrs') != '6.3.2')" 2>/dev/null; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
fi
if [ "${1:-}" = "--install-only" ]; then
  exit 0
fi
exec "$venv/bin/python" "$here/replay.py"
