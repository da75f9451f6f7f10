-- What the Neovim checks share: running a check and counting it, waiting, finding
-- text, reading highlights, diagnostics and completions. `nvim_test.lua` loads it and
-- sets `note` (thinking.md's buffer) and `client` (its booknotes client) on it; each
-- feature file gets it as its argument.
local t = { library = vim.env.BOOKNOTES_LIBRARY, passed = 0, failed = 0 }

function t.say(line)
  io.stdout:write(line .. '\n')
  io.stdout:flush()
end

function t.check(name, body)
  local ok, err = xpcall(body, debug.traceback)
  if ok then
    t.passed = t.passed + 1
    t.say('ok - nvim: ' .. name)
  else
    t.failed = t.failed + 1
    t.say('not ok - nvim: ' .. name .. '\n  ' .. tostring(err):gsub('\n', '\n  '))
  end
end

function t.expect(condition, message)
  if not condition then
    error(message, 2)
  end
end

--- Waits (at most `ms`) until `condition()` returns a truthy value, and returns it.
function t.wait_for(ms, condition, what)
  local value
  vim.wait(ms, function()
    value = condition()
    return value ~= nil and value ~= false
  end, 20)
  t.expect(value ~= nil and value ~= false, 'timed out waiting for ' .. what)
  return value
end

function t.client_of(bufnr)
  return vim.lsp.get_clients({ bufnr = bufnr, name = 'booknotes' })[1]
end

--- Opens `path` and waits for the booknotes client on it; its buffer.
function t.open(path)
  vim.cmd.edit(vim.fn.fnameescape(path))
  local buffer = vim.api.nvim_get_current_buf()
  t.wait_for(10000, function()
    return t.client_of(buffer)
  end, 'the client on ' .. path)
  return buffer
end

--- The 0-based row of the first line containing `text`, and the byte column of `text` in it.
function t.find(bufnr, text)
  for row, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local col = line:find(text, 1, true)
    if col then
      return row - 1, col - 1
    end
  end
  error('no line contains ' .. text, 2)
end

--- The semantic-token highlight groups at a position, as Neovim draws them.
function t.groups_at(bufnr, row, col)
  vim.cmd.redraw()
  local names = {}
  for _, mark in ipairs(vim.inspect_pos(bufnr, row, col).semantic_tokens) do
    table.insert(names, mark.opts.hl_group)
  end
  return names
end

function t.has_group(bufnr, row, col, group)
  return vim.tbl_contains(t.groups_at(bufnr, row, col), group)
end

function t.diagnostic(bufnr, code)
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

function t.completion(bufnr, client, row, col)
  local line = vim.api.nvim_buf_get_lines(bufnr, row, row + 1, false)[1]
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = row, character = character(client, line, col) },
  }
  local answers = vim.lsp.buf_request_sync(bufnr, 'textDocument/completion', params, 5000) or {}
  local answer = answers[client.id] or {}
  t.expect(answer.err == nil, 'completion failed: ' .. vim.inspect(answer.err))
  local result = answer.result or {}
  return result.items or result
end

--- Runs the checks of `Tests/editors/nvim/NAME.lua`, which gets this table.
function t.run(name)
  assert(loadfile(vim.env.BOOKNOTES_TESTS .. '/nvim/' .. name .. '.lua'))(t)
end

return t
