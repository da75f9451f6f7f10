;;; booknotes.el --- BookNotes language server for Markdown notes  -*- lexical-binding: t; -*-

;; Use: (load "/path/to/editors/emacs/booknotes.el") with `booknotes' on your PATH,
;; then M-x eglot in a Markdown note.  eglot has no semantic highlighting; diagnostics,
;; quick fixes (M-x eglot-code-actions), hover and the outline (imenu) work.
;; With lsp-mode, use a version newer than 8.0: 8.0.0 counts columns in code points.

;;; Code:

(require 'eglot)

(add-to-list 'eglot-server-programs
             '((markdown-mode gfm-mode) . ("booknotes" "lsp")))

(provide 'booknotes)
;;; booknotes.el ends here
