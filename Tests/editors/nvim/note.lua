-- What a note's buffer gets as it is edited: diagnostics and their quick fix, virtual
-- text, folds, tag completion, highlights and diagnostics kept current.
local t = ...
local check, expect, wait_for, find = t.check, t.expect, t.wait_for, t.find
local has_group, diagnostic, completion = t.has_group, t.diagnostic, t.completion
local note, client, library = t.note, t.client, t.library

check('a malformed cloze gets its diagnostic and its quick fix applies', function()
  local d = wait_for(10000, function()
    return diagnostic(note, 'cloze-missing-answer')
  end, 'the cloze-missing-answer diagnostic')
  local row = find(note, '?[estimate]')
  expect(d.lnum == row, 'diagnostic on line ' .. d.lnum .. ', expected ' .. row)
  vim.api.nvim_win_set_cursor(0, { row + 1, 0 })
  vim.lsp.buf.code_action({
    apply = true,
    filter = function(action)
      return action.kind == 'quickfix'
    end,
  })
  wait_for(5000, function()
    return vim.api.nvim_buf_get_lines(note, row, row + 1, false)[1]:find('?[estimate]()', 1, true)
  end, 'the fix to insert ()')
  wait_for(5000, function()
    return diagnostic(note, 'cloze-missing-answer') == nil
  end, 'the diagnostic to go')
  -- The fix puts the cursor between the parentheses, ready to type the answer.
  local cursor = wait_for(5000, function()
    local position = vim.api.nvim_win_get_cursor(0)
    local line = vim.api.nvim_get_current_line()
    return position[1] == row + 1 and line:sub(position[2], position[2] + 1) == '()' and position
  end, 'the cursor inside ()')
  expect(cursor ~= nil, 'cursor')
end)

check('diagnostics show as virtual text in notes, and only there', function()
  local d = wait_for(10000, function()
    return diagnostic(note, 'cloze-missing-answer') or diagnostic(note, 'qa-missing-answer')
      or vim.diagnostic.get(note)[1]
  end, 'a diagnostic')
  expect(not vim.diagnostic.config().virtual_text, 'virtual text was turned on for every namespace')
  local ns = vim.diagnostic.get_namespace(d.namespace)
  local virt_ns = ns.user_data.virt_text_ns
  local shown = wait_for(5000, function()
    for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(note, virt_ns or -1, 0, -1, { details = true })) do
      for _, chunk in ipairs(mark[4].virt_text or {}) do
        if chunk[1]:find(d.message, 1, true) then
          return mark
        end
      end
    end
  end, 'the diagnostic drawn as virtual text')
  expect(shown[2] == d.lnum, 'virtual text on line ' .. shown[2] .. ', the diagnostic on ' .. d.lnum)
end)

check('a note folds by the server\'s folding ranges, all open at first', function()
  local win = vim.fn.bufwinid(note)
  expect(vim.wo[win].foldmethod == 'expr', 'foldmethod is ' .. vim.wo[win].foldmethod)
  expect(vim.wo[win].foldexpr == 'v:lua.vim.lsp.foldexpr()', 'foldexpr is ' .. vim.wo[win].foldexpr)
  local row = find(note, 'What does System 1 do?')
  -- Inside the chapter "Part One" under the book's heading: two levels deep.
  wait_for(5000, function()
    return vim.api.nvim_win_call(win, function()
      return vim.fn.foldlevel(row + 1) >= 2
    end)
  end, 'the folds of the chapter')
  vim.api.nvim_win_call(win, function()
    expect(vim.fn.foldclosed(row + 1) == -1, 'the chapter starts folded')
    local chapter = find(note, '## Part One')
    vim.cmd((chapter + 1) .. 'foldclose')
    expect(vim.fn.foldclosed(row + 1) == chapter + 1, 'zc did not fold the chapter')
    vim.cmd('silent! %foldopen!')
  end)
end)

check('typing #bo offers a tag used only in an unopened note', function()
  local last = vim.api.nvim_buf_line_count(note)
  vim.api.nvim_buf_set_lines(note, last, last, false, { '', 'See #bo' })
  local row = last + 1
  local items = wait_for(10000, function()
    local found
    for _, item in ipairs(completion(note, client, row, #'See #bo')) do
      if item.label == '#bookclub' then
        found = item
      end
    end
    return found
  end, '#bookclub in the completion list')
  vim.lsp.util.apply_text_edits({ items.textEdit }, note, client.offset_encoding)
  local line = vim.api.nvim_buf_get_lines(note, row, row + 1, false)[1]
  expect(line == 'See #bookclub', 'after the edit the line is ' .. line)
end)

check('an incremental edit updates highlights and diagnostics', function()
  local row = find(note, 'See #bookclub')
  -- A question without its answer: a Q: marker flagged invalid, and a diagnostic.
  vim.api.nvim_buf_set_text(note, row, 0, row, 0, { 'Q: Is this new?', '' })
  wait_for(5000, function()
    return diagnostic(note, 'qa-missing-answer')
  end, 'qa-missing-answer after typing a question')
  wait_for(5000, function()
    return has_group(note, row, 0, '@lsp.mod.invalid.markdown')
  end, 'the lone Q: marked invalid')
  expect(not has_group(note, row, 5, '@lsp.type.question.markdown'), 'a question without an answer')
  -- Its answer, with a cloze in it, on the next line.
  vim.api.nvim_buf_set_text(note, row + 1, 0, row + 1, 0, { 'A: It is ?[new](yes).' })
  wait_for(5000, function()
    return diagnostic(note, 'qa-missing-answer') == nil
  end, 'the diagnostic gone after the answer')
  wait_for(5000, function()
    return has_group(note, row, 5, '@lsp.type.question.markdown')
  end, 'the new question highlighted')
  expect(not has_group(note, row, 0, '@lsp.mod.invalid.markdown'), 'Q: still marked invalid')
  local line = vim.api.nvim_buf_get_lines(note, row + 1, row + 2, false)[1]
  local col = line:find('yes', 1, true) - 1
  expect(has_group(note, row + 1, col, '@lsp.type.clozeAnswer.markdown'), 'the new cloze answer')
end)

check('a link warning goes without typing once its note appears on disk', function()
  -- Neovim pulls diagnostics but cannot be asked to pull again: the server pushes them,
  -- so a warning the library makes wrong is replaced without a keystroke.
  local last = vim.api.nvim_buf_line_count(note)
  vim.api.nvim_buf_set_lines(note, last, last, false, { 'See [later](appears-later.md).' })
  wait_for(5000, function()
    return diagnostic(note, 'link-missing-note')
  end, 'link-missing-note for a note not yet written')
  local file = assert(io.open(library .. '/appears-later.md', 'w'))
  file:write('# Appears later\n')
  file:close()
  wait_for(8000, function()
    return diagnostic(note, 'link-missing-note') == nil
  end, 'the warning gone after the note appeared, with nothing typed')
  vim.api.nvim_buf_set_lines(note, last, last + 1, false, {})
end)

check('the missing-answer fix adds A: after the last line of a two-line question', function()
  local last = vim.api.nvim_buf_line_count(note)
  vim.api.nvim_buf_set_lines(note, last, last, false, { '', 'Q: Which system is', 'slow and lazy?' })
  local row = last + 1
  wait_for(5000, function()
    local d = diagnostic(note, 'qa-missing-answer')
    return d and d.lnum == row
  end, 'qa-missing-answer on the question')
  -- The cursor on the question's second line, as a reader who just typed it.
  vim.api.nvim_win_set_cursor(0, { row + 2, 3 })
  vim.lsp.buf.code_action({
    apply = true,
    filter = function(action)
      return action.title == "Add an 'A: ' line"
    end,
  })
  local expected = { 'Q: Which system is', 'slow and lazy?', 'A: ' }
  local found = vim.wait(5000, function()
    return vim.deep_equal(vim.api.nvim_buf_get_lines(note, row, -1, false), expected)
  end, 20)
  expect(found, 'the question and its answer: ' .. vim.inspect(vim.api.nvim_buf_get_lines(note, row, -1, false)))
  wait_for(5000, function()
    return diagnostic(note, 'qa-missing-answer') == nil
  end, 'the diagnostic to go')
  vim.api.nvim_buf_set_lines(note, last, -1, false, {})
end)
