;;; booknotes-review.el --- Review BookNotes prompts in a buffer  -*- lexical-binding: t; -*-

;; `M-x booknotes-review': the prompts the server's `booknotes/review/due' gives, one at a
;; time in the *BookNotes review* buffer. SPC or RET shows the answer, 1-4 grade it
;; (again, hard, good, easy; the server appends each grade to .booknotes/reviews.tsv),
;; e shows the note's path and line, q quits. With a prefix argument, ask for words
;; of a book's title: that book's prompts only. A prompt graded into a learning step
;; that falls due within the session (the grade's answer has `comesBackIn') comes
;; back, as in `booknotes review': once that step is due, else once the others are done.

;;; Code:

(require 'booknotes)

(defvar-local booknotes-review--items nil "The prompts picked for the session, a vector.")
(defvar-local booknotes-review--next 0 "The index of the first picked prompt not shown yet.")
(defvar-local booknotes-review--returning nil
  "The prompts coming back, in the order graded.
Each is (ITEM . DUE), DUE a `float-time'.")
(defvar-local booknotes-review--item nil "The prompt shown.")
(defvar-local booknotes-review--back nil "Whether the prompt shown came back after a grade.")
(defvar-local booknotes-review--numbers nil "Each prompt's place in the session, by id.")
(defvar-local booknotes-review--revealed nil "Whether the answer is shown.")
(defvar-local booknotes-review--location nil "The note's path and line, once asked for.")
(defvar-local booknotes-review--graded 0 "How many prompts were graded at least once.")
(defvar-local booknotes-review--reviewed nil "The ids of the prompts graded.")
(defvar-local booknotes-review--connection nil
  "The server of the note the session started in (`booknotes--connection').
Kept rather than the note's buffer, which the reader may close meanwhile.")
(defvar-local booknotes-review--shown nil "When the prompt was shown (`float-time').")

(defvar booknotes-review-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "SPC") #'booknotes-review-reveal)
    (define-key map (kbd "RET") #'booknotes-review-reveal)
    (dolist (key '("1" "2" "3" "4"))
      (define-key map (kbd key) #'booknotes-review-grade))
    (define-key map (kbd "e") #'booknotes-review-where)
    (define-key map (kbd "q") #'booknotes-review-quit)
    map)
  "Keys of a review session.")

(define-derived-mode booknotes-review-mode special-mode "BookNotes-Review"
  "A BookNotes review session: SPC shows the answer, 1-4 grade, e where, q quits."
  (setq-local truncate-lines nil)
  (visual-line-mode 1))

(defconst booknotes-review--questions
  '(("quote" . "Quote: which book, who said it?") ("cloze" . "Cloze: what is hidden?") ("qa" . "Question"))
  "What the reader is asked, by kind.")

(defun booknotes-review--take-next ()
  "The next prompt and whether it comes back, as (ITEM . BACK), or nil.
A returning prompt whose step is due (the earliest), else the next picked one,
else the earliest returning one; nil when none is left."
  (let ((earliest nil))
    (dolist (entry booknotes-review--returning)
      (when (or (null earliest) (< (cdr entry) (cdr earliest)))
        (setq earliest entry)))
    (cond ((and earliest (or (<= (cdr earliest) (float-time))
                             (>= booknotes-review--next (length booknotes-review--items))))
           (setq booknotes-review--returning (delq earliest booknotes-review--returning))
           (cons (car earliest) t))
          ((< booknotes-review--next (length booknotes-review--items))
           (setq booknotes-review--next (1+ booknotes-review--next))
           (cons (aref booknotes-review--items (1- booknotes-review--next)) nil)))))

(defun booknotes-review--show-next ()
  "Show the next prompt, or end the session when none is left."
  (let ((next (booknotes-review--take-next)))
    (if (null next)
        (booknotes-review-quit)
      (let ((id (booknotes--get (car next) :id)))
        (unless (assoc id booknotes-review--numbers)
          (push (cons id (1+ (length booknotes-review--numbers))) booknotes-review--numbers)))
      (setq booknotes-review--item (car next)
            booknotes-review--back (cdr next)
            booknotes-review--revealed nil
            booknotes-review--location nil
            booknotes-review--shown (float-time))
      (booknotes-review--render))))

(defun booknotes-review--render ()
  "Draw the prompt shown."
  (let* ((inhibit-read-only t)
         (item booknotes-review--item)
         (book (booknotes--get item :book)))
    (erase-buffer)
    (insert (propertize (format "Review %d of %d%s · %s%s"
                                (cdr (assoc (booknotes--get item :id) booknotes-review--numbers))
                                (length booknotes-review--items) (if booknotes-review--back " (back)" "")
                                (booknotes--get item :state) (if (stringp book) (concat " · " book) ""))
                        'face 'bold)
            "\n\n"
            (propertize (or (cdr (assoc (booknotes--get item :kind) booknotes-review--questions)) "")
                        'face 'shadow)
            "\n\n  " (booknotes--get item :front) "\n\n")
    (if booknotes-review--revealed
        (insert "  " (make-string 20 ?─) "\n\n  " (propertize (booknotes--get item :back) 'face 'success)
                "\n\n" (propertize "1 again  2 hard  3 good  4 easy   e where  q quit" 'face 'shadow) "\n")
      (insert (propertize "SPC show answer   e where  q quit" 'face 'shadow) "\n"))
    (when booknotes-review--location (insert booknotes-review--location "\n"))
    (goto-char (point-min))))

(defun booknotes-review-reveal ()
  "Show the answer."
  (interactive)
  (setq booknotes-review--revealed t)
  (booknotes-review--render))

(defun booknotes-review-where ()
  "Show the note's path and line."
  (interactive)
  (let* ((item booknotes-review--item)
         (location (booknotes--location item)))
    (setq booknotes-review--location
          (format "%s:%d" (xref-location-group location) (xref-location-line location)))
    (booknotes-review--render)))

(defun booknotes-review-grade (grade)
  "Grade the prompt shown with GRADE, then show the next one.
GRADE is 1 again, 2 hard, 3 good or 4 easy. A prompt whose next step falls
due within the session is queued to come back, with the state the server
gives it."
  (interactive (list (- last-command-event ?0)))
  (when booknotes-review--revealed
    (let* ((item booknotes-review--item)
           (id (booknotes--get item :id))
           (seconds (round (- (float-time) booknotes-review--shown)))
           (result (booknotes--request :booknotes/review/grade (list :id id :grade grade :seconds seconds)
                                       (booknotes-review--server)))
           (comes-back-in (booknotes--get result :comesBackIn)))
      (unless (member id booknotes-review--reviewed)
        (push id booknotes-review--reviewed)
        (setq booknotes-review--graded (1+ booknotes-review--graded)))
      (when (numberp comes-back-in)
        (if (hash-table-p item)
            (puthash "state" (booknotes--get result :state) item)
          (setq item (plist-put item :state (booknotes--get result :state))))
        (setq booknotes-review--returning
              (append booknotes-review--returning (list (cons item (+ (float-time) comes-back-in)))))))
    (booknotes-review--show-next)))

(defun booknotes-review--server ()
  "The session's server, or, once it stopped, that of a note still open on the library."
  (if (booknotes--connection-live-p booknotes-review--connection)
      booknotes-review--connection
    (or (seq-some (lambda (buffer)
                    (with-current-buffer buffer
                      (let ((connection (and (derived-mode-p 'booknotes-mode) (booknotes--connection))))
                        (and connection (booknotes--connection-live-p connection) connection))))
                  (buffer-list))
        (user-error "The BookNotes server stopped: open a note of the library, then grade again"))))

(defun booknotes-review-quit ()
  "End the session; every grade given is already saved."
  (interactive)
  (let ((graded booknotes-review--graded)
        (total (length booknotes-review--items))
        (window (get-buffer-window (current-buffer))))
    (if window (quit-window t window) (kill-buffer (current-buffer)))
    (message "Reviewed %d of %d prompts" graded total)))

;;;###autoload
(defun booknotes-review (&optional book)
  "Review the prompts that are due, one at a time.
BOOK: words of a title, that book only."
  (interactive (list (when current-prefix-arg (read-string "Book: "))))
  (let* ((params (if (and book (not (string-empty-p book))) (list :book book) (make-hash-table)))
         (items (vconcat (booknotes--request :booknotes/review/due params)))
         (connection (booknotes--connection)))
    (if (zerop (length items))
        (message "Nothing to review")
      (with-current-buffer (get-buffer-create "*BookNotes review*")
        (booknotes-review-mode)
        (setq booknotes-review--items items
              booknotes-review--next 0
              booknotes-review--returning nil
              booknotes-review--numbers nil
              booknotes-review--graded 0
              booknotes-review--reviewed nil
              booknotes-review--connection connection)
        (booknotes-review--show-next)
        (pop-to-buffer (current-buffer))))))

(provide 'booknotes-review)
;;; booknotes-review.el ends here
