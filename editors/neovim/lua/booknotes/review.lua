-- A review session in a floating window: the prompts `booknotes/review/due` gives,
-- one at a time. <Space> or <CR> shows the answer, 1–4 grade it (again, hard, good,
-- easy; each grade goes to the server, which appends it to .booknotes/reviews.tsv),
-- e shows the note's path and line, q quits. A prompt graded into a learning step
-- that falls due within the session (the grade's answer has `comesBackIn`) comes
-- back, as in `booknotes review`: once that step is due, else once the others are done.
local M = {}

local questions = { quote = 'Quote: which book, who said it?', cloze = 'Cloze: what is hidden?', qa = 'Question' }

--- The session under way, if any: { client, items, next, returning, item, back, numbers,
--- count, reviewed, graded, revealed, location, buf, win, shown, done }. `items` are the
--- prompts picked, `next` the index of the first not shown yet; `returning` the prompts
--- coming back ({ item, due }, `due` on the `vim.uv.now()` clock), in the order graded;
--- `item` the prompt shown, `back` whether it came back; `numbers` each prompt's place
--- in the session by id (`count` of them); `graded` how many prompts were graded at
--- least once (`reviewed`, by id).
M.session = nil

--- The next prompt of the session and whether it comes back, or nil when none is
--- left: a returning prompt whose step is due (the earliest), else the next picked
--- one, else the earliest returning one.
local function take_next(s)
  local now = vim.uv.now()
  local earliest
  for index, entry in ipairs(s.returning) do
    if not earliest or entry.due < s.returning[earliest].due then
      earliest = index
    end
  end
  if earliest and (s.returning[earliest].due <= now or s.next > #s.items) then
    return table.remove(s.returning, earliest).item, true
  end
  if s.next > #s.items then
    return nil
  end
  s.next = s.next + 1
  return s.items[s.next - 1], false
end

local function render()
  local s = M.session
  local item = s.item
  local back = s.back and ' (back)' or ''
  local header = ('Review %d of %d%s · %s'):format(s.numbers[item.id], #s.items, back, item.state)
  if type(item.book) == 'string' then
    header = header .. ' · ' .. item.book
  end
  local lines = { header, '', questions[item.kind] or item.kind, '', '  ' .. item.front, '' }
  if s.revealed then
    vim.list_extend(lines, { '  ' .. string.rep('─', 20), '', '  ' .. item.back, '' })
    table.insert(lines, '1 again  2 hard  3 good  4 easy   e where  q quit')
  else
    table.insert(lines, 'space show answer   e where  q quit')
  end
  if s.location then
    table.insert(lines, s.location)
  end
  vim.bo[s.buf].modifiable = true
  vim.api.nvim_buf_set_lines(s.buf, 0, -1, false, lines)
  vim.bo[s.buf].modifiable = false
end

--- Ends the session: closes the window and says how many prompts were graded.
function M.finish()
  local s = M.session
  if not s then
    return
  end
  M.session = nil
  if vim.api.nvim_win_is_valid(s.win) then
    vim.api.nvim_win_close(s.win, true)
  end
  vim.notify(('booknotes: reviewed %d of %d prompts'):format(s.graded, #s.items))
  if s.done then
    s.done(s.graded)
  end
end

local function next_prompt()
  local s = M.session
  local item, back = take_next(s)
  if not item then
    return M.finish()
  end
  if not s.numbers[item.id] then
    s.count = s.count + 1
    s.numbers[item.id] = s.count
  end
  s.item, s.back, s.revealed, s.location, s.shown = item, back, false, nil, vim.uv.now()
  render()
end

local function grade(value)
  local s = M.session
  if not s or not s.revealed or s.grading then
    return
  end
  s.grading = true
  local item = s.item
  local seconds = math.floor((vim.uv.now() - s.shown) / 1000)
  require('booknotes').request(
    s.client,
    'booknotes/review/grade',
    { id = item.id, grade = value, seconds = seconds },
    function(result)
      s.grading = false
      if not s.reviewed[item.id] then
        s.reviewed[item.id] = true
        s.graded = s.graded + 1
      end
      if type(result) == 'table' and type(result.comesBackIn) == 'number' then
        item.state = result.state
        table.insert(s.returning, { item = item, due = vim.uv.now() + result.comesBackIn * 1000 })
      end
      if M.session == s then
        next_prompt()
      end
    end,
    -- Not saved (the server said why): the prompt stays, to be graded again.
    function()
      s.grading = false
    end
  )
end

--- Starts a session with the prompts due (of the book whose title has `opts.book`,
--- or the notes tagged `opts.tag`); `opts.done(graded)` is called at its end.
---@param opts? { book?: string, tag?: string, limit?: integer, done?: fun(graded: integer) }
function M.start(opts)
  opts = opts or {}
  local booknotes = require('booknotes')
  local client = booknotes.client()
  if not client then
    vim.notify('booknotes: no server running (open a note in a notes folder)', vim.log.levels.WARN)
    return
  end
  local params = vim.empty_dict()
  for _, key in ipairs({ 'book', 'tag', 'limit' }) do
    if opts[key] and opts[key] ~= '' then
      params[key] = opts[key]
    end
  end
  booknotes.request(client, 'booknotes/review/due', params, function(items)
    if not items or #items == 0 then
      vim.notify('booknotes: nothing to review')
      if opts.done then
        opts.done(0)
      end
      return
    end
    M.finish()
    local buf = vim.api.nvim_create_buf(false, true)
    vim.bo[buf].bufhidden = 'wipe'
    local width = math.min(80, vim.o.columns - 4)
    local height = math.min(20, vim.o.lines - 4)
    local win = vim.api.nvim_open_win(buf, true, {
      relative = 'editor',
      width = width,
      height = height,
      row = math.floor((vim.o.lines - height) / 2),
      col = math.floor((vim.o.columns - width) / 2),
      style = 'minimal',
      border = 'rounded',
      title = ' BookNotes review ',
    })
    vim.wo[win].wrap = true
    vim.wo[win].linebreak = true
    M.session = {
      client = client,
      items = items,
      next = 1,
      returning = {},
      numbers = {},
      count = 0,
      reviewed = {},
      graded = 0,
      buf = buf,
      win = win,
      done = opts.done,
    }
    local function reveal()
      if M.session then
        M.session.revealed = true
        render()
      end
    end
    local function map(lhs, rhs)
      vim.keymap.set('n', lhs, rhs, { buffer = buf, nowait = true, silent = true })
    end
    map('<Space>', reveal)
    map('<CR>', reveal)
    for value = 1, 4 do
      map(tostring(value), function()
        grade(value)
      end)
    end
    map('e', function()
      local s = M.session
      local item = s.item
      s.location = ('%s:%d'):format(vim.uri_to_fname(item.uri), item.range.start.line + 1)
      render()
    end)
    map('q', M.finish)
    next_prompt()
  end)
end

return M
