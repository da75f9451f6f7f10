-- Review: the title's code lens and :BooknotesReview in its floating window.
local t = ...
local check, expect, wait_for, client_of = t.check, t.expect, t.wait_for, t.client_of
local library = t.library
local review = require('booknotes.review')
local review_log = library .. '/.booknotes/reviews.tsv'

--- What the review window shows.
local function text()
  if not review.session then
    return '(no review window)'
  end
  return table.concat(vim.api.nvim_buf_get_lines(review.session.buf, 0, -1, false), '\n')
end

--- Waits until the review window shows `shown`; `why` says what it should follow.
local function wait_for_text(shown, why)
  local found = vim.wait(5000, function()
    return text():find(shown, 1, true) ~= nil
  end, 20)
  expect(found, why .. ': waited for "' .. shown .. '", the window shows:\n' .. text())
end

check('the title\'s code lens counts the prompts and :BooknotesReview reveals and grades one', function()
  vim.cmd.edit(vim.fn.fnameescape(library .. '/memory.md'))
  local buffer = vim.api.nvim_get_current_buf()
  wait_for(10000, function()
    return client_of(buffer)
  end, 'the client')
  -- The review lens, beside the backlinks lens.
  local lens = wait_for(5000, function()
    vim.lsp.codelens.refresh({ bufnr = buffer })
    for _, found in ipairs(vim.lsp.codelens.get(buffer)) do
      if found.command and found.command.command == 'booknotes.review' then
        return found
      end
    end
  end, 'the title\'s review lens')
  expect(lens.command.title == '1 prompt · 1 due', 'lens: ' .. vim.inspect(lens.command))
  expect(lens.range.start.line == 1, 'lens on line ' .. lens.range.start.line)
  vim.cmd('BooknotesReview Moonwalking')
  local session = wait_for(5000, function()
    return review.session
  end, 'the review window')
  expect(vim.api.nvim_get_current_win() == session.win, 'the review window has no focus')
  expect(vim.api.nvim_win_get_config(session.win).relative == 'editor', 'the review window is not floating')
  expect(text():find('Review 1 of 1 · new · Moonwalking with Einstein', 1, true), text())
  expect(text():find('Who built the first memory palace?', 1, true), text())
  expect(not text():find('Simonides', 1, true), 'the answer shows before it is asked for')
  vim.api.nvim_feedkeys('3', 'x', false)
  expect(review.session ~= nil, 'a grade before the answer ended the session')
  vim.api.nvim_feedkeys(' ', 'x', false)
  expect(text():find('Simonides of Ceos.', 1, true), text())
  vim.api.nvim_feedkeys('e', 'x', false)
  expect(text():find(library .. '/memory.md:13', 1, true), text())
  -- Good on a new prompt: its next learning step is ten minutes away, and nothing else
  -- is left, so it comes back now; easy then makes it a review prompt, and the session ends.
  vim.api.nvim_feedkeys('3', 'x', false)
  wait_for_text('Review 1 of 1 (back) · learning', 'the prompt back after good')
  vim.api.nvim_feedkeys(' 4', 'x', false)
  wait_for(5000, function()
    return review.session == nil
  end, 'the end of the session')
  local lines = wait_for(5000, function()
    return vim.fn.filereadable(review_log) == 1 and vim.fn.readfile(review_log)
  end, 'the review log')
  expect(#lines == 2, vim.inspect(lines))
  for index, grade in ipairs({ 3, 4 }) do
    expect(lines[index]:match('^%d%d%d%d%-%d%d%-%d%dT%d%d:%d%d:%d%dZ\t%x+\t' .. grade .. '\t%d+$'), vim.inspect(lines))
  end
end)

-- habits.md has two prompts: the two-minute rule, learnt on another device long ago
-- (.booknotes/reviews-laptop.tsv) and due again, and the four laws, new.
local habits = {}

check('good on a review prompt goes on to the next prompt', function()
  t.open(library .. '/habits.md')
  habits.before = #vim.fn.readfile(review_log)
  vim.cmd('BooknotesReview Atomic')
  habits.session = wait_for(5000, function()
    return review.session
  end, 'the review window')
  expect(text():find('Review 1 of 2 · review · Atomic Habits', 1, true), text())
  expect(text():find('What is the two-minute rule?', 1, true), text())
  vim.api.nvim_feedkeys(' 3', 'x', false)
  wait_for_text('Review 2 of 2 · new', 'the next prompt after good')
  expect(text():find('What are the four laws of behaviour change?', 1, true), text())
end)

check('again brings a prompt back in the same session; the review prompt graded good does not', function()
  expect(review.session == habits.session, 'the session ended')
  vim.api.nvim_feedkeys(' 1', 'x', false)
  wait_for_text('Review 2 of 2 (back) · learning', 'the prompt back after again')
  expect(text():find('What are the four laws of behaviour change?', 1, true), text())
  vim.api.nvim_feedkeys(' 4', 'x', false)
  wait_for(5000, function()
    return review.session == nil
  end, 'the end of the session, the two-minute rule not back')
  local grades = {}
  for _, line in ipairs(vim.list_slice(vim.fn.readfile(review_log), habits.before + 1)) do
    table.insert(grades, line:match('^%S+\t%x+\t(%d)\t%d+$'))
  end
  expect(vim.deep_equal(grades, { '3', '1', '4' }), 'grades logged: ' .. vim.inspect(grades))
end)

check('a grade the server cannot save leaves the prompt shown, to be graded again', function()
  -- A folder where the log goes: the server cannot append the grade.
  assert(os.rename(review_log, review_log .. '.kept'))
  vim.fn.mkdir(review_log, 'p')
  local errors = {}
  local notify = vim.notify
  vim.notify = function(message, level)
    if level == vim.log.levels.ERROR then
      table.insert(errors, message)
    end
  end
  local ok, err = pcall(function()
    vim.cmd('BooknotesReview Thinking')
    wait_for(5000, function()
      return review.session
    end, 'the review window')
    wait_for_text('Review 1 of', 'the first prompt')
    vim.api.nvim_feedkeys(' 3', 'x', false)
    wait_for(5000, function()
      return #errors > 0
    end, 'the error shown')
    expect(errors[1]:find('booknotes/review/grade', 1, true), vim.inspect(errors))
    expect(text():find('Review 1 of', 1, true) and text():find('1 again  2 hard', 1, true), text())
    -- Once the log can be written, the same key grades it.
    vim.fn.delete(review_log, 'd')
    assert(os.rename(review_log .. '.kept', review_log))
    vim.api.nvim_feedkeys('3', 'x', false)
    wait_for_text('Review 2 of', 'the next prompt after the grade was saved')
  end)
  vim.notify = notify
  review.finish()
  assert(ok, err)
end)
