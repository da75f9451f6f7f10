;;; booknotes-review.el --- Review BookNotes prompts in a buffer  -*- lexical-binding: t; -*-

;; `M-x booknotes-review': the prompts the server's `booknotes/review/due' gives, one at a
;; time in the *BookNotes review* buffer. SPC or RET shows the answer, 1-4 grade it
;; (again, hard, good, easy; the server appends each grade to .booknotes/reviews.tsv),
;; e shows the note's path and line, q quits. With a prefix argument, ask for words
;; of a book's title: that book's prompts only.

;;; Code:

(require 'booknotes)

(defvar-local booknotes-review--items nil "The prompts of the session, a vector.")
(defvar-local booknotes-review--index 0 "The prompt shown, 0-based.")
(defvar-local booknotes-review--revealed nil "Whether the answer is shown.")
(defvar-local booknotes-review--location nil "The note's path and line, once asked for.")
(defvar-local booknotes-review--graded 0 "How many prompts were graded.")
(defvar-local booknotes-review--origin nil "The note buffer whose server answers.")
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

(defun booknotes-review--item ()
  "The prompt shown."
  (aref booknotes-review--items booknotes-review--index))

(defun booknotes-review--render ()
  "Draw the prompt shown."
  (let* ((inhibit-read-only t)
         (item (booknotes-review--item))
         (book (booknotes--get item :book)))
    (erase-buffer)
    (insert (propertize (format "Review %d of %d · %s%s" (1+ booknotes-review--index)
                                (length booknotes-review--items) (booknotes--get item :state)
                                (if (stringp book) (concat " · " book) ""))
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
  (let* ((item (booknotes-review--item))
         (location (booknotes--location item)))
    (setq booknotes-review--location
          (format "%s:%d" (xref-location-group location) (xref-location-line location)))
    (booknotes-review--render)))

(defun booknotes-review-grade (grade)
  "Grade the prompt shown with GRADE (1 again, 2 hard, 3 good, 4 easy); the next one."
  (interactive (list (- last-command-event ?0)))
  (when booknotes-review--revealed
    (let ((item (booknotes-review--item))
          (seconds (round (- (float-time) booknotes-review--shown))))
      (with-current-buffer booknotes-review--origin
        (booknotes--request :booknotes/review/grade
                            (list :id (booknotes--get item :id) :grade grade :seconds seconds))))
    (setq booknotes-review--graded (1+ booknotes-review--graded)
          booknotes-review--index (1+ booknotes-review--index)
          booknotes-review--revealed nil
          booknotes-review--location nil
          booknotes-review--shown (float-time))
    (if (< booknotes-review--index (length booknotes-review--items))
        (booknotes-review--render)
      (booknotes-review-quit))))

(defun booknotes-review-quit ()
  "End the session; every grade given is already saved."
  (interactive)
  (let ((graded booknotes-review--graded)
        (total (length booknotes-review--items)))
    (quit-window t)
    (message "Reviewed %d of %d prompts" graded total)))

;;;###autoload
(defun booknotes-review (&optional book)
  "Review the prompts that are due, one at a time; BOOK: words of a title, that book only."
  (interactive (list (when current-prefix-arg (read-string "Book: "))))
  (let* ((params (if (and book (not (string-empty-p book))) (list :book book) (make-hash-table)))
         (items (vconcat (booknotes--request :booknotes/review/due params)))
         (origin (current-buffer)))
    (if (zerop (length items))
        (message "Nothing to review")
      (with-current-buffer (get-buffer-create "*BookNotes review*")
        (booknotes-review-mode)
        (setq booknotes-review--items items
              booknotes-review--index 0
              booknotes-review--revealed nil
              booknotes-review--location nil
              booknotes-review--graded 0
              booknotes-review--origin origin
              booknotes-review--shown (float-time))
        (booknotes-review--render)
        (pop-to-buffer (current-buffer))))))

(provide 'booknotes-review)
;;; booknotes-review.el ends here
