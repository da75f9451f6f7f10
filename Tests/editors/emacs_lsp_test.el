;;; emacs_lsp_test.el --- Emacs with markdown-mode and lsp-mode on the fixture library  -*- lexical-binding: t; -*-

;; Run by Tests/editors/run.sh with markdown-mode, lsp-mode and their dependencies on
;; the load path (unpacked by install.sh), before editors/emacs/booknotes.el is loaded:
;; `emacs --batch -L … -l emacs_lsp_test.el'. Prints one line per check and
;; `N passed, M failed'; exits non-zero when a check fails.

;;; Code:

(defvar bt-editor "emacs-lsp-mode")
;; What package.el does for installed packages: without lsp-mode's autoloads, the
;; buffer set-up stops at lsp-modeline and completion is never turned on.
(dolist (dir load-path)
  (when (string-match-p "/elpa-src/" dir)
    (dolist (file (directory-files dir t "-autoloads\\.el\\'"))
      (load file nil t))))
(require 'markdown-mode)
(require 'lsp-mode)
(setq lsp-session-file (expand-file-name "lsp-session" temporary-file-directory)
      lsp-headerline-breadcrumb-enable nil
      lsp-modeline-code-actions-enable nil
      lsp-modeline-diagnostics-enable nil
      lsp-enable-snippet nil
      lsp-semantic-tokens-warn-on-missing-face t)
(load (getenv "BOOKNOTES_EL"))
(load (expand-file-name "emacs_test_support.el" (file-name-directory load-file-name)))

(setq booknotes-client 'lsp-mode)
;; lsp-mode asks whether to import an unknown folder; a user answers once.
(lsp-workspace-folders-add (directory-file-name bt-library))

(defvar bt-note (bt-open (expand-file-name "thinking.md" bt-library)))

(bt-check "with markdown-mode installed, a note opens in booknotes-mode on markdown-mode"
  (bt-expect (eq major-mode 'booknotes-mode) "major mode %s" major-mode)
  (bt-expect (derived-mode-p 'markdown-mode) "booknotes-mode does not derive from markdown-mode"))

(bt-check "C-M-i is completion-at-point in booknotes-mode on markdown-mode"
  (bt-expect (eq (key-binding (kbd "C-M-i")) 'completion-at-point) "C-M-i runs %S" (key-binding (kbd "C-M-i"))))

(bt-check "lsp-mode connects to the server"
  (bt-wait 20 "lsp-mode" (lambda () (seq-find (lambda (w) (eq (lsp--client-server-id (lsp--workspace-client w)) 'booknotes))
                                              (lsp-workspaces)))))

(bt-check "lsp-mode colours the server's token types with the booknotes faces"
  (bt-wait 10 "the citation face" (lambda () (font-lock-ensure) (memq 'booknotes-citation (bt-faces-at "(p. 402)" 2))))
  (bt-expect (memq 'booknotes-property (bt-faces-at "authors:" 1)) "front-matter key: %S" (bt-faces-at "authors:" 1))
  (bt-expect (memq 'booknotes-quote (bt-faces-at "Nothing in life" 2)) "quote: %S" (bt-faces-at "Nothing in life" 2)))

(defun bt-lsp-ready ()
  "The current buffer's booknotes workspace once initialized, else nil."
  (seq-find (lambda (w) (and (eq (lsp--client-server-id (lsp--workspace-client w)) 'booknotes)
                             (eq (lsp--workspace-status w) 'initialized)))
            (lsp-workspaces)))

(bt-check "picking a tag on a last line without a line break ends"
  (let ((file (expand-file-name "last-line.md" bt-library)))
    (with-temp-file file (insert "# Last line\n\nSee #bo"))
    (with-current-buffer (bt-open file)
      (bt-wait 20 "lsp-mode" #'bt-lsp-ready)
      (goto-char (point-max))
      (bt-choose-completion "#bookclub" 10)
      (bt-expect (equal (buffer-string) "# Last line\n\nSee #bookclub") "the note reads %S" (buffer-string)))))

(bt-check "choosing a Google Books title in a new note gives correct front matter"
  (bt-choose-title-in-new-note #'bt-lsp-ready))

(bt-check "booknotes-search works through lsp-mode"
  (let ((hit (car (booknotes-search-xrefs "Simonides"))))
    (bt-expect hit "no search result")
    (bt-expect (equal (xref-location-group (xref-item-location hit)) (expand-file-name "memory.md" bt-library))
               "found in %s" (xref-location-group (xref-item-location hit)))))

(bt-check "booknotes-review through lsp-mode brings back a prompt graded again"
  (with-current-buffer (bt-open (expand-file-name "memory.md" bt-library))
    (bt-wait 20 "lsp-mode" #'bt-lsp-ready)
    (booknotes-review "Moonwalking"))
  (bt-review-shows "Review 1 of 1 · new · Moonwalking with Einstein")
  (bt-review-keys "SPC" "1")
  (bt-review-shows "Review 1 of 1 (back) · learning")
  (bt-review-keys "SPC" "4")
  (bt-expect (null (bt-review-text)) "the session goes on: %s" (bt-review-text))
  (bt-expect (equal (bt-logged-grades (bt-review-log)) '("1" "4")) "the log holds %S" (bt-review-log)))

(bt-finish)

;;; emacs_lsp_test.el ends here
