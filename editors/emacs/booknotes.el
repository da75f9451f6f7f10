;;; booknotes.el --- BookNotes language server for book notes in Markdown  -*- lexical-binding: t; -*-

;; Version: 1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages, outlines, wp

;;; Commentary:

;; Book notes in Markdown, with the `booknotes' language server (`booknotes lsp'):
;; diagnostics and quick fixes for clozes and Q:/A: pairs, hashtag and title
;; completion, the outline in imenu, workspace symbols, full-text search and the
;; reading list.
;;
;; Set-up (with `booknotes' on your PATH, or `booknotes-program' set):
;;
;;   (add-to-list 'load-path "/path/to/booknotes/editors/emacs")
;;   (require 'booknotes)
;;
;; A Markdown file inside a notes folder (one holding `.booknotes.json', or listed in
;; `booknotes-folders') opens in `booknotes-mode', which starts the server with eglot
;; (or lsp-mode: see `booknotes-client').  `booknotes-mode' derives from
;; `markdown-mode' when that package is installed, else from `text-mode'.
;;
;; C-M-i (`completion-at-point') completes tags, titles and front-matter keys.
;; Commands: `booknotes-search' (full text, results as xrefs) and `booknotes-books'
;; (the reading list; opens the chosen book's note).  eglot has no semantic
;; highlighting; lsp-mode colours every token type with the `booknotes-*' faces (use
;; lsp-mode newer than 8.0.0, which counts columns wrongly on lines with emoji).

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'xref)
(require 'subr-x)
(require 'url-util)

(defgroup booknotes nil
  "Book notes in Markdown with the BookNotes language server."
  :group 'text
  :prefix "booknotes-")

(defcustom booknotes-program "booknotes"
  "The `booknotes' executable: a name on `exec-path' or an absolute path."
  :type 'string)

(defcustom booknotes-folders nil
  "Notes folders without a `.booknotes.json'.
A Markdown file under one of these, or under a folder holding
`.booknotes.json', is a note: it opens in `booknotes-mode'."
  :type '(repeat directory))

(defcustom booknotes-client 'eglot
  "The LSP client `booknotes-mode' starts: `eglot', `lsp-mode', or nil for none."
  :type '(choice (const eglot) (const lsp-mode) (const :tag "None" nil)))

(defcustom booknotes-settings nil
  "The server's settings, as a plist of the shape of `.booknotes.json'.
Sent as `initializationOptions'; for example
  (:books (:apiKey \"...\") :diagnostics (:severity (:qa-missing-space \"hint\")))"
  :type 'sexp)

;;;; Notes folders

(defun booknotes-notes-root (&optional file)
  "The notes folder holding FILE (default: the current buffer's file), or nil."
  (let ((file (or file buffer-file-name)))
    (when file
      (let ((file (expand-file-name file)))
        (or (let ((dir (locate-dominating-file file ".booknotes.json")))
              (and dir (file-name-as-directory (expand-file-name dir))))
            (seq-some (lambda (folder)
                        (let ((dir (file-name-as-directory (expand-file-name folder))))
                          (and (string-prefix-p dir file) dir)))
                      booknotes-folders))))))

(defun booknotes--project (dir)
  "A project rooted at the notes folder of DIR, for eglot; nil elsewhere."
  (when (bound-and-true-p eglot-lsp-context)
    (let ((root (booknotes-notes-root (expand-file-name "note.md" dir))))
      (when root (cons 'transient root)))))

(add-hook 'project-find-functions #'booknotes--project -50)

;;;; Faces and highlighting

(defface booknotes-heading '((t :inherit (outline-1 bold))) "A heading's text.")
(defface booknotes-marker '((t :inherit font-lock-comment-delimiter-face)) "Syntax characters.")
(defface booknotes-hashtag '((t :inherit font-lock-variable-name-face)) "A hashtag.")
(defface booknotes-cloze-hint '((t :inherit italic)) "A cloze's hint.")
(defface booknotes-cloze-answer '((t :inherit font-lock-warning-face)) "A cloze's answer.")
(defface booknotes-question '((t :inherit font-lock-function-name-face)) "The text of a Q: line.")
(defface booknotes-answer '((t :inherit font-lock-string-face)) "The text of an A: line.")
(defface booknotes-summary '((t :inherit font-lock-doc-face)) "The text of a summary.")
(defface booknotes-quote '((t :inherit font-lock-doc-face)) "The text of a quote.")
(defface booknotes-citation '((t :inherit font-lock-comment-face)) "A quote's citation.")
(defface booknotes-emphasis '((t :inherit italic)) "Emphasis.")
(defface booknotes-strong '((t :inherit bold)) "Strong emphasis.")
(defface booknotes-code '((t :inherit font-lock-constant-face)) "Code.")
(defface booknotes-link '((t :inherit link)) "A link's text.")
(defface booknotes-url '((t :inherit font-lock-comment-face)) "A link's target.")
(defface booknotes-property '((t :inherit font-lock-keyword-face)) "A front-matter key.")
(defface booknotes-string '((t :inherit font-lock-string-face)) "A front-matter value.")
(defface booknotes-highlight '((t :inherit highlight)) "The text of ==highlight==.")
(defface booknotes-comment '((t :inherit font-lock-comment-face)) "The text of a %%comment%%.")
(defface booknotes-invalid '((t :underline (:style wave :color "Red1"))) "What a diagnostic flags.")

(defconst booknotes-token-faces
  '(("heading" . booknotes-heading)
    ("marker" . booknotes-marker)
    ("hashtag" . booknotes-hashtag)
    ("clozeHint" . booknotes-cloze-hint)
    ("clozeAnswer" . booknotes-cloze-answer)
    ("question" . booknotes-question)
    ("answer" . booknotes-answer)
    ("summary" . booknotes-summary)
    ("quote" . booknotes-quote)
    ("citation" . booknotes-citation)
    ("emphasis" . booknotes-emphasis)
    ("strong" . booknotes-strong)
    ("code" . booknotes-code)
    ("link" . booknotes-link)
    ("url" . booknotes-url)
    ("property" . booknotes-property)
    ("string" . booknotes-string)
    ("highlight" . booknotes-highlight)
    ("comment" . booknotes-comment))
  "The face of each semantic token type of the server's legend.")

(defconst booknotes-token-modifier-faces
  '(("level1" . outline-1)
    ("level2" . outline-2)
    ("level3" . outline-3)
    ("level4" . outline-4)
    ("level5" . outline-5)
    ("level6" . outline-6)
    ("invalid" . booknotes-invalid))
  "The face of each semantic token modifier of the server's legend.")

(defun booknotes--fences ()
  "The fenced code blocks of the buffer, as (START . END) pairs, first to last.
A block runs from its opening fence (three or more backticks or tildes,
indented three spaces at most) to the end of its closing fence, or to the
end of the buffer when unclosed."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (let (blocks)
        (while (re-search-forward "^ \\{0,3\\}\\(`\\{3,\\}\\|~\\{3,\\}\\)" nil t)
          (let ((start (match-beginning 0))
                (fence (match-string 1)))
            (if (and (eq (aref fence 0) ?`) (string-match-p "`" (buffer-substring (point) (line-end-position))))
                (forward-line 1)        ; a code span, not a fence
              (forward-line 1)
              (let ((closing (concat "^ \\{0,3\\}" (regexp-quote fence)
                                     (regexp-quote (substring fence 0 1)) "*[ \t]*$")))
                (push (cons start (if (re-search-forward closing nil t) (point) (point-max))) blocks)
                (forward-line 1)))))
        (nreverse blocks)))))

(defvar-local booknotes--fence-cache nil
  "The buffer's fenced code blocks as (TICK . BLOCKS).
BLOCKS are `booknotes--fences' when `buffer-chars-modified-tick' was TICK.")

(defun booknotes--in-fence-p (pos)
  "Whether POS lies in a fenced code block."
  (let ((tick (buffer-chars-modified-tick)))
    (unless (eql (car booknotes--fence-cache) tick)
      (setq booknotes--fence-cache (cons tick (save-match-data (booknotes--fences)))))
    (seq-some (lambda (block) (and (<= (car block) pos) (< pos (cdr block))))
              (cdr booknotes--fence-cache))))

(defun booknotes--outside-fences (regexp)
  "A font-lock matcher for REGEXP that skips matches in fenced code blocks."
  (lambda (limit)
    (let (found)
      (while (and (not found) (re-search-forward regexp limit t))
        (setq found (not (booknotes--in-fence-p (match-beginning 0)))))
      found)))

(defconst booknotes--font-lock-keywords
  `((,(booknotes--outside-fences "^\\(?:[Qq]:\\)[ \t]*\\(.*\\)$") (0 'booknotes-marker) (1 'booknotes-question t))
    (,(booknotes--outside-fences "^\\(?:[Aa]:\\)[ \t]*\\(.*\\)$") (0 'booknotes-marker) (1 'booknotes-answer t))
    (,(booknotes--outside-fences "?\\[\\([^]\n]*\\)\\](\\([^)\n]*\\))")
     (1 'booknotes-cloze-hint t) (2 'booknotes-cloze-answer t))
    (,(booknotes--outside-fences "\\(?:^\\|[ \t]\\)\\(#[[:alpha:]][[:alnum:]_/-]*\\)") (1 'booknotes-hashtag t)))
  "What `booknotes-mode' colours by itself, for clients without semantic tokens.
Nothing in fenced code blocks.")

;;;; The mode

(defalias 'booknotes--base-mode
  (if (or (featurep 'markdown-mode) (fboundp 'markdown-mode)) 'markdown-mode 'text-mode)
  "The mode notes build on: `markdown-mode' when installed, else `text-mode'.")

(defvar eglot-server-programs)
(defvar lsp-semantic-tokens-enable)
(declare-function eglot-ensure "eglot")
(declare-function eglot-imenu "eglot")
(declare-function eglot-current-server "eglot")
(declare-function jsonrpc-request "jsonrpc")
(declare-function lsp-deferred "lsp-mode")

;;;###autoload
(define-derived-mode booknotes-mode booknotes--base-mode "BookNotes"
  "Major mode for book notes in Markdown, with the BookNotes language server.
\\[completion-at-point] completes tags, titles and front matter.

\\{booknotes-mode-map}"
  (font-lock-add-keywords nil booknotes--font-lock-keywords)
  ;; A fence typed or removed changes the colours of the lines after it.
  (setq-local jit-lock-contextually t)
  (setq-local imenu-create-index-function #'booknotes-imenu)
  (pcase booknotes-client
    ('eglot (when (require 'eglot nil t) (eglot-ensure)))
    ('lsp-mode
     (when (require 'lsp-mode nil t)
       (setq-local lsp-semantic-tokens-enable t)
       (lsp-deferred)))))

;; text-mode binds C-M-i to `ispell-complete-word'; in notes it asks the server.
(define-key booknotes-mode-map (kbd "C-M-i") #'completion-at-point)

(defun booknotes-maybe-enable ()
  "Open a Markdown file in `booknotes-mode' when it lies in a notes folder."
  (when (and buffer-file-name
             (string-match-p "\\.\\(?:md\\|markdown\\)\\'" buffer-file-name)
             (not (derived-mode-p 'booknotes-mode))
             (booknotes-notes-root))
    (booknotes-mode)))

(add-hook 'find-file-hook #'booknotes-maybe-enable)

;;;; eglot

(defconst booknotes-imenu-groups
  '(("File" . "Book") ("Module" . "Chapters") ("Namespace" . "Sections")
    ("Interface" . "Questions") ("Field" . "Clozes") ("String" . "Quotes")
    ("Constant" . "Summaries") ("Key" . "Tags"))
  "Imenu's names for the outline's symbol kinds.")

(defun booknotes-imenu ()
  "The outline for imenu, grouped as a reader names them: Chapters, Questions..."
  (if (and (fboundp 'eglot-current-server) (eglot-current-server))
      (mapcar (lambda (group)
                (cons (or (cdr (assoc (car group) booknotes-imenu-groups)) (car group))
                      (cdr group)))
              (eglot-imenu))
    (imenu-default-create-index-function)))

(defun booknotes--initialization-options (&rest _)
  "`booknotes-settings' for the server's `initializationOptions'."
  (or booknotes-settings (make-hash-table)))

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               `((booknotes-mode :language-id "markdown")
                 . ,(lambda (&rest _)
                      (list booknotes-program "lsp"
                            :initializationOptions #'booknotes--initialization-options))))
  ;; eglot sets its own index function when it manages a buffer; notes keep theirs.
  (add-hook 'eglot-managed-mode-hook
            (lambda ()
              (when (derived-mode-p 'booknotes-mode)
                (setq-local imenu-create-index-function #'booknotes-imenu)))))

;;;; lsp-mode

(defvar lsp-language-id-configuration)
(defvar lsp-semantic-token-faces)
(defvar lsp-semantic-token-modifier-faces)
(declare-function lsp-register-client "lsp-mode")
(declare-function make-lsp-client "lsp-mode")
(declare-function lsp-stdio-connection "lsp-mode")
(declare-function lsp-request "lsp-mode")
(declare-function lsp-workspaces "lsp-mode")

(with-eval-after-load 'lsp-mode
  (add-to-list 'lsp-language-id-configuration '(booknotes-mode . "markdown"))
  ;; lsp-mode colours only the token types listed here, whatever the client says.
  (with-eval-after-load 'lsp-semantic-tokens
    (dolist (entry booknotes-token-faces)
      (setf (alist-get (car entry) lsp-semantic-token-faces nil nil #'string=) (cdr entry)))
    (dolist (entry booknotes-token-modifier-faces)
      (setf (alist-get (car entry) lsp-semantic-token-modifier-faces nil nil #'string=) (cdr entry))))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection (lambda () (list booknotes-program "lsp")))
    :activation-fn (lambda (&rest _) (derived-mode-p 'booknotes-mode))
    :major-modes '(booknotes-mode)
    :priority 1
    :server-id 'booknotes
    :initialization-options #'booknotes--initialization-options
    :semantic-tokens-faces-overrides
    `(:types ,booknotes-token-faces :modifiers ,booknotes-token-modifier-faces))))

;;;; Custom requests: search and the reading list

;; eglot answers plists; lsp-mode answers hash tables unless `lsp-use-plists'.
(defun booknotes--get (object key)
  "The value of KEY (a keyword) in OBJECT, a plist or a hash table from JSON."
  (if (hash-table-p object)
      (gethash (substring (symbol-name key) 1) object)
    (plist-get object key)))

(defun booknotes--request (method params &optional connection)
  "Send METHOD (a keyword) with PARAMS to the current buffer's server; the result.
With CONNECTION (from `booknotes--connection'), to that server instead.
Asks again, twice at most, when the library changed meanwhile (ContentModified)."
  (let ((tries 0) result done)
    (while (not done)
      (condition-case err
          (setq result (booknotes--send method params connection) done t)
        (error
         (if (and (booknotes--content-modified-p err) (< tries 2))
             (setq tries (1+ tries))
           (signal (car err) (cdr err))))))
    result))

(defun booknotes--content-modified-p (err)
  "Whether ERR, a signal, is the server's ContentModified answer."
  (or (eql (alist-get 'jsonrpc-error-code (seq-filter #'consp (cdr err))) -32801)
      ;; lsp-mode keeps only the message.
      (string-match-p "changed while answering" (error-message-string err))))

(defvar lsp--buffer-workspaces)

(defun booknotes--connection ()
  "The current buffer's server: (eglot . SERVER) or (lsp . WORKSPACES), or nil.
It outlives the buffer: a session started in a note goes on once it is closed."
  (cond ((and (fboundp 'eglot-current-server) (eglot-current-server))
         (cons 'eglot (eglot-current-server)))
        ((and (fboundp 'lsp-workspaces) (lsp-workspaces))
         (cons 'lsp (lsp-workspaces)))))

(defun booknotes--connection-live-p (connection)
  "Whether CONNECTION's server is still running."
  (pcase (car connection)
    ('eglot (jsonrpc-running-p (cdr connection)))
    ('lsp (seq-some (lambda (workspace)
                      (let ((process (lsp--workspace-proc workspace)))
                        (and (processp process) (process-live-p process))))
                    (cdr connection)))))

(defun booknotes--send (method params &optional connection)
  "Send METHOD with PARAMS through eglot or lsp-mode, whichever manages the buffer.
With CONNECTION, through that server."
  (let ((connection (or connection (booknotes--connection))))
    (pcase (car connection)
      ('eglot (jsonrpc-request (cdr connection) method params))
      ('lsp (let ((lsp--buffer-workspaces (cdr connection)))
              (lsp-request (substring (symbol-name method) 1) params)))
      (_ (user-error "No BookNotes server here: open a note in a notes folder")))))

(defun booknotes--location (item)
  "An xref location for ITEM, a result with `:uri' and `:range'."
  (let* ((start (booknotes--get (booknotes--get item :range) :start))
         (uri (booknotes--get item :uri))
         (file (if (string-prefix-p "file://" uri)
                   (url-unhex-string (substring uri (length "file://")))
                 uri)))
    (xref-make-file-location file (1+ (booknotes--get start :line)) (booknotes--get start :character))))

(defun booknotes-search-xrefs (query)
  "The notes matching QUERY (words, \"a phrase\", #tag), best first, as xrefs."
  (mapcar (lambda (hit)
            (let* ((where (string-join (seq-filter #'stringp (list (booknotes--get hit :book)
                                                                  (booknotes--get hit :heading)))
                                       " › "))
                   (summary (concat (if (string-empty-p where) "" (format "[%s] " where))
                                    (booknotes--get hit :snippet))))
              (xref-make summary (booknotes--location hit))))
          (append (booknotes--request :booknotes/search (list :query query)) nil)))

;;;###autoload
(defun booknotes-search (query)
  "Search the library's text for QUERY and list the notes that match."
  (interactive "sSearch notes: ")
  (let ((xrefs (booknotes-search-xrefs query)))
    (if xrefs
        (xref-show-xrefs (lambda () xrefs) nil)
      (message "No note matches %s" query))))

(defun booknotes-book-list (&optional status)
  "The reading list as plists (`:title', `:authors', `:status', `:uri'...).
STATUS, when given, keeps one status: reading, wishlist, finished or archived."
  (append (booknotes--request :booknotes/books
                              (if (and status (not (string-empty-p status)))
                                  (list :status status)
                                (make-hash-table)))
          nil))

(defun booknotes--book-label (book)
  "How BOOK reads in the reading list."
  (let ((authors (string-join (append (booknotes--get book :authors) nil) ", "))
        (status (booknotes--get book :status)))
    (concat (booknotes--get book :title)
            (if (string-empty-p authors) "" (concat " — " authors))
            (if (stringp status) (format " [%s]" status) ""))))

;;;###autoload
(defun booknotes-books (&optional status)
  "Choose a book from the reading list and open its note.
With a prefix argument, ask for a STATUS to keep."
  (interactive
   (list (when current-prefix-arg
           (completing-read "Status: " '("reading" "wishlist" "finished" "archived") nil t))))
  (let* ((books (mapcar (lambda (book) (cons (booknotes--book-label book) book))
                        (booknotes-book-list status)))
         (choice (if books
                     (completing-read "Book: " books nil t)
                   (user-error "No books"))))
    (xref-pop-to-location (xref-make choice (booknotes--location
                                              (list :uri (booknotes--get (cdr (assoc choice books)) :uri)
                                                    :range '(:start (:line 0 :character 0))))))))

(autoload 'booknotes-review (expand-file-name "booknotes-review" (file-name-directory (or load-file-name buffer-file-name)))
  "Review the prompts that are due, one at a time, in a buffer." t)
(provide 'booknotes)
;;; booknotes.el ends here
