#!/bin/sh
# Installs libcmark, which `booknotes-bench parse` loads at run time to time cmark's
# parse of the same notes in the same process (it prints "n/a" without it).
set -e
if ! ldconfig -p 2>/dev/null | grep -q 'libcmark\.so'; then
  apt-get install -y libcmark-dev
fi
