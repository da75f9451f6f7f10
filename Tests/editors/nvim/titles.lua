-- Book titles from the loopback Google Books: completion, and a title accepted as a
-- user does, which fills the front matter.
local t = ...
local check, expect, wait_for, completion, client_of = t.check, t.expect, t.wait_for, t.completion, t.client_of
local client, library = t.client, t.library

check('completion at title: Jav offers a title from Google Books', function()
  vim.cmd.edit(vim.fn.fnameescape(library .. '/new.md'))
  local buffer = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_set_lines(buffer, 0, -1, false, { '---', 'title: Jav', '---', '' })
  wait_for(10000, function()
    return client_of(buffer)
  end, 'the client on the new note')
  local item = wait_for(15000, function()
    for _, candidate in ipairs(completion(buffer, client, 1, #'title: Jav')) do
      if candidate.label == 'Effective Java' then
        return candidate
      end
    end
  end, 'Effective Java in the completion list')
  expect(item.textEdit.newText == 'Effective Java', 'inserts ' .. item.textEdit.newText)
end)

--- Accepts a completion item as a user does: Insert mode at the end of line `row`
--- (0-based), <C-x><C-o> (vim.lsp.omnifunc), <C-n> to the item labelled `label`,
--- <C-y>. The completion module's CompleteDone handler then applies the item's
--- edits. Asks again (<C-e>, <C-x><C-o>) while the item is missing; gives up after
--- `ms`. Returns an error message, or nil.
local function accept_completion(row, label, ms)
  local function keys(text)
    vim.api.nvim_feedkeys(vim.keycode(text), 'n', false)
  end
  local deadline = vim.uv.now() + ms
  local state = { step = 'ask' }
  local timer = assert(vim.uv.new_timer())
  timer:start(100, 100, vim.schedule_wrap(function()
    if state.step == 'done' then
      return
    elseif vim.uv.now() > deadline then
      state.err, state.step = 'timed out at step ' .. state.step .. ', items ' .. vim.inspect(state.seen), 'done'
      return keys('<C-e><Esc>')
    elseif vim.fn.mode() ~= 'i' then
      return
    end
    if state.step == 'ask' then
      state.step, state.asked = 'menu', vim.uv.now()
      keys('<C-x><C-o>')
    elseif state.step == 'menu' then
      local info = vim.fn.complete_info({ 'items', 'selected' })
      state.seen = vim.tbl_map(function(item)
        return item.abbr
      end, info.items)
      for index, item in ipairs(info.items) do
        if item.abbr == label then
          state.step = 'accepted'
          return keys(string.rep('<C-n>', index - 1 - info.selected) .. '<C-y>')
        end
      end
      if vim.uv.now() - state.asked > 1000 then
        state.step = 'ask'
        keys('<C-e>')
      end
    elseif state.step == 'accepted' then
      state.step = 'done'
      keys('<Esc>')
    end
  end))
  vim.api.nvim_win_set_cursor(0, { row + 1, 0 })
  -- 'x!' runs Insert mode here until the timer's <Esc>, handling events meanwhile.
  vim.fn.feedkeys('A', 'nx!')
  timer:stop()
  timer:close()
  return state.err
end

--- Runs Tests/editors/check_front_matter.py on `path`: nil when it is right, else why not.
local function front_matter_problem(path)
  local result = vim.system({ 'python3', vim.env.BOOKNOTES_TESTS .. '/check_front_matter.py', path }, { text = true })
    :wait(10000)
  if result.code ~= 0 then
    return (result.stdout or '') .. (result.stderr or '')
  end
end

check('accepting a Google Books title in a new note gives correct front matter', function()
  local path = library .. '/effective.md'
  vim.cmd.edit(vim.fn.fnameescape(path))
  local buffer = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_set_lines(buffer, 0, -1, false, { '---', 'title: Effective Ja', '---', '' })
  wait_for(10000, function()
    return client_of(buffer)
  end, 'the client on the new note')
  local err = accept_completion(1, 'Effective Java', 15000)
  expect(err == nil, 'completion: ' .. tostring(err))
  expect(vim.fn.mode() == 'n', 'still in mode ' .. vim.fn.mode())
  vim.cmd.write()
  local problem = front_matter_problem(path)
  expect(problem == nil, 'the saved note: ' .. tostring(problem))
end)
