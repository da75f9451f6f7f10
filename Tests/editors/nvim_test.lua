-- Neovim, headless, with editors/neovim loaded as init.lua does: checks what a user
-- sees on the library in BOOKNOTES_LIBRARY. Prints one line per check and
-- `N passed, M failed`; exits non-zero when a check fails.
local library = vim.env.BOOKNOTES_LIBRARY
local passed, failed = 0, 0

local function say(line)
  io.stdout:write(line .. '\n')
  io.stdout:flush()
end

local function check(name, body)
  local ok, err = xpcall(body, debug.traceback)
  if ok then
    passed = passed + 1
    say('ok - nvim: ' .. name)
  else
    failed = failed + 1
    say('not ok - nvim: ' .. name .. '\n  ' .. tostring(err):gsub('\n', '\n  '))
  end
end

local function expect(condition, message)
  if not condition then
    error(message, 2)
  end
end

--- Waits (at most `ms`) until `condition()` returns a truthy value, and returns it.
local function wait_for(ms, condition, what)
  local value
  vim.wait(ms, function()
    value = condition()
    return value ~= nil and value ~= false
  end, 20)
  expect(value ~= nil and value ~= false, 'timed out waiting for ' .. what)
  return value
end

local function client_of(bufnr)
  return vim.lsp.get_clients({ bufnr = bufnr, name = 'booknotes' })[1]
end

--- The 0-based row of the first line containing `text`, and the byte column of `text` in it.
local function find(bufnr, text)
  for row, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local col = line:find(text, 1, true)
    if col then
      return row - 1, col - 1
    end
  end
  error('no line contains ' .. text, 2)
end

--- The semantic-token highlight groups at a position, as Neovim draws them.
local function groups_at(bufnr, row, col)
  vim.cmd.redraw()
  local names = {}
  for _, mark in ipairs(vim.inspect_pos(bufnr, row, col).semantic_tokens) do
    table.insert(names, mark.opts.hl_group)
  end
  return names
end

local function has_group(bufnr, row, col, group)
  return vim.tbl_contains(groups_at(bufnr, row, col), group)
end

local function diagnostic(bufnr, code)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == code then
      return d
    end
  end
end

--- The character offset of byte column `col` of `line`, in the client's encoding.
local function character(client, line, col)
  return vim.str_utfindex(line:sub(1, col), client.offset_encoding)
end

local function completion(bufnr, client, row, col)
  local line = vim.api.nvim_buf_get_lines(bufnr, row, row + 1, false)[1]
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = row, character = character(client, line, col) },
  }
  local answers = vim.lsp.buf_request_sync(bufnr, 'textDocument/completion', params, 5000) or {}
  local answer = answers[client.id] or {}
  expect(answer.err == nil, 'completion failed: ' .. vim.inspect(answer.err))
  local result = answer.result or {}
  return result.items or result
end

local thinking_path = library .. '/thinking.md'
vim.cmd.edit(vim.fn.fnameescape(thinking_path))
local note = vim.api.nvim_get_current_buf()
local client

check('the client attaches to a note in a notes folder, rooted at it', function()
  client = wait_for(10000, function()
    return client_of(note)
  end, 'the booknotes client')
  expect(client.root_dir == library, 'root_dir is ' .. tostring(client.root_dir))
  wait_for(10000, function()
    return client.initialized
  end, 'initialize')
end)
if not client then
  say(passed .. ' passed, ' .. (failed + 1) .. ' failed')
  vim.cmd('cquit 1')
end

check('every token type and modifier of the legend has a highlight', function()
  local legend = client.server_capabilities.semanticTokensProvider.legend
  for _, type in ipairs(legend.tokenTypes) do
    local hl = vim.api.nvim_get_hl(0, { name = '@lsp.type.' .. type .. '.markdown', link = false })
    expect(next(hl) ~= nil, 'no highlight for token type ' .. type)
  end
  for _, modifier in ipairs(legend.tokenModifiers) do
    local name = modifier == 'invalid' and '@lsp.mod.invalid.markdown'
      or '@lsp.typemod.heading.' .. modifier .. '.markdown'
    local hl = vim.api.nvim_get_hl(0, { name = name, link = false })
    expect(next(hl) ~= nil, 'no highlight for modifier ' .. modifier)
  end
end)

check('a cloze answer, a hashtag after an emoji and a Q: line are highlighted', function()
  local row, col = find(note, '(slow)')
  wait_for(10000, function()
    return has_group(note, row, col + 1, '@lsp.type.clozeAnswer.markdown')
  end, 'the cloze answer highlight')
  expect(has_group(note, row, col - 2, '@lsp.type.clozeHint.markdown'), 'the hint is not a clozeHint')
  local hrow, hcol = find(note, '#psychology')
  expect(has_group(note, hrow, hcol, '@lsp.type.hashtag.markdown'), 'the # is not a hashtag')
  expect(has_group(note, hrow, hcol + #'#psychology' - 1, '@lsp.type.hashtag.markdown'), 'the tag ends early')
  expect(not has_group(note, hrow, hcol - 1, '@lsp.type.hashtag.markdown'), 'the hashtag starts early')
  local qrow, qcol = find(note, 'What does System 1 do?')
  expect(has_group(note, qrow, qcol + 5, '@lsp.type.question.markdown'), 'the question is not highlighted')
  expect(has_group(note, qrow, 0, '@lsp.type.marker.markdown'), 'Q: is not a marker')
  local arow, acol = find(note, 'It runs automatically.')
  expect(has_group(note, arow, acol + 3, '@lsp.type.answer.markdown'), 'the answer is not highlighted')
end)

--- What a group looks like once its links are followed.
local function look(type)
  local hl = vim.api.nvim_get_hl(0, { name = '@lsp.type.' .. type .. '.markdown', link = false })
  local parts = {}
  for _, key in ipairs({ 'fg', 'bg', 'sp', 'bold', 'italic', 'underline', 'undercurl', 'reverse', 'strikethrough' }) do
    table.insert(parts, key .. '=' .. tostring(hl[key]))
  end
  return table.concat(parts, ' ')
end

for _, scheme in ipairs({ 'default', 'habamax' }) do
  check('cloze answer, question, answer, hashtag and heading look different in ' .. scheme, function()
    vim.cmd.colorscheme(scheme)
    local seen = {}
    for _, type in ipairs({ 'clozeAnswer', 'question', 'answer', 'hashtag', 'heading' }) do
      local looks = look(type)
      expect(not looks:match('^fg=nil bg=nil sp=nil bold=nil italic=nil'), type .. ' has no colour: ' .. looks)
      expect(seen[looks] == nil, type .. ' looks like ' .. tostring(seen[looks]) .. ': ' .. looks)
      seen[looks] = type
    end
  end)
  check('a quote, a question and a summary have different colours in ' .. scheme, function()
    vim.cmd.colorscheme(scheme)
    local seen = {}
    for _, type in ipairs({ 'quote', 'question', 'summary' }) do
      local fg = vim.api.nvim_get_hl(0, { name = '@lsp.type.' .. type .. '.markdown', link = false }).fg
      expect(fg ~= nil, type .. ' has no colour')
      expect(seen[fg] == nil, type .. ' has the colour of ' .. tostring(seen[fg]) .. string.format(': #%06x', fg))
      seen[fg] = type
    end
  end)
end
vim.cmd.colorscheme('default')

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

check('the outline lists the chapters and jumps to one', function()
  vim.fn.setloclist(0, {})
  local window = vim.api.nvim_get_current_win()
  vim.lsp.buf.document_symbol()
  local items = wait_for(5000, function()
    local list = vim.fn.getloclist(window)
    return #list > 0 and list
  end, 'the outline in the location list')
  local index
  local texts = {}
  for i, item in ipairs(items) do
    table.insert(texts, item.text)
    if item.text:find('Part Two: Heuristics', 1, true) then
      index = i
    end
  end
  expect(vim.tbl_contains(texts, '[Module] Part One: Two Systems'), 'outline: ' .. vim.inspect(texts))
  expect(index, 'Part Two is not in the outline: ' .. vim.inspect(texts))
  vim.api.nvim_set_current_win(window)
  vim.api.nvim_win_set_cursor(window, { 1, 0 })
  vim.cmd('ll ' .. index)
  local row = find(note, '## Part Two: Heuristics')
  local cursor = vim.api.nvim_win_get_cursor(0)
  expect(vim.api.nvim_get_current_buf() == note, 'the jump left the note')
  expect(cursor[1] == row + 1, 'the cursor is on line ' .. cursor[1] .. ', the chapter on ' .. (row + 1))
  vim.cmd('lclose')
end)

check('workspace symbols find a heading in another note', function()
  local found
  vim.lsp.buf.workspace_symbol('Memory Palace', {
    on_list = function(list)
      found = list.items
    end,
  })
  wait_for(5000, function()
    return found
  end, 'workspace symbols')
  local hit
  for _, item in ipairs(found) do
    if item.text:find('Memory Palace Techniques', 1, true) then
      hit = item
    end
  end
  expect(hit, 'no Memory Palace heading: ' .. vim.inspect(found))
  expect(hit.filename == library .. '/memory.md', 'in ' .. hit.filename)
  expect(hit.lnum == 9, 'on line ' .. hit.lnum)
end)

check('typing [[ offers a note by title and writes its name', function()
  local last = vim.api.nvim_buf_line_count(note)
  vim.api.nvim_buf_set_lines(note, last, last, false, { 'Link [[moon' })
  local item = wait_for(10000, function()
    for _, candidate in ipairs(completion(note, client, last, #'Link [[moon')) do
      if candidate.label == 'Moonwalking with Einstein' then
        return candidate
      end
    end
  end, 'Moonwalking with Einstein after [[')
  vim.lsp.util.apply_text_edits({ item.textEdit }, note, client.offset_encoding)
  local line = vim.api.nvim_buf_get_lines(note, last, last + 1, false)[1]
  expect(line == 'Link [[memory]]', 'after the edit the line is ' .. line)
  vim.api.nvim_buf_set_lines(note, last, last + 1, false, {})
end)

check('gd on a wiki link opens its note at the heading', function()
  vim.cmd.edit(vim.fn.fnameescape(library .. '/memory.md'))
  local memory = vim.api.nvim_get_current_buf()
  wait_for(10000, function()
    return client_of(memory)
  end, 'the client on memory.md')
  local row, col = find(memory, '[[thinking#Part Two')
  vim.api.nvim_win_set_cursor(0, { row + 1, col + 4 })
  expect(vim.fn.maparg('gd', 'n', false, true).buffer == 1, 'gd is not mapped in the note')
  vim.cmd('normal gd')
  local heading = find(note, '## Part Two: Heuristics')
  wait_for(5000, function()
    return vim.api.nvim_get_current_buf() == note and vim.api.nvim_win_get_cursor(0)[1] == heading + 1
  end, 'the jump to Part Two in thinking.md')
end)

check('references on a note\'s title list the notes linking to it', function()
  vim.api.nvim_set_current_buf(note)
  vim.api.nvim_win_set_cursor(0, { 2, 9 })
  local found
  vim.lsp.buf.references(nil, {
    on_list = function(list)
      found = list.items
    end,
  })
  wait_for(5000, function()
    return found
  end, 'the references')
  local files = {}
  for _, item in ipairs(found) do
    table.insert(files, item.filename)
  end
  expect(vim.tbl_contains(files, library .. '/memory.md'), 'references: ' .. vim.inspect(files))
end)

check('the code lens on the title shows the notes linking here in the quickfix list', function()
  vim.api.nvim_set_current_buf(note)
  local lenses = wait_for(5000, function()
    local answers = vim.lsp.buf_request_sync(note, 'textDocument/codeLens', {
      textDocument = { uri = vim.uri_from_bufnr(note) },
    }, 5000) or {}
    local answer = answers[client.id] or {}
    return answer.result and #answer.result > 0 and answer.result
  end, 'the code lens')
  local command = lenses[1].command
  expect(command.title == '1 note links here', 'the lens says ' .. command.title)
  vim.fn.setqflist({})
  vim.lsp.commands[command.command](command, { client_id = client.id, bufnr = note })
  local items = wait_for(5000, function()
    local list = vim.fn.getqflist()
    return #list > 0 and list
  end, 'the backlinks in the quickfix list')
  expect(vim.api.nvim_buf_get_name(items[1].bufnr) == library .. '/memory.md', 'quickfix: ' .. vim.inspect(items))
  vim.cmd('cclose')
  vim.api.nvim_set_current_buf(note)
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

check(':BooknotesSearch fills the quickfix list', function()
  vim.fn.setqflist({}, 'r')
  vim.cmd('BooknotesSearch Simonides')
  local items = wait_for(5000, function()
    local list = vim.fn.getqflist()
    return #list > 0 and list
  end, 'search results')
  local first = items[1]
  expect(vim.api.nvim_buf_get_name(first.bufnr) == library .. '/memory.md', 'first hit elsewhere')
  expect(first.lnum == 14, 'hit on line ' .. first.lnum)
  expect(first.text:find('Simonides', 1, true), 'text: ' .. first.text)
  vim.cmd('cclose')
end)

check(':BooknotesBooks lists the reading list', function()
  vim.fn.setqflist({}, 'r')
  vim.cmd('BooknotesBooks reading')
  local items = wait_for(5000, function()
    local list = vim.fn.getqflist()
    return #list > 0 and list
  end, 'the reading list')
  expect(#items == 1, #items .. ' books reading')
  expect(items[1].text == 'Moonwalking with Einstein — Joshua Foer [reading]', 'text: ' .. items[1].text)
  vim.cmd('cclose')
end)

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

check('a Markdown file outside a notes folder gets no server', function()
  vim.cmd.edit(vim.fn.fnameescape(vim.env.BOOKNOTES_PROJECT .. '/README.md'))
  local buffer = vim.api.nvim_get_current_buf()
  expect(vim.bo[buffer].filetype == 'markdown', 'filetype ' .. vim.bo[buffer].filetype)
  vim.wait(1000, function()
    return client_of(buffer) ~= nil
  end, 50)
  expect(client_of(buffer) == nil, 'booknotes attached to a code project README')
  expect(vim.wo.foldexpr ~= 'v:lua.vim.lsp.foldexpr()', 'the README got the notes\' folds')
end)

check('a folder listed in setup() is a notes folder', function()
  vim.cmd.edit(vim.fn.fnameescape(vim.env.BOOKNOTES_LISTED .. '/reading.md'))
  local buffer = vim.api.nvim_get_current_buf()
  local listed = wait_for(10000, function()
    return client_of(buffer)
  end, 'the client in the listed folder')
  expect(listed.root_dir == vim.env.BOOKNOTES_LISTED, 'root_dir is ' .. tostring(listed.root_dir))
end)

say(passed .. ' passed, ' .. failed .. ' failed')
for _, c in ipairs(vim.lsp.get_clients()) do
  c:stop(true)
end
vim.cmd('cquit ' .. (failed > 0 and 1 or 0))
