-- Moving between notes: the outline, workspace symbols, wiki-link completion, gd,
-- references and the backlinks code lens.
local t = ...
local check, expect, wait_for, find = t.check, t.expect, t.wait_for, t.find
local completion, client_of = t.completion, t.client_of
local note, client, library = t.note, t.client, t.library

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
