;;; emacs_test_support.el --- What the Emacs editor tests share  -*- lexical-binding: t; -*-

;;; Code:

(require 'cl-lib)
(require 'json)
(require 'seq)
(require 'xref)

(setq booknotes-settings (json-parse-string (getenv "BOOKNOTES_SETTINGS") :object-type 'plist))
(defvar eglot-sync-connect)
(setq eglot-sync-connect 10)

(defvar bt-editor "emacs" "How the output names this run.")
(defvar bt-passed 0)
(defvar bt-failed 0)
(defvar bt-library (file-name-as-directory (getenv "BOOKNOTES_LIBRARY")))

(setq booknotes-folders (list (expand-file-name "../listed" bt-library)))

(defun bt-say (format-string &rest args)
  (princ (concat (apply #'format format-string args) "\n")))

(defmacro bt-check (name &rest body)
  "Run BODY as the check NAME: it passes unless it signals."
  (declare (indent 1))
  `(condition-case err
       (progn ,@body
              (setq bt-passed (1+ bt-passed))
              (bt-say "ok - %s: %s" bt-editor ,name))
     (error (setq bt-failed (1+ bt-failed))
            (bt-say "not ok - %s: %s\n  %s" bt-editor ,name (error-message-string err)))))

(defun bt-expect (condition format-string &rest args)
  (unless condition (error "%s" (apply #'format format-string args))))

(defun bt-idle ()
  "Run the idle timers, as Emacs does while the user pauses.
eglot sends changes and flymake asks for diagnostics from idle timers, and batch
mode is never idle."
  (dolist (timer (copy-sequence timer-idle-list))
    (when (memq timer timer-idle-list)
      (timer-event-handler timer))))

(defun bt-wait (seconds what predicate)
  "Wait at most SECONDS, reading the server and pausing, until PREDICATE is non-nil."
  (let ((deadline (+ (float-time) seconds)) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (bt-idle))
    (or value (error "Timed out waiting for %s" what))))

(defun bt-open (file)
  "Visit FILE as `find-file' does, then end the command, as the command loop would.
eglot connects from `post-command-hook', which batch mode never runs by itself."
  (find-file file)
  (run-hooks 'post-command-hook)
  (current-buffer))

(defun bt-diagnostic (code)
  "The flymake diagnostic of the current buffer with the server's CODE, or nil."
  (seq-find (lambda (d)
              (equal code (plist-get (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data d))) :code)))
            (flymake-diagnostics)))

(defun bt-goto (text)
  "Move to the start of the first TEXT in the buffer."
  (goto-char (point-min))
  (bt-expect (search-forward text nil t) "No %s in the buffer" text)
  (goto-char (match-beginning 0)))

(defun bt-faces-at (text offset)
  "The faces OFFSET characters into the first TEXT of the buffer."
  (save-excursion
    (bt-goto text)
    (let ((face (get-text-property (+ (point) offset) 'face)))
      (if (listp face) face (list face)))))

(defun bt-completion-candidate (label)
  "In *Completions*, move to the candidate that reads LABEL; nil when there is none."
  (goto-char (point-min))
  (let (found)
    (while (and (not found) (not (eobp)))
      (next-completion 1)
      (let ((end (or (next-single-property-change (point) 'mouse-face) (point-max))))
        (if (equal (buffer-substring-no-properties (point) end) label)
            (setq found (point))
          (when (<= end (point)) (goto-char (point-max))))))
    found))

;; Chooses a Google Books title in a new note as a user does, once READY says the
;; client is connected, saves the note and reads its front matter back.
(defun bt-choose-title-in-new-note (ready)
  (let ((file (expand-file-name "effective.md" bt-library)))
    (with-temp-file file (insert "---\ntitle: Effective Ja\n---\n"))
    (with-current-buffer (bt-open file)
      (bt-wait 20 "the server" ready)
      (bt-goto "Effective Ja")
      (end-of-line)
      (bt-choose-completion "Effective Java" 15)
      (save-buffer)
      (let ((problem (bt-front-matter-problem file)))
        (bt-expect (null problem) "the saved note: %s" problem)))))

(defun bt-choose-completion (label seconds)
  "Complete at point as a user who picks LABEL in *Completions* does.
Asks (`completion-help-at-point') until *Completions* lists LABEL, for at most
SECONDS, then chooses it there (`choose-completion'): the completion table's exit
function, the client's own code, applies the item. A pick still running SECONDS
later is interrupted (a watchdog's SIGUSR2 quits it) and signals an error."
  (let ((buffer (current-buffer)))
    (bt-wait seconds (format "%s among the completions" label)
             (lambda ()
               (with-current-buffer buffer (completion-help-at-point))
               (let ((list (get-buffer "*Completions*")))
                 (and list (with-current-buffer list (bt-completion-candidate label))))))
    (let* ((debug-on-event 'sigusr2)
           ;; The signal also asks for the debugger, which in batch mode ends Emacs:
           ;; the quit it brings is caught below instead.
           (debugger #'ignore)
           (started (float-time))
           (watchdog (start-process "bt-watchdog" nil "sh" "-c"
                                    (format "sleep %d; kill -USR2 %d" seconds (emacs-pid))))
           (hung (unwind-protect
                     (condition-case nil
                         (progn (switch-to-completions)
                                (bt-completion-candidate label)
                                (choose-completion)
                                nil)
                       (quit (- (float-time) started)))
                   (delete-process watchdog)
                   (setq debug-on-quit nil))))
      (set-buffer buffer)
      (when hung (error "Choosing %s did not end: interrupted after %.0f s" label hung)))))

(defun bt-front-matter-problem (file)
  "Tests/editors/check_front_matter.py on FILE: nil when right, else what is wrong."
  (with-temp-buffer
    (let ((code (call-process "python3" nil t nil
                              (expand-file-name "check_front_matter.py" (getenv "BOOKNOTES_TESTS")) file)))
      (unless (eql code 0) (string-trim (buffer-string))))))

;; Review: keys pressed in the *BookNotes review* buffer, as the user types them.
(defun bt-review-keys (&rest keys)
  "Press KEYS (strings such as \"SPC\" or \"3\") in the review buffer."
  (dolist (key keys)
    (with-current-buffer "*BookNotes review*"
      (let ((last-command-event (aref (kbd key) 0)))
        (call-interactively (key-binding (kbd key)))))))

(defun bt-review-text ()
  "What the review buffer shows, or nil once the session ended."
  (when-let* ((buffer (get-buffer "*BookNotes review*")))
    (with-current-buffer buffer (buffer-string))))

(defun bt-review-shows (text)
  "Signal unless the review buffer shows TEXT."
  (bt-expect (string-match-p (regexp-quote text) (or (bt-review-text) ""))
             "no %S in the review buffer: %s" text (bt-review-text)))

(defun bt-review-log ()
  "The lines of the library's review log."
  (with-temp-buffer
    (insert-file-contents (expand-file-name ".booknotes/reviews.tsv" bt-library))
    (split-string (buffer-string) "\n" t)))

(defun bt-logged-grades (lines)
  "The grades of the review log LINES."
  (mapcar (lambda (line) (nth 2 (split-string line "\t"))) lines))

(defun bt-finish ()
  "Print the counts and exit: 1 when a check failed."
  (bt-say "%d passed, %d failed" bt-passed bt-failed)
  (ignore-errors (eglot-shutdown-all))
  (ignore-errors (lsp-workspace-shutdown (car (lsp-workspaces))))
  (kill-emacs (if (> bt-failed 0) 1 0)))

(provide 'emacs_test_support)
;;; emacs_test_support.el ends here
