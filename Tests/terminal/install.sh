#!/usr/bin/env bash
# The terminal tests drive `booknotes review` inside tmux (Debian's `tmux`): installed
# with apt-get when it is missing and this runs as root; otherwise it says what is missing.
set -euo pipefail
if command -v tmux >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null \
    || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null; }
fi
command -v tmux >/dev/null 2>&1 || { echo "tmux is missing: install Debian's tmux (apt-get install tmux)" >&2; exit 2; }
