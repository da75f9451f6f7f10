-- Review: the title's code lens and :BooknotesReview in its floating window.
local t = ...
local check, expect, wait_for, client_of = t.check, t.expect, t.wait_for, t.client_of
local library = t.library

check('the title\'s code lens counts the prompts and :BooknotesReview grades one', function()
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
  local review = require('booknotes.review')
  vim.cmd('BooknotesReview Moonwalking')
  local session = wait_for(5000, function()
    return review.session
  end, 'the review window')
  expect(vim.api.nvim_get_current_win() == session.win, 'the review window has no focus')
  expect(vim.api.nvim_win_get_config(session.win).relative == 'editor', 'the review window is not floating')
  local function text()
    return table.concat(vim.api.nvim_buf_get_lines(session.buf, 0, -1, false), '\n')
  end
  expect(text():find('Review 1 of 1 · new · Moonwalking with Einstein', 1, true), text())
  expect(text():find('Who built the first memory palace?', 1, true), text())
  expect(not text():find('Simonides', 1, true), 'the answer shows before it is asked for')
  vim.api.nvim_feedkeys('3', 'x', false)
  expect(review.session ~= nil, 'a grade before the answer ended the session')
  vim.api.nvim_feedkeys(' ', 'x', false)
  expect(text():find('Simonides of Ceos.', 1, true), text())
  vim.api.nvim_feedkeys('e', 'x', false)
  expect(text():find(library .. '/memory.md:13', 1, true), text())
  vim.api.nvim_feedkeys('3', 'x', false)
  wait_for(5000, function()
    return review.session == nil
  end, 'the end of the session')
  local log = library .. '/.booknotes/reviews.tsv'
  local lines = wait_for(5000, function()
    return vim.fn.filereadable(log) == 1 and vim.fn.readfile(log)
  end, 'the review log')
  expect(#lines == 1 and lines[1]:match('^%d%d%d%d%-%d%d%-%d%dT%d%d:%d%d:%d%dZ\t%x+\t3\t%d+$'), vim.inspect(lines))
end)
