;;; emacs_test.el --- Emacs with eglot on the fixture library  -*- lexical-binding: t; -*-

;; Run by Tests/editors/run.sh after editors/emacs/booknotes.el is loaded, as
;; `emacs --batch -l booknotes.el -l emacs_test.el'. BOOKNOTES_LIBRARY is a copy of
;; Tests/editors/library, BOOKNOTES_SETTINGS the server's settings as JSON. Prints one
;; line per check and `N passed, M failed'; exits non-zero when a check fails.

;;; Code:

(require 'eglot)
(require 'flymake)
(require 'imenu)
(require 'json)

(load (expand-file-name "emacs_test_support.el" (file-name-directory load-file-name)))

(defvar bt-note (bt-open (expand-file-name "thinking.md" bt-library)))

(bt-check "a note opens in booknotes-mode (on text-mode without markdown-mode) and eglot connects"
  (bt-expect (eq major-mode 'booknotes-mode) "major mode %s" major-mode)
  (bt-expect (derived-mode-p (if (fboundp 'markdown-mode) 'markdown-mode 'text-mode))
             "booknotes-mode is not based on the right mode")
  (let ((server (bt-wait 15 "the server" #'eglot-current-server)))
    (bt-expect (jsonrpc-running-p server) "the server is not running")
    (bt-expect (equal (file-name-as-directory (expand-file-name (project-root (eglot--project server))))
                      (expand-file-name bt-library))
               "the project is %s" (project-root (eglot--project server)))))

(bt-check "booknotes-mode colours clozes, questions and hashtags without semantic tokens"
  (font-lock-ensure)
  (bt-expect (memq 'booknotes-cloze-answer (bt-faces-at "(slow)" 1)) "cloze answer: %S" (bt-faces-at "(slow)" 1))
  (bt-expect (memq 'booknotes-question (bt-faces-at "What does System 1" 2)) "question: %S"
             (bt-faces-at "What does System 1" 2))
  (bt-expect (memq 'booknotes-hashtag (bt-faces-at "#psychology" 3)) "hashtag: %S" (bt-faces-at "#psychology" 3)))

(bt-check "booknotes-mode leaves tags in fenced code blocks uncoloured"
  (with-current-buffer (bt-open (expand-file-name "fences.md" bt-library))
    (insert "# Fences\n\nBefore #outside\n\n```sh\necho #inside-backticks\n```\n\n"
            "~~~~\n#inside-tildes\n~~~\nstill #inside-tildes\n~~~~\n\nAfter #after\n")
    (font-lock-ensure)
    (dolist (tag '("#outside" "#after"))
      (bt-expect (memq 'booknotes-hashtag (bt-faces-at tag 1)) "%s: %S" tag (bt-faces-at tag 1)))
    (dolist (tag '("#inside-backticks" "#inside-tildes" "still #inside-tildes"))
      (bt-expect (not (memq 'booknotes-hashtag (bt-faces-at tag (- (length tag) 2))))
                 "%s: %S" tag (bt-faces-at tag (- (length tag) 2))))
    (set-buffer-modified-p nil)
    (kill-buffer)))

(bt-check "flymake shows the malformed cloze's diagnostic"
  (let ((diagnostic (bt-wait 10 "cloze-missing-answer" (lambda () (bt-diagnostic "cloze-missing-answer")))))
    (bt-goto "?[estimate]")
    (bt-expect (= (line-number-at-pos (flymake-diagnostic-beg diagnostic)) (line-number-at-pos))
               "the diagnostic is on line %d" (line-number-at-pos (flymake-diagnostic-beg diagnostic)))))

(bt-check "the quick fix applies"
  (bt-goto "?[estimate]")
  (eglot-code-actions (line-beginning-position) (line-end-position) "quickfix" t)
  (bt-wait 5 "the fix" (lambda () (save-excursion (goto-char (point-min)) (search-forward "?[estimate]()" nil t))))
  (bt-wait 10 "the diagnostic to go" (lambda () (null (bt-diagnostic "cloze-missing-answer")))))

(bt-check "the missing-answer fix adds A: after the last line of a two-line question"
  (goto-char (point-max))
  (let ((start (point)))
    (insert "\nQ: Which system is\nslow and lazy?\n")
    (bt-wait 10 "qa-missing-answer" (lambda () (bt-diagnostic "qa-missing-answer")))
    (bt-goto "slow and lazy?")
    (eglot-code-actions (line-beginning-position) (line-end-position) "quickfix" t)
    (bt-wait 5 "the A: line"
             (lambda () (equal (buffer-substring-no-properties start (point-max))
                               "\nQ: Which system is\nslow and lazy?\nA: \n")))
    (bt-wait 10 "the diagnostic to go" (lambda () (null (bt-diagnostic "qa-missing-answer"))))
    (delete-region start (point-max))))

(bt-check "C-M-i completes a tag used only in an unopened note (not ispell)"
  (bt-expect (eq (key-binding (kbd "C-M-i")) 'completion-at-point) "C-M-i runs %S" (key-binding (kbd "C-M-i")))
  (goto-char (point-max))
  (insert "\nSee #bo")
  ;; Asked again, as a user would, while the library is still being indexed (the tag
  ;; is known only from the index).
  (bt-wait 10 "the completion"
           (lambda ()
             (or (equal (buffer-substring (line-beginning-position) (point)) "See #bookclub")
                 (progn (call-interactively (key-binding (kbd "C-M-i"))) nil))))
  (bt-expect (equal (thing-at-point 'line t) "See #bookclub")
             "the line is %S" (thing-at-point 'line t)))

(bt-check "xref finds a heading of another note among the workspace symbols"
  (let* ((xrefs (xref-backend-apropos 'eglot "Memory Palace"))
         (hit (seq-find (lambda (x) (string-match-p "Memory Palace Techniques" (xref-item-summary x))) xrefs)))
    (bt-expect hit "no Memory Palace heading in %S" (mapcar #'xref-item-summary xrefs))
    (let ((location (xref-item-location hit)))
      (bt-expect (equal (xref-location-group location) (expand-file-name "memory.md" bt-library))
                 "in %s" (xref-location-group location))
      (bt-expect (= (xref-location-line location) 9) "on line %s" (xref-location-line location)))))

;; The note `memory.md' links to thinking.md's heading with a wiki link.
(bt-check "xref follows a wiki link to its heading and lists a note's backlinks"
  (let ((memory (bt-open (expand-file-name "memory.md" bt-library))))
    (with-current-buffer memory
      (bt-wait 15 "the server" #'eglot-current-server)
      (bt-goto "[[thinking#Part Two")
      (forward-char 4)
      (let* ((xrefs (bt-wait 10 "the definition"
                             (lambda () (xref-backend-definitions 'eglot (xref-backend-identifier-at-point 'eglot)))))
             (location (xref-item-location (car xrefs))))
        (bt-expect (equal (xref-location-group location) (expand-file-name "thinking.md" bt-library))
                   "the definition is in %s" (xref-location-group location))
        (bt-expect (= (xref-location-line location)
                      (with-current-buffer bt-note
                        (save-excursion (goto-char (point-min)) (search-forward "## Part Two: Heuristics")
                                        (line-number-at-pos))))
                   "on line %s" (xref-location-line location))))
    (with-current-buffer bt-note
      (goto-char (point-min))
      (search-forward "title: Thinking")
      (let ((xrefs (bt-wait 10 "the references"
                            (lambda () (xref-backend-references 'eglot (xref-backend-identifier-at-point 'eglot))))))
        (bt-expect (seq-find (lambda (x) (equal (xref-location-group (xref-item-location x))
                                                (expand-file-name "memory.md" bt-library)))
                             xrefs)
                   "no backlink from memory.md in %S"
                   (mapcar (lambda (x) (xref-location-group (xref-item-location x))) xrefs))))
    (switch-to-buffer bt-note)))

(defun bt-imenu-leaves (index)
  "The (NAME . POSITION) entries of an imenu INDEX, with their group names."
  (cl-loop for (name . rest) in index
           if (imenu--subalist-p (cons name rest))
           append (mapcar (lambda (leaf) (cons (concat name "/" (car leaf)) (cdr leaf)))
                          (bt-imenu-leaves rest))
           else collect (cons name rest)))

(bt-check "imenu lists the chapters, grouped as Chapters, and jumps to one"
  (let* ((index (funcall imenu-create-index-function))
         (leaves (bt-imenu-leaves index))
         (chapter (seq-find (lambda (leaf) (string-match-p "\\`Chapters/.*Part Two: Heuristics\\'" (car leaf)))
                            leaves)))
    (bt-expect (seq-find (lambda (leaf) (string-match-p "\\`Chapters/.*Part One: Two Systems\\'" (car leaf))) leaves)
               "no Part One among %S" (mapcar #'car leaves))
    (bt-expect (seq-find (lambda (leaf) (string-match-p "\\`Questions/" (car leaf))) leaves)
               "no Questions among %S" (mapcar #'car leaves))
    (bt-expect chapter "no Part Two among %S" (mapcar #'car leaves))
    (goto-char (point-min))
    (imenu (cons (car chapter) (cdr chapter)))
    (bt-expect (equal (thing-at-point 'line t) "## Part Two: Heuristics\n")
               "imenu went to %S" (thing-at-point 'line t))))

(bt-check "booknotes-search finds a note's line; booknotes-books lists the reading list"
  (let ((hit (car (booknotes-search-xrefs "Simonides"))))
    (bt-expect hit "no search result")
    (bt-expect (equal (xref-location-group (xref-item-location hit)) (expand-file-name "memory.md" bt-library))
               "found in %s" (xref-location-group (xref-item-location hit)))
    (bt-expect (= (xref-location-line (xref-item-location hit)) 14) "on line %s"
               (xref-location-line (xref-item-location hit))))
  (let ((books (booknotes-book-list "reading")))
    (bt-expect (equal (mapcar #'booknotes--book-label books)
                      '("Moonwalking with Einstein — Joshua Foer [reading]"))
               "reading: %S" (mapcar #'booknotes--book-label books))))

(bt-check "booknotes-review shows a prompt in a buffer, its keys reveal and grade it"
  (with-current-buffer (bt-open (expand-file-name "memory.md" bt-library))
    (bt-wait 15 "the server" #'eglot-current-server)
    (booknotes-review "Moonwalking"))
  (let ((buffer (get-buffer "*BookNotes review*")))
    (bt-expect buffer "no review buffer")
    (with-current-buffer buffer
      (bt-expect (eq major-mode 'booknotes-review-mode) "the review buffer is in %s" major-mode))
    (bt-review-shows "Review 1 of 1 · new · Moonwalking with Einstein")
    (bt-review-shows "Who built the first memory palace?")
    (bt-expect (not (string-match-p "Simonides" (bt-review-text))) "the answer shows before it is asked for")
    (bt-review-keys "3")
    (bt-expect (= (buffer-local-value 'booknotes-review--graded buffer) 0) "a grade before the answer counted")
    (bt-review-keys "SPC")
    (bt-review-shows "Simonides of Ceos.")
    (bt-review-keys "e")
    (bt-review-shows (concat (expand-file-name "memory.md" bt-library) ":13"))
    ;; Good on a new prompt: its next learning step is ten minutes away and nothing
    ;; else is left, so it comes back now; easy makes it a review prompt: the end.
    (bt-review-keys "3")
    (bt-review-shows "Review 1 of 1 (back) · learning")
    (bt-review-keys "SPC" "4")
    (bt-expect (null (bt-review-text)) "the session goes on: %s" (bt-review-text)))
  (let ((lines (bt-review-log)))
    (bt-expect (and (= (length lines) 2)
                    (seq-every-p (lambda (line) (string-match-p "\\`[0-9-]+T[0-9:]+Z\t[0-9a-f]+\t[34]\t[0-9]+\\'" line))
                                 lines)
                    (equal (bt-logged-grades lines) '("3" "4")))
               "the log holds %S" lines)))

;; habits.md has two prompts: the two-minute rule, learnt on another device long ago
;; (.booknotes/reviews-laptop.tsv) and due again, and the four laws, new.
(defvar bt-logged-before nil "The review log's length before the habits session.")

(bt-check "good on a review prompt goes on to the next prompt"
  (setq bt-logged-before (length (bt-review-log)))
  (with-current-buffer (bt-open (expand-file-name "habits.md" bt-library))
    (bt-wait 15 "the server" #'eglot-current-server)
    (booknotes-review "Atomic"))
  (bt-review-shows "Review 1 of 2 · review · Atomic Habits")
  (bt-review-shows "What is the two-minute rule?")
  (bt-review-keys "SPC" "3")
  (bt-review-shows "Review 2 of 2 · new")
  (bt-review-shows "What are the four laws of behaviour change?"))

(bt-check "closing the note's buffer during a review leaves the session grading"
  (kill-buffer (get-file-buffer (expand-file-name "habits.md" bt-library)))
  (bt-expect (null (get-file-buffer (expand-file-name "habits.md" bt-library))) "habits.md is still open")
  (bt-review-shows "What are the four laws of behaviour change?"))

(bt-check "again brings a prompt back in the same session; the review prompt graded good does not"
  (bt-review-keys "SPC" "1")
  (bt-review-shows "Review 2 of 2 (back) · learning")
  (bt-review-shows "What are the four laws of behaviour change?")
  (bt-review-keys "SPC" "4")
  (bt-expect (null (bt-review-text)) "the session goes on: %s" (bt-review-text))
  (let ((grades (bt-logged-grades (nthcdr bt-logged-before (bt-review-log)))))
    (bt-expect (equal grades '("3" "1" "4")) "grades logged: %S" grades)))

(bt-check "a grade the server cannot save leaves the prompt shown, to be graded again"
  ;; A folder where the log goes: the server cannot append the grade.
  (let* ((log (expand-file-name ".booknotes/reviews.tsv" bt-library))
         (kept (concat log ".kept")))
    (rename-file log kept)
    (make-directory log)
    (unwind-protect
        (progn
          (with-current-buffer bt-note (booknotes-review "Thinking"))
          (bt-review-shows "Review 1 of")
          (bt-review-keys "SPC")
          (bt-expect (condition-case nil (progn (bt-review-keys "3") nil) (error t)) "the grade was taken")
          (bt-review-shows "Review 1 of")
          (bt-review-shows "1 again  2 hard")
          ;; Once the log can be written, the same key grades it.
          (delete-directory log)
          (rename-file kept log)
          (bt-review-keys "3")
          (bt-review-shows "Review 2 of"))
      (when (file-directory-p log) (delete-directory log))
      (when (file-exists-p kept) (rename-file kept log))
      (when (get-buffer "*BookNotes review*") (kill-buffer "*BookNotes review*")))))

(bt-check "choosing a Google Books title in a new note gives correct front matter"
  (bt-choose-title-in-new-note #'eglot-current-server))

(bt-check "a Markdown file outside a notes folder is left alone"
  (bt-open (expand-file-name "../project/README.md" bt-library))
  (bt-expect (not (derived-mode-p 'booknotes-mode)) "README.md opened in %s" major-mode)
  (bt-expect (null (eglot-current-server)) "eglot manages README.md"))

(bt-check "a folder of booknotes-folders is a notes folder"
  (bt-open (expand-file-name "../listed/reading.md" bt-library))
  (bt-expect (eq major-mode 'booknotes-mode) "reading.md opened in %s" major-mode)
  (bt-wait 15 "the server" #'eglot-current-server))

(bt-finish)

;;; emacs_test.el ends here
