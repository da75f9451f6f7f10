#!/bin/sh
# Installs the peer language servers that `booknotes-bench lsp` compares against
# (rumdl and panache, from PyPI) into bench-data/peers-venv.
#
#   Benchmarks/peers.sh            # then: swift run -c release booknotes-bench lsp
#
# The benchmark finds them there, or in the directory BOOKNOTES_PEERS_BIN names,
# or on PATH.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/bench-data/peers-venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --upgrade rumdl panache-cli
"$venv/bin/rumdl" --version
"$venv/bin/panache" --version
